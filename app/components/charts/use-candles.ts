import { useCallback, useEffect, useRef, useState } from "react";
import {
  CANDLE_MESSAGES,
  type Candle,
  CandleError,
  candleFailureMessage,
  candlesUrl,
  mergeCandles,
  readCandles,
} from "../../utils/chart-candles";
import { type Edge, initialWindow, type TimeRange, weekToLoad } from "../../utils/chart-window";

export interface CandleSource {
  readonly url: string;
  readonly symbol?: string;
  readonly timeframe?: string;
  /** Backtest start and end, epoch seconds (null when unreadable). */
  readonly start: number | null;
  readonly end: number | null;
}

export interface CandlesState {
  readonly candles: readonly Candle[];
  /** The time range asked for so far (candles may not cover all of it: weekends). */
  readonly loaded: TimeRange | null;
  readonly loading: boolean;
  readonly error: string | null;
}

const EMPTY: CandlesState = { candles: [], loaded: null, loading: false, error: null };

/**
 * The candles of a backtest (spec 2 s9): the 14-day window first, then a week at a time on request.
 * A failed first load empties the chart and shows the message; a failed extra load is only logged
 * (spec 2 s8) and that side is not asked again, so a broken feed does not loop.
 */
export function useCandles(source: CandleSource) {
  const { url, symbol, timeframe, start, end } = source;
  const [state, setState] = useState<CandlesState>({ ...EMPTY, loading: true });
  const busy = useRef(false);
  const failed = useRef<Record<Edge, boolean>>({ before: false, after: false });
  const stateRef = useRef(state);
  stateRef.current = state;
  // Bumped per source, so an extra load that lands after the source changed is dropped.
  const generation = useRef(0);

  useEffect(() => {
    const abort = new AbortController();
    generation.current++;
    failed.current = { before: false, after: false };
    busy.current = true;
    async function load(): Promise<CandlesState> {
      if (!symbol || !timeframe || start === null || end === null) {
        throw new CandleError(CANDLE_MESSAGES.missingParameters);
      }
      const range = initialWindow(start, end);
      if (!range) return { ...EMPTY, error: CANDLE_MESSAGES.noData };
      const href = candlesUrl(url, { symbol, timeframe, start: range.from, end: range.to });
      const candles = await readCandles(await fetch(href, { signal: abort.signal }));
      if (candles.length === 0) return { ...EMPTY, loaded: range, error: CANDLE_MESSAGES.emptyPeriod };
      return { candles, loaded: range, loading: false, error: null };
    }
    setState({ ...EMPTY, loading: true });
    load()
      .then((next) => {
        if (!abort.signal.aborted) setState(next);
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ ...EMPTY, error: candleFailureMessage(e) });
      })
      .finally(() => {
        busy.current = false;
      });
    return () => abort.abort();
  }, [url, symbol, timeframe, start, end]);

  /** The next range on one side, or null when that side is done (backtest edge or a failed load). */
  const nextRange = useCallback(
    (edge: Edge): TimeRange | null => {
      const loaded = stateRef.current.loaded;
      if (!loaded || start === null || end === null || failed.current[edge]) return null;
      return weekToLoad(edge, loaded, { from: start, to: end });
    },
    [start, end],
  );

  const loadMore = useCallback(
    (edge: Edge) => {
      const range = nextRange(edge);
      if (busy.current || !range || stateRef.current.error) return;
      busy.current = true;
      const gen = generation.current;
      const href = candlesUrl(url, { symbol, timeframe, start: range.from, end: range.to });
      fetch(href)
        .then(readCandles)
        .then((more) => {
          if (gen !== generation.current) return;
          setState((s) => {
            if (!s.loaded) return s;
            const loaded = { from: Math.min(s.loaded.from, range.from), to: Math.max(s.loaded.to, range.to) };
            return { ...s, candles: more.length > 0 ? mergeCandles(s.candles, more) : s.candles, loaded };
          });
        })
        .catch((e: unknown) => {
          failed.current[edge] = true;
          console.error(CANDLE_MESSAGES.additionalFailed, e instanceof CandleError ? e.message : e);
        })
        .finally(() => {
          busy.current = false;
        });
    },
    [url, symbol, timeframe, nextRange],
  );

  /** Whether candles may still come after the loaded ones (play mode waits for them). */
  const hasMoreAfter = useCallback(() => busy.current || nextRange("after") !== null, [nextRange]);

  return { ...state, loadMore, hasMoreAfter };
}
