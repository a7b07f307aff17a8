import type { Extractor } from "./extract";
import type { Facts } from "./facts";

// Position sizes beyond a fixed lot and "risk 1%" (risk.ts has those): lots in proportion to the account
// ("0.1 lot per $1000", "0.01 lots for every 100 of balance", "1 lot per 10k equity": v2 lotsPerEquity), a
// fixed amount of money lost at the stop ("risk $50 per trade", "risking 100 usd each trade": riskMoney), and
// the percent of equity rather than balance ("risk 2% of equity"). Read before the plain lots, which would
// take "0.1 lot" alone; and lots by tiers of the account (TIER_EXTRACTORS). Normalised text.

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const CUR = String.raw`(?:\$|usd|dollars?|eur|euros?|€|gbp|£|pounds?)`;
/** An amount of money: "$1000", "1000$", "1,000 usd", "10k", "10 000 dollars". */
const MONEY = String.raw`(?:${CUR}\s*)?(\d{1,3}(?:[, ]\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?\s*${CUR}?`;

function money(digits: string | undefined, k: string | undefined): number | null {
  if (digits === undefined) return null;
  const v = Number(digits.replace(/[, ]/g, "")) * (k ? 1000 : 1);
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** The account figure a tier is read on: equity unless the text says balance or the account. */
const FIGURE = String.raw`(?:the\s+|my\s+|your\s+)?(?:account(?:'s)?\s+)?(equity|balance|capital|account(?:\s+size)?|deposit)`;
const LOTS = String.raw`(?:lot\s*size\s*(?:=|:|of|is)?\s*|volume\s*(?:=|:|of|is)?\s*|use\s+|trade\s+|open\s+)?${NUM}\s*(?:standard\s+)?(?:lots?)?`;
const BELOW = String.raw`(?:is\s+|falls\s+|drops\s+|stays\s+|remains\s+|goes\s+)?(?:below|under|less\s+than|lower\s+than|smaller\s+than|<)`;
const ABOVE = String.raw`(?:is\s+|rises\s+|goes\s+|stays\s+|gets\s+)?(?:above|over|more\s+than|greater\s+than|higher\s+than|bigger\s+than|>=?|at\s+least)|reaches|exceeds|hits|gets\s+to`;
const OTHERWISE = String.raw`(?:otherwise|else|if\s+not|above\s+(?:that|it)|beyond\s+(?:that|it)|from\s+then\s+on)`;

function figureOf(word: string | undefined): "balance" | undefined {
  return /^(?:balance|account|deposit)/.test(word ?? "") ? "balance" : undefined;
}
function tierLots(x: string | undefined): number | null {
  const v = Number(x);
  return v >= 0.01 && v <= 100 ? v : null;
}

// Lots by tiers of the account (v2 equityTiers): "4 lots while equity is below 100000, otherwise 5", "lot size
// = 2 when the balance falls under 10k and 3 otherwise", "0.5 lots until the account reaches 20k, then 1 lot",
// "2 lots once equity is above 50000, else 1 lot". Read before the plain lots, which would take the first.
export const TIER_EXTRACTORS: Extractor<Facts>[] = [
  {
    re: new RegExp(
      String.raw`${LOTS}\s+(?:when(?:ever)?|while|if|as\s+long\s+as|whilst)\s+${FIGURE}\s+${BELOW}\s*${MONEY}\s*[,;]?\s*(?:and\s+|but\s+)?(?:${OTHERWISE}\s*[,:]?\s*${LOTS}|${LOTS}\s+${OTHERWISE})`,
      "g",
    ),
    apply: (m, f) => {
      const low = tierLots(m[1]);
      const below = money(m[3], m[4]);
      const high = tierLots(m[5] ?? m[6]);
      if (low === null || high === null || below === null) return false;
      const of = figureOf(m[2]);
      f.sizing = { kind: "tiers", tiers: [{ below, lots: low }], lots: high, ...(of ? { of } : {}) };
      return true;
    },
  },
  {
    re: new RegExp(
      String.raw`${LOTS}\s+until\s+${FIGURE}\s+(?:reaches|hits|gets\s+to|grows\s+to|is|exceeds)\s*${MONEY}\s*[,;]?\s*(?:and\s+)?(?:then|after\s+that|from\s+then\s+on|thereafter)\s*[,:]?\s*${LOTS}`,
      "g",
    ),
    apply: (m, f) => {
      const low = tierLots(m[1]);
      const below = money(m[3], m[4]);
      const high = tierLots(m[5]);
      if (low === null || high === null || below === null) return false;
      const of = figureOf(m[2]);
      f.sizing = { kind: "tiers", tiers: [{ below, lots: low }], lots: high, ...(of ? { of } : {}) };
      return true;
    },
  },
  {
    re: new RegExp(
      String.raw`${LOTS}\s+(?:when(?:ever)?|while|if|once|as\s+soon\s+as)\s+${FIGURE}\s+(?:${ABOVE})\s*${MONEY}\s*[,;]?\s*(?:and\s+|but\s+)?(?:${OTHERWISE}\s*[,:]?\s*${LOTS}|${LOTS}\s+${OTHERWISE})`,
      "g",
    ),
    apply: (m, f) => {
      const high = tierLots(m[1]);
      const below = money(m[3], m[4]);
      const low = tierLots(m[5] ?? m[6]);
      if (low === null || high === null || below === null) return false;
      const of = figureOf(m[2]);
      f.sizing = { kind: "tiers", tiers: [{ below, lots: low }], lots: high, ...(of ? { of } : {}) };
      return true;
    },
  },
];

export const SIZING_EXTRACTORS: Extractor<Facts>[] = [
  ...TIER_EXTRACTORS,
  // "0.1 lot per 1000$", "0.01 lots for every $100 of balance", "1 lot per 10k of equity".
  {
    re: new RegExp(
      String.raw`\b${NUM}\s*(?:standard\s+)?lots?\s+(?:per|for\s+(?:each|every)|each|every|on\s+every)\s+${MONEY}(?:\s+(?:of\s+)?(?:the\s+|my\s+|your\s+)?(?:account|balance|equity|capital|deposit))?`,
      "g",
    ),
    apply: (m, f) => {
      const lots = Number(m[1]);
      const per = money(m[2], m[3]);
      if (!(lots >= 0.01 && lots <= 100) || per === null || per > 100_000_000) return false;
      f.sizing = { kind: "perEquity", lots, per };
      return true;
    },
  },
  // "risk $50 per trade", "risking 100 usd on each trade", "max loss per trade 200 dollars".
  {
    re: new RegExp(
      String.raw`\b(?:risk(?:ing|s)?\s+(?:of\s+|only\s+|just\s+|a\s+fixed\s+)?(?:${CUR}\s*${NUM}|${NUM}\s*${CUR})|(?:max(?:imum)?\s+)?loss\s+(?:per|on\s+each|of\s+each)\s+trade\s*(?:of|=|:|is)?\s*(?:${CUR}\s*${NUM}|${NUM}\s*${CUR}))(?:\s+(?:per|on\s+each|each|a|every)\s+(?:trade|position))?`,
      "g",
    ),
    apply: (m, f) => {
      const amount = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
      if (!(amount > 0 && amount <= 1_000_000)) return false;
      f.sizing = { kind: "money", amount };
      return true;
    },
  },
  // "risk 2% of equity", "2 percent of my equity at risk": a percent of equity rather than balance.
  {
    re: /\b(?:risk(?:ing|s)?\s+(?:of\s+|only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(?:the\s+|my\s+|your\s+)?(?:account\s+)?equity|(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(?:the\s+|my\s+|your\s+)?(?:account\s+)?equity\s+(?:at\s+risk|risked))(?:\s+per\s+trade)?/g,
    apply: (m, f) => {
      const percent = Number(m[1] ?? m[2]);
      if (!(percent > 0 && percent <= 100)) return false;
      f.sizing = { kind: "risk", percent, of: "equity" };
      return true;
    },
  },
];
