import type { Extractor } from "./extract";
import type { Facts } from "./facts";

// Position sizes beyond a fixed lot and "risk 1%" (risk.ts has those): lots in proportion to the account
// ("0.1 lot per $1000", "0.01 lots for every 100 of balance", "1 lot per 10k equity": v2 lotsPerEquity), a
// fixed amount of money lost at the stop ("risk $50 per trade", "risking 100 usd each trade": riskMoney), and
// the percent of equity rather than balance ("risk 2% of equity"). Read before the plain lots, which would
// take "0.1 lot" alone. Normalised text.

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const CUR = String.raw`(?:\$|usd|dollars?|eur|euros?|€|gbp|£|pounds?)`;
/** An amount of money: "$1000", "1000$", "1,000 usd", "10k", "10 000 dollars". */
const MONEY = String.raw`(?:${CUR}\s*)?(\d{1,3}(?:[, ]\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?\s*${CUR}?`;

function money(digits: string | undefined, k: string | undefined): number | null {
  if (digits === undefined) return null;
  const v = Number(digits.replace(/[, ]/g, "")) * (k ? 1000 : 1);
  return Number.isFinite(v) && v > 0 ? v : null;
}

export const SIZING_EXTRACTORS: Extractor<Facts>[] = [
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
