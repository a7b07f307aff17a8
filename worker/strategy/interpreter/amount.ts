import type { Extractor } from "./extract";
import type { Facts } from "./facts";

// A trade size given as an amount of the base currency, the way Dukascopy (JForex) traders state it: "amount
// 1 million", "trade amount is 500 000", "0.1 mil amount", "100k units". A standard lot is 100,000 units, so
// 1 million is 10 lots. A bare small number after "amount" ("amount 2") is left alone: it may be lots or
// millions. A JForex-style fraction ("amount 0.1") is millions there, the only unit such a fraction fits.
// "amount of 10 lots" is the plain lots reading (risk.ts). Normalised text.

const LOT_UNITS = 100_000;
const SCALE = String.raw`(million|mil|mln|m|k|thousand)\b`;
const N = String.raw`(\d{1,3}(?:[ ,]\d{3})+|\d+(?:\.\d+)?)`;

function units(digits: string, scale: string | undefined): number {
  const v = Number(digits.replace(/[ ,]/g, ""));
  if (!scale) return v < 1 ? v * 1_000_000 : v;
  return /^(?:k|thousand)$/.test(scale) ? v * 1000 : v * 1_000_000;
}

export const AMOUNT_EXTRACTORS: Extractor<Facts>[] = [
  {
    re: new RegExp(
      String.raw`\b(?:(?:trade|trading|order|position)\s+)?amount\s*(?:of|is|=|:)?\s*${N}[ \t]*(?:${SCALE})?(?:[ \t]*(?:units?|of\s+base\s+currency))?(?![ \t]*(?:lots?|%|percent|pips?|points?|\$|usd|eur|dollars?))|\b${N}[ \t]*(?:${SCALE})?[ \t]*(?:units?\b|amount\b)`,
      "g",
    ),
    apply: (m, f) => {
      const digits = m[1] ?? m[3];
      const scale = m[2] ?? m[4];
      if (digits === undefined) return false;
      const v = units(digits, scale);
      // Under 1,000 units with no scale is no amount of currency ("amount 2", "3 units" of something else).
      if (!scale && v < 1000) return false;
      const lots = Math.round((v / LOT_UNITS) * 100) / 100;
      if (!(lots >= 0.01 && lots <= 100)) return false;
      f.sizing = { kind: "lots", lots };
      return true;
    },
  },
];
