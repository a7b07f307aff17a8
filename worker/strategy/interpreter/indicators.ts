import type { Indicator } from "../spec";
import type { IndicatorMention, MaMethod } from "./facts";

// From a mention in the message to an indicator of the spec: fill missing parameters from the
// same message, then from the spec, then from the terminal defaults; name it by its parameters.

export const DEFAULTS = {
  rsi: 14,
  macd: [12, 26, 9] as const,
  bollinger: [20, 2] as const,
  stochastic: [5, 3, 3] as const,
  atr: 14,
  cci: 14,
  adx: 14,
  momentum: 14,
};

const PRICE: Record<string, AppliedPriceName> = {
  close: "CLOSE",
  open: "OPEN",
  high: "HIGH",
  low: "LOW",
  median: "MEDIAN",
  typical: "TYPICAL",
  weighted: "WEIGHTED",
};

export type AppliedPriceName = "CLOSE" | "OPEN" | "HIGH" | "LOW" | "MEDIAN" | "TYPICAL" | "WEIGHTED";

export function appliedPrice(p: string | null): AppliedPriceName {
  return p === null ? "CLOSE" : (PRICE[p] ?? "CLOSE");
}

const MA_KIND: Record<MaMethod, "SMA" | "EMA" | "SMMA" | "LWMA"> = {
  sma: "SMA",
  ema: "EMA",
  smma: "SMMA",
  lwma: "LWMA",
};

export function maKind(m: MaMethod): "SMA" | "EMA" | "SMMA" | "LWMA" {
  return MA_KIND[m];
}

export function isMa(ind: Indicator): ind is Extract<Indicator, { kind: "SMA" | "EMA" | "SMMA" | "LWMA" }> {
  return ind.kind === "SMA" || ind.kind === "EMA" || ind.kind === "SMMA" || ind.kind === "LWMA";
}

function fmt(n: number): string {
  return String(n).replace(".", "_");
}

/** A readable id derived from the parameters, so equal indicators share one entry. */
export function indicatorId(ind: Indicator): string {
  const p = "appliedPrice" in ind && ind.appliedPrice !== "CLOSE" ? `_${ind.appliedPrice.toLowerCase()}` : "";
  switch (ind.kind) {
    case "SMA":
    case "EMA":
    case "SMMA":
    case "LWMA":
      // An average of another indicator: "ema5_rsi2".
      return ind.source
        ? `${ind.kind.toLowerCase()}${ind.period}_${ind.source.ref}`
        : `${ind.kind.toLowerCase()}${ind.period}${p}`;
    case "RSI":
      return `rsi${ind.period}${p}`;
    case "MACD":
      return `macd${ind.fast}_${ind.slow}_${ind.signal}${p}`;
    case "BOLLINGER":
      return `bb${ind.period}_${fmt(ind.deviation)}${p}`;
    case "ATR":
      return `atr${ind.period}`;
    case "STOCHASTIC":
      return `stoch${ind.kPeriod}_${ind.dPeriod}_${ind.slowing}`;
    case "CCI":
      return `cci${ind.period}${ind.appliedPrice === "TYPICAL" ? "" : `_${ind.appliedPrice.toLowerCase()}`}`;
    case "ADX":
      return `adx${ind.period}`;
    case "MOMENTUM":
      return `mom${ind.period}${p}`;
    default:
      return `${ind.kind.toLowerCase()}${"period" in ind ? ind.period : ""}${p}`;
  }
}

/** Same kind and parameters (ids aside). */
export function sameIndicator(a: Indicator, b: Indicator): boolean {
  const { id: _a, ...ra } = a;
  const { id: _b, ...rb } = b;
  return JSON.stringify(ra, Object.keys(ra).sort()) === JSON.stringify(rb, Object.keys(rb).sort());
}

export type Resolved = { ok: true; indicator: Indicator } | { ok: false; problem: "maPeriod" };

/** Lines of the mention in the spec's vocabulary. */
export function lineOf(m: IndicatorMention): string | undefined {
  switch (m.kind) {
    case "macd":
      return m.line;
    case "bollinger":
      return m.line;
    case "stochastic":
      return m.line;
    case "adx":
      return m.line === "main" ? undefined : m.line;
    default:
      return undefined;
  }
}

