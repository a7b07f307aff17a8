/**
 * Play mode of the candle chart (spec 2 s4 "Chart mode", s9): candles appear a few at a time as if
 * the market were live. Pure reducer, so the timer in the component only dispatches ticks.
 */

export type PlaySpeed = 2 | 4;

export interface PlayState {
  readonly mode: "normal" | "play";
  readonly playing: boolean;
  /** Candles advanced per tick: 2 (shown as 1x) or 4 (2x). */
  readonly speed: PlaySpeed;
  /** How many candles are shown in play mode (the first `cursor` of the loaded ones). */
  readonly cursor: number;
}

export type PlayAction =
  | { readonly type: "toggle" }
  | { readonly type: "fastForward" }
  /** total: candles loaded; more: whether more may still load after them (a week is on its way). */
  | { readonly type: "tick"; readonly total: number; readonly more: boolean }
  | { readonly type: "reset" };

export const PLAY_START_SPEED: PlaySpeed = 2;
export const PLAY_BASE_INTERVAL_MS = 500;

export const initialPlayState: PlayState = {
  mode: "normal",
  playing: false,
  speed: PLAY_START_SPEED,
  cursor: 0,
};

export function playReducer(state: PlayState, action: PlayAction): PlayState {
  switch (action.type) {
    case "toggle":
      // The first press starts a new run from the first candle at 1x; later presses pause and resume.
      if (state.mode === "normal") return { mode: "play", playing: true, speed: PLAY_START_SPEED, cursor: 0 };
      return { ...state, playing: !state.playing };
    case "fastForward":
      return { ...state, speed: state.speed === 2 ? 4 : 2 };
    case "tick": {
      if (state.mode !== "play" || !state.playing) return state;
      const cursor = Math.min(state.cursor + state.speed, action.total);
      // At the last candle with nothing more to come the run ends and the whole series is shown.
      if (cursor >= action.total && !action.more) {
        return { mode: "normal", playing: false, speed: state.speed, cursor: action.total };
      }
      return cursor === state.cursor ? state : { ...state, cursor };
    }
    case "reset":
      return initialPlayState;
  }
}

/** Milliseconds between ticks: 500 divided by the speed. */
export function playInterval(speed: PlaySpeed): number {
  return PLAY_BASE_INTERVAL_MS / speed;
}

/** The label of the speed: 2 candles a tick is 1x. */
export function speedLabel(speed: PlaySpeed): string {
  return `${speed / PLAY_START_SPEED}x`;
}

/** The bar indexes shown while playing: the last `window` candles up to the cursor, with a bar of room. */
export function playRange(cursor: number, window: number): { from: number; to: number } {
  return { from: cursor - window, to: cursor };
}
