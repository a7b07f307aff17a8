import { describe, expect, it } from "vitest";
import {
  initialPlayState,
  type PlayAction,
  type PlayState,
  playInterval,
  playRange,
  playReducer,
  speedLabel,
} from "./chart-play";

const run = (state: PlayState, ...actions: PlayAction[]) => actions.reduce(playReducer, state);
const tick = (total: number, more = false): PlayAction => ({ type: "tick", total, more });

describe("playReducer", () => {
  it("starts in normal mode", () => {
    expect(initialPlayState).toEqual({ mode: "normal", playing: false, speed: 2, cursor: 0 });
  });

  it("switches to play at 2 candles per tick on the first press", () => {
    const s = run(initialPlayState, { type: "fastForward" }, { type: "toggle" });
    expect(s).toEqual({ mode: "play", playing: true, speed: 2, cursor: 0 });
    expect(run(s, tick(100)).cursor).toBe(2);
    expect(run(s, tick(100), tick(100)).cursor).toBe(4);
  });

  it("freezes while paused and resumes", () => {
    const paused = run(initialPlayState, { type: "toggle" }, tick(100), { type: "toggle" });
    expect(paused).toMatchObject({ mode: "play", playing: false, cursor: 2 });
    expect(run(paused, tick(100), tick(100))).toBe(paused);
    expect(run(paused, { type: "toggle" }, tick(100)).cursor).toBe(4);
  });

  it("toggles fast-forward between 2 and 4", () => {
    const s = run(initialPlayState, { type: "toggle" }, { type: "fastForward" });
    expect(s.speed).toBe(4);
    expect(run(s, tick(100)).cursor).toBe(4);
    expect(run(s, { type: "fastForward" }).speed).toBe(2);
  });

  it("does nothing on ticks in normal mode", () => {
    expect(run(initialPlayState, tick(100))).toBe(initialPlayState);
  });

  it("stops at the last candle and shows the whole series", () => {
    const s = run(initialPlayState, { type: "toggle" }, tick(5), tick(5));
    expect(s).toMatchObject({ mode: "play", playing: true, cursor: 4 });
    expect(run(s, tick(5))).toEqual({ mode: "normal", playing: false, speed: 2, cursor: 5 });
  });

  it("waits at the end while more candles are loading", () => {
    const s = run(initialPlayState, { type: "toggle" }, tick(4, true), tick(4, true), tick(4, true));
    expect(s).toMatchObject({ mode: "play", playing: true, cursor: 4 });
    expect(run(s, tick(10, true)).cursor).toBe(6);
  });

  it("starts a new run after the end", () => {
    const done = run(initialPlayState, { type: "toggle" }, tick(2));
    expect(done.mode).toBe("normal");
    expect(run(done, { type: "toggle" })).toEqual({ mode: "play", playing: true, speed: 2, cursor: 0 });
    expect(run(done, { type: "reset" })).toEqual(initialPlayState);
  });
});

describe("timing", () => {
  it("ticks every 500 ms divided by the speed", () => {
    expect(playInterval(2)).toBe(250);
    expect(playInterval(4)).toBe(125);
    expect(speedLabel(2)).toBe("1x");
    expect(speedLabel(4)).toBe("2x");
  });
  it("shows the window up to the cursor", () => {
    expect(playRange(100, 72)).toEqual({ from: 28, to: 100 });
  });
});
