import { describe, expect, it } from "vitest";
import { BarsBuilder, barsFromRows, toRows } from "./bars";
import type { Bars } from "./types";

const bar = (time: number, close: number, volume = 1) => ({
  time,
  open: close - 1,
  high: close + 2,
  low: close - 2,
  close,
  volume,
  spread: close % 3,
});

/** What BarsBuilder gives when every bar is pushed one by one (merged when its time equals the last). */
function oneByOne(parts: Bars[]): Bars {
  const b = new BarsBuilder(1);
  for (const p of parts)
    for (const r of toRows(p)) {
      if (b.lastTime() === r.time) b.mergeLast(r.high, r.low, r.close, r.volume ?? 0, r.spread ?? 0);
      else b.push(r.time, r.open, r.high, r.low, r.close, r.volume, r.spread);
    }
  return b.finish();
}

describe("BarsBuilder.appendIncreasing", () => {
  it("appends parts whole as pushing bar by bar would, merging a bar split across two parts", () => {
    const a = barsFromRows([bar(1, 10), bar(2, 11), bar(3, 12)]);
    const b = barsFromRows([bar(3, 20, 5), bar(4, 9), bar(7, 30)]); // time 3 continues a's last bar
    const c = barsFromRows([bar(9, 40)]);
    const built = new BarsBuilder(1);
    for (const p of [a, b, c]) expect(built.appendIncreasing(p)).toBe(true);
    const out = built.finish();
    expect(toRows(out)).toEqual(toRows(oneByOne([a, b, c])));
    expect(out.length).toBe(6);
    expect(out.volume[2]).toBe(6);
    expect(out.high[2]).toBe(22);
  });

  it("refuses a part whose times do not increase, appending nothing", () => {
    const built = new BarsBuilder(4);
    built.push(1, 1, 1, 1, 1, 1, 0);
    expect(built.appendIncreasing(barsFromRows([bar(5, 1), bar(5, 2)]))).toBe(false);
    expect(built.appendIncreasing(barsFromRows([bar(6, 1), bar(2, 2)]))).toBe(false);
    expect(built.length).toBe(1);
  });
});
