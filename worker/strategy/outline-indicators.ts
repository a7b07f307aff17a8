/**
 * The outline's words for issue 14's indicators (worker/strategy/outline.ts keeps the v1 ones): a name a
 * trader recognises, its parameters, and what each line is. A higher timeframe is said after the name.
 */
import type { Indicator } from "./spec-indicators";

const num = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6))));
const of = (p: string, usual = "CLOSE"): string => (p === usual ? "" : ` of ${p.toLowerCase()}`);
const method = (m: string): string =>
  m === "SMA" ? "simple" : m === "EMA" ? "exponential" : m === "SMMA" ? "smoothed" : "linear weighted";

/** "Ichimoku(9, 26, 52)", "Parabolic SAR(0.02, 0.2)"; undefined for the v1 kinds. */
export function describeNewIndicator(ind: Indicator): string | undefined {
  switch (ind.kind) {
    case "AC":
      return "Accelerator Oscillator";
    case "AO":
      return "Awesome Oscillator";
    case "AD":
      return "Accumulation/Distribution (tick volume)";
    case "OBV":
      return "On Balance Volume (tick volume)";
    case "VOLUMES":
      return "tick volume";
    case "BWMFI":
      return "Market Facilitation Index (range per tick)";
    case "FRACTALS":
      return "Fractals";
    case "HEIKEN_ASHI":
      return "Heiken Ashi";
    case "ADX_WILDER":
      return `ADX Wilder(${ind.period})`;
    case "ALLIGATOR":
    case "GATOR":
      return `${ind.kind === "ALLIGATOR" ? "Alligator" : "Gator Oscillator"}(${ind.jawPeriod}/${ind.jawShift}, ${ind.teethPeriod}/${ind.teethShift}, ${ind.lipsPeriod}/${ind.lipsShift}${ind.maMethod === "SMMA" ? "" : `, ${method(ind.maMethod)}`}${of(ind.appliedPrice, "MEDIAN")})`;
    case "AMA":
      return `AMA(${ind.period}, ${ind.fast}, ${ind.slow})${of(ind.appliedPrice)}`;
    case "BEARS":
      return `Bears Power(${ind.period})`;
    case "BULLS":
      return `Bulls Power(${ind.period})`;
    case "CHAIKIN":
      return `Chaikin Oscillator(${ind.fast}, ${ind.slow})`;
    case "DEMA":
    case "TEMA":
    case "TRIX":
      return `${ind.kind === "TRIX" ? "TRIX" : ind.kind}(${ind.period})${of(ind.appliedPrice)}`;
    case "FRAMA":
      return `FrAMA(${ind.period})${of(ind.appliedPrice)}`;
    case "HULL":
      return `Hull MA(${ind.period})${of(ind.appliedPrice)}`;
    case "DEMARKER":
      return `DeMarker(${ind.period})`;
    case "MFI":
      return `Money Flow Index(${ind.period})`;
    case "RVI":
      return `RVI(${ind.period})`;
    case "WPR":
      return `Williams' %R(${ind.period})`;
    case "DONCHIAN":
      return `Donchian channel(${ind.period})`;
    case "ENVELOPES":
      return `Envelopes(${ind.period}, ${num(ind.deviation)}%${ind.maMethod === "SMA" ? "" : `, ${method(ind.maMethod)}`})${of(ind.appliedPrice)}`;
    case "FORCE":
      return `Force Index(${ind.period})`;
    case "ICHIMOKU":
      return `Ichimoku(${ind.tenkan}, ${ind.kijun}, ${ind.senkou})`;
    case "OSMA":
      return `OsMA(${ind.fast}, ${ind.slow}, ${ind.signal})`;
    case "SAR":
      return `Parabolic SAR(${num(ind.step)}, ${num(ind.maximum)})`;
    case "STDDEV":
      return `Standard Deviation(${ind.period})${of(ind.appliedPrice)}`;
    case "VIDYA":
      return `VIDyA(${ind.cmoPeriod}, ${ind.emaPeriod})${of(ind.appliedPrice)}`;
    case "SUPERTREND":
      return `Supertrend(${ind.period}, ${num(ind.multiplier)})`;
    case "KELTNER":
      return `Keltner channel(${ind.period}, ${num(ind.multiplier)} x ATR(${ind.atrPeriod}))`;
    default:
      return undefined;
  }
}

/** A line of a multi-line kind in a sentence, e.g. "the Ichimoku(9, 26, 52) Kijun-sen"; undefined: the name alone. */
export function describeNewLine(ind: Indicator, base: string, line: string | undefined): string | undefined {
  const l = line ?? "";
  switch (ind.kind) {
    case "ICHIMOKU": {
      const names: Record<string, string> = {
        tenkan: "Tenkan-sen",
        kijun: "Kijun-sen",
        spanA: "Senkou Span A (as computed on the bar; drawn 26 bars ahead)",
        spanB: "Senkou Span B (as computed on the bar; drawn 26 bars ahead)",
        chikou: "Chikou Span (the close)",
      };
      return `the ${base} ${(names[l] ?? names.tenkan).replace("26", String(ind.kijun))}`;
    }
    case "FRACTALS":
      return l === "lower"
        ? "the low of a down fractal confirmed on that bar (two bars earlier)"
        : "the high of an up fractal confirmed on that bar (two bars earlier)";
    case "HEIKEN_ASHI":
      return `the Heiken Ashi ${l || "close"}`;
    case "ALLIGATOR":
      return `the ${base} ${l || "jaw"}`;
    case "GATOR":
    case "DONCHIAN":
    case "ENVELOPES":
    case "KELTNER":
      return `the ${l || "upper"} ${base} ${ind.kind === "GATOR" ? "histogram" : "band"}`;
    case "ADX_WILDER":
      return l === "plusDi" ? `${base} +DI` : l === "minusDi" ? `${base} -DI` : undefined;
    case "RVI":
      return l === "signal" ? `the ${base} signal line` : undefined;
    case "SUPERTREND":
      return l === "direction" ? `the ${base} direction (+1 up, -1 down)` : `the ${base} line`;
    default:
      return undefined;
  }
}

/** " on H4" when the indicator is read on another timeframe than the strategy's. */
export function timeframeSuffix(ind: Indicator): string {
  return ind.timeframe ? ` on ${ind.timeframe} (its last closed bar)` : "";
}