/**
 * Turns a mention into an indicator. `siblings` are the other mentions of the same message,
 * `existing` the spec's indicators: both fill parameters the trader left out.
 */
export function resolveIndicator(
  m: IndicatorMention,
  siblings: readonly IndicatorMention[],
  existing: readonly Indicator[],
): Resolved {
  const base = (kind: Indicator["kind"]) => existing.find((i) => i.kind === kind);
  const sib = <K extends IndicatorMention["kind"]>(kind: K) =>
    siblings.find(
      (s): s is Extract<IndicatorMention, { kind: K }> => s.kind === kind && s !== m && hasParams(s),
    );
  let ind: Indicator;
  switch (m.kind) {
    case "ma": {
      // A plain average is never one of another indicator ("the ma" is the price average).
      const mas = existing.filter(isMa).filter((i) => i.source === undefined);
      let period = m.period;
      let method = m.method;
      if (period === null && m.role !== null) {
        // "Fast SMA 10, slow SMA 30 ... if the fast sma is above the slow sma": the length the message gave
        // that role, else (two lengths named) the shorter for the fast one and the longer for the slow one.
        const fits = (s: IndicatorMention) =>
          s.kind === "ma" &&
          s.period !== null &&
          !s.of &&
          (m.method === null || s.method === null || s.method === m.method);
        const own = siblings.find((s) => s.kind === "ma" && s.role === m.role && fits(s));
        const lengths = [
          ...new Set(
            siblings.flatMap((s) => (s.kind === "ma" && fits(s) && s.period !== null ? [s.period] : [])),
          ),
        ];
        const picked =
          own?.kind === "ma"
            ? own
            : lengths.length === 2
              ? siblings.find(
                  (s) =>
                    s.kind === "ma" &&
                    fits(s) &&
                    s.period === (m.role === "fast" ? Math.min(...lengths) : Math.max(...lengths)),
                )
              : undefined;
        if (picked?.kind === "ma" && picked.period !== null) {
          period = picked.period;
          method ??= picked.method;
        }
      }
      if (period === null && m.role !== null && mas.length >= 2) {
        const sorted = [...mas].sort((a, b) => a.period - b.period);
        const pick = m.role === "fast" ? sorted[0] : sorted[sorted.length - 1];
        period = pick.period;
        method ??=
          pick.kind === "SMA" ? "sma" : pick.kind === "EMA" ? "ema" : pick.kind === "SMMA" ? "smma" : "lwma";
      }
      if (period === null && mas.length === 1 && m.role === null) period = mas[0].period;
      if (period === null && m.role === null) {
        // "the sma is rising" after "SMA (14)" in the same message: the one average of that kind it named.
        const named = new Set(
          siblings.flatMap((s) =>
            s.kind === "ma" && s.period !== null && (m.method === null || s.method === m.method)
              ? [s.period]
              : [],
          ),
        );
        if (named.size === 1) period = [...named][0];
      }
      if (period === null) return { ok: false, problem: "maPeriod" };
      if (m.generic) {
        // "the 9 MA" after "smoothed MA with period 9": the kind that length was declared with.
        const declared = siblings.find(
          (s) => s.kind === "ma" && !s.generic && s.period === period && s.method !== null,
        );
        if (declared?.kind === "ma" && declared.method !== null) method = declared.method;
      }
      if (method === null) {
        // "the 50 and 200 ema": an unnamed sibling shares the named one's method; else the spec's.
        const named = siblings.find((s) => s.kind === "ma" && s.method !== null);
        const sameInSpec = mas.find((i) => i.period === period) ?? mas[0];
        method =
          named?.kind === "ma" && named.method !== null
            ? named.method
            : sameInSpec
              ? sameInSpec.kind === "SMA"
                ? "sma"
                : sameInSpec.kind === "EMA"
                  ? "ema"
                  : sameInSpec.kind === "SMMA"
                    ? "smma"
                    : "lwma"
              : "sma";
      }
      ind = { id: "x", kind: maKind(method), period, appliedPrice: appliedPrice(m.price) };
      break;
    }
    case "rsi": {
      const b = base("RSI");
      const s = sib("rsi");
      const period = m.period ?? s?.period ?? (b?.kind === "RSI" ? b.period : DEFAULTS.rsi);
      const price = m.price ?? s?.price ?? null;
      ind = {
        id: "x",
        kind: "RSI",
        period,
        appliedPrice: price === null && b?.kind === "RSI" ? b.appliedPrice : appliedPrice(price),
      };
      break;
    }
    case "macd": {
      const b = base("MACD");
      const s = sib("macd");
      const src = m.fast !== null ? m : s;
      ind =
        src && src.fast !== null && src.slow !== null && src.signal !== null
          ? {
              id: "x",
              kind: "MACD",
              fast: src.fast,
              slow: src.slow,
              signal: src.signal,
              appliedPrice: "CLOSE",
            }
          : b?.kind === "MACD"
            ? { ...b }
            : {
                id: "x",
                kind: "MACD",
                fast: DEFAULTS.macd[0],
                slow: DEFAULTS.macd[1],
                signal: DEFAULTS.macd[2],
                appliedPrice: "CLOSE",
              };
      break;
    }
    case "bollinger": {
      const b = base("BOLLINGER");
      const s = sib("bollinger");
      const period = m.period ?? s?.period ?? (b?.kind === "BOLLINGER" ? b.period : DEFAULTS.bollinger[0]);
      const deviation =
        m.deviation ?? s?.deviation ?? (b?.kind === "BOLLINGER" ? b.deviation : DEFAULTS.bollinger[1]);
      ind = { id: "x", kind: "BOLLINGER", period, deviation, appliedPrice: "CLOSE" };
      break;
    }
    case "stochastic": {
      const b = base("STOCHASTIC");
      const s = sib("stochastic");
      const src = m.k !== null ? m : s;
      ind =
        src && src.k !== null
          ? {
              id: "x",
              kind: "STOCHASTIC",
              kPeriod: src.k,
              dPeriod: src.d ?? DEFAULTS.stochastic[1],
              slowing: src.slowing ?? DEFAULTS.stochastic[2],
            }
          : b?.kind === "STOCHASTIC"
            ? { ...b }
            : {
                id: "x",
                kind: "STOCHASTIC",
                kPeriod: DEFAULTS.stochastic[0],
                dPeriod: DEFAULTS.stochastic[1],
                slowing: DEFAULTS.stochastic[2],
              };
      break;
    }
    case "atr":
    case "cci":
    case "adx": {
      const kind = m.kind === "atr" ? "ATR" : m.kind === "cci" ? "CCI" : "ADX";
      const b = base(kind);
      const s = sib(m.kind);
      const fromSpec = b && "period" in b ? b.period : null;
      const period = m.period ?? (s && "period" in s ? s.period : null) ?? fromSpec ?? DEFAULTS[m.kind];
      // The interpreter reads no applied price for these; CCI takes iCCI's usual typical price.
      ind = kind === "CCI" ? { id: "x", kind, period, appliedPrice: "TYPICAL" } : { id: "x", kind, period };
      break;
    }
    case "momentum": {
      const b = base("MOMENTUM");
      const s = sib("momentum");
      const period = m.period ?? s?.period ?? (b?.kind === "MOMENTUM" ? b.period : DEFAULTS.momentum);
      ind = { id: "x", kind: "MOMENTUM", period, appliedPrice: "CLOSE" };
      break;
    }
  }
  const known = existing.find((e) => sameIndicator(e, ind));
  return { ok: true, indicator: known ?? { ...ind, id: indicatorId(ind) } };
}

function hasParams(m: IndicatorMention): boolean {
  switch (m.kind) {
    case "ma":
      return m.period !== null;
    case "macd":
      return m.fast !== null;
    case "bollinger":
      return m.period !== null || m.deviation !== null;
    case "stochastic":
      return m.k !== null;
    case "rsi":
      return m.period !== null || m.price !== null;
    default:
      return m.period !== null;
  }
}
