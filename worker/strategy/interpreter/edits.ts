import { LEVEL_EXTRACTORS } from "./edit-levels";
import { CHAT_EXTRACTORS } from "./edit-phrases";
import { type Extractor as ExtractorOf, runExtractors } from "./extract";
import type { Facts, IndicatorKind, MaMethod } from "./facts";
import { ORDER_FILTER_EXTRACTORS } from "./order-filters";

// Refinement phrases that change something already in the spec ("remove the RSI filter",
// "use EMA instead", "change the fast MA to 9"). Run before the condition grammar, and blank
// what they use, so "fast ma 9" is not read again as a new moving average.

const KIND_WORD: Record<string, IndicatorKind> = {
  rsi: "rsi",
  macd: "macd",
  bollinger: "bollinger",
  stochastic: "stochastic",
  atr: "atr",
  cci: "cci",
  adx: "adx",
  momentum: "momentum",
  ma: "ma",
  sma: "ma",
  ema: "ma",
  smma: "ma",
  lwma: "ma",
};

const METHOD_WORD: Record<string, MaMethod> = {
  sma: "sma",
  simple: "sma",
  ema: "ema",
  exponential: "ema",
  smma: "smma",
  smoothed: "smma",
  lwma: "lwma",
  weighted: "lwma",
  lw: "lwma",
};

const FAST = /^(fast|faster|short|shorter|quick|quicker|short-term|smaller)$/;

type Extractor = ExtractorOf<Facts> & { needsSpec: boolean };

const EXTRACTORS: Extractor[] = [
  {
    re: /\b(?:remove|delete|drop|get rid of|take out|disable|don't use|do not use|dont use|no need for|forget)\s+(?:the\s+|a\s+|any\s+)?(rsi|macd|bollinger|stochastic|atr|cci|adx|momentum)(?:\s+bands?)?(?:\s+(?:filter|condition|rule|indicator|confirmation|part))?s?\b|\b(?:without|no)\s+(?:the\s+|any\s+)?(rsi|macd|bollinger|stochastic|cci|adx|momentum)(?:\s+bands?)?\s+(?:filter|condition|confirmation)s?\b/g,
    needsSpec: false,
    apply: (m, f) => {
      const kind = KIND_WORD[m[1] ?? m[2] ?? ""];
      if (!kind) return false;
      f.edits.push({ type: "removeIndicator", kind });
      return true;
    },
  },
  {
    // "remove the 200 EMA filter": one moving average, named by its length, and every condition that reads it.
    re: /\b(?:remove|delete|drop|get rid of|take out|forget)\s+(?:the\s+)?(\d+)\s+(?:sma|ema|smma|lwma|ma)(?:\s+(?:filter|condition|rule|line|confirmation|part))?\b/g,
    needsSpec: true,
    apply: (m, f) => {
      f.edits.push({ type: "removeIndicator", kind: "ma", period: Number(m[1]) });
      return true;
    },
  },
  {
    re: /\b(?:remove|delete|drop|get rid of|no)\s+(?:the\s+|any\s+)?exit\s*(?:rules?|conditions?|signals?)?\b/g,
    needsSpec: true,
    apply: (_m, f) => {
      f.edits.push({ type: "removeExits" });
      return true;
    },
  },
  // "use ema instead (of sma)", "switch to smma", "make them exponential", "change the mas to lwma".
  {
    re: /\b(?:(?:use|using|try)\s+(?:an?\s+)?(sma|ema|smma|lwma|exponential|simple|smoothed|weighted)(?:\s+ma)?(?:\s+(?:instead|rather)(?:\s+of\s+(?:the\s+)?(sma|ema|smma|lwma|simple|exponential))?|(?=\s*(?:$|[.,!;]|for\b|please\b)))|(?:switch|change|convert|go)\s+(?:the\s+)?(?:(sma|ema|smma|lwma|ma)\s+)?(?:to|into)\s+(?:an?\s+)?(sma|ema|smma|lwma|exponential|simple|smoothed|weighted)(?:\s+ma)?|make\s+(?:it|them|both|the\s+ma|the\s+averages?)\s+(sma|ema|smma|lwma|exponential|simple|smoothed|weighted)|(?:replace|swap)\s+(?:the\s+)?(sma|ema|smma|lwma)\s+(?:with|for)\s+(?:an?\s+)?(sma|ema|smma|lwma|exponential|simple|smoothed|weighted))(?!\s*\(?\s*\d)/g,
    needsSpec: true,
    apply: (m, f) => {
      const to = METHOD_WORD[m[1] ?? m[4] ?? m[5] ?? m[7] ?? ""];
      if (!to) return false;
      const fromWord = m[2] ?? m[3] ?? m[6];
      f.edits.push({
        type: "setMaMethod",
        method: to,
        from: fromWord ? (METHOD_WORD[fromWord] ?? null) : null,
      });
      return true;
    },
  },
  // "change the fast ma to 9", "slow ema to 50", "make the slow ma 50 period".
  {
    re: /\b(?:(?:change|set|make|move|adjust|increase|decrease|raise|lower|put|switch)\s+(?:the\s+)?(fast|faster|slow|slower|short|long|shorter|longer|quick|short-term|long-term)(?:\s+(?:sma|ema|smma|lwma|ma|average|period|length))*\s*(?:period\s+|length\s+)?(?:to|=|:|at|of)?\s*(\d+)|(fast|faster|slow|slower|short|long|shorter|longer|quick)(?:\s+(?:sma|ema|smma|lwma|ma|average))*\s*(?:period\s+|length\s+)?(?:to|=|:)\s*(\d+))(?:\s+periods?)?\b/g,
    needsSpec: true,
    apply: (m, f) => {
      const role = FAST.test(m[1] ?? m[3] ?? "") ? "fast" : "slow";
      const period = Number(m[2] ?? m[4]);
      if (!(Number.isInteger(period) && period >= 1)) return false;
      f.edits.push({ type: "setMaPeriod", role, period });
      return true;
    },
  },
  // "change it to the 55 ema", "switch the average to a 100 sma": the strategy's one average gets the new length
  // (from 0 = "the only one"; with several averages nothing is guessed).
  {
    re: /\b(?:change|set|make|switch|move)\s+(?:it|the\s+(?:sma|ema|smma|lwma|ma|average))\s+(?:to|into)\s+(?:an?\s+|the\s+)?(\d+)\s+(?:period\s+)?(sma|ema|smma|lwma|ma)\b/g,
    needsSpec: true,
    apply: (m, f) => {
      const to = Number(m[1]);
      if (!(to >= 1)) return false;
      f.edits.push({ type: "setMaPeriodFrom", from: 0, to });
      return true;
    },
  },
  // "change the periods to 8 and 21", "use 8 and 21 instead", "make them 8/21 emas": both averages at once.
  {
    re: /\b(?:change|set|make|switch|use|try|put|move)\s+(?:(?:it|them|both|the\s+(?:periods?|lengths?|mas|emas|smas|averages|moving\s+averages|ma\s+(?:periods|lengths)|(?:sma|ema|smma|lwma|ma)\s+(?:periods|lengths)))\s+)?(?:to\s+)?(?:the\s+)?(\d+)\s*(?:sma|ema|smma|lwma|ma)?\s*(?:and|&|\/|,)\s*(?:the\s+)?(\d+)(?!\.\d)\s*(?:sma|ema|smma|lwma|ma|emas|smas|mas|moving\s+averages)?(?:\s+(?:instead|please|periods?|lengths?))*(?=\s*(?:$|[.;,!\n]))/g,
    needsSpec: true,
    apply: (m, f) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 1 && b >= 1 && a !== b)) return false;
      f.edits.push({ type: "setMaPair", fast: Math.min(a, b), slow: Math.max(a, b) });
      return true;
    },
  },
  // "make the SMA 200", "change the EMA to 55" ("sma 200" arrives as "200 sma"): the one average's new length.
  {
    re: /\b(?:change|set|make|switch|move|put)\s+the\s+(?:(\d+)\s+(?:sma|ema|smma|lwma|ma)|(?:sma|ema|smma|lwma|ma|average|moving\s+average)\s+(?:to\s+|at\s+)?(\d+))(?:\s+(?:instead|please|periods?))*(?=\s*(?:$|[.;,!\n]))/g,
    needsSpec: true,
    apply: (m, f) => {
      const to = Number(m[1] ?? m[2]);
      if (!(Number.isInteger(to) && to >= 1)) return false;
      f.edits.push({ type: "setMaPeriodFrom", from: 0, to });
      return true;
    },
  },
  // "change the 50 ema to 100", "make the 20 sma a 30".
  {
    re: /\b(?:change|set|make|move|switch|replace)\s+(?:the\s+)?(\d+)\s+(?:period\s+)?(sma|ema|smma|lwma|ma)\s+(?:to|into|with)\s+(?:an?\s+|the\s+)?(\d+)(?:\s+(?:period|sma|ema|smma|lwma|ma))?\b/g,
    needsSpec: true,
    apply: (m, f) => {
      const from = Number(m[1]);
      const to = Number(m[3]);
      if (!(to >= 1)) return false;
      f.edits.push({ type: "setMaPeriodFrom", from, to });
      return true;
    },
  },
  // "change the rsi period to 7", "rsi length 21", "use a 7 period rsi".
  {
    re: /\b(?:(?:change|set|make|adjust|use)\s+(?:the\s+)?(rsi|cci|adx|atr|momentum)(?:\s+(?:period|length|lookback))?\s*(?:to|=|:|of)?\s*(\d+)|(rsi|cci|adx|atr|momentum)\s+(?:period|length|lookback)\s*(?:to|=|:|of)?\s*(\d+)|(?:use|with)\s+(?:an?\s+)?(\d+)\s+period\s+(rsi|cci|adx|atr|momentum)(?!\s+(?:is|crosses|above|below|over|under|between|<|>)))\b/g,
    needsSpec: true,
    apply: (m, f) => {
      const kindWord = m[1] ?? m[3] ?? m[6];
      const period = Number(m[2] ?? m[4] ?? m[5]);
      if (!kindWord || !(Number.isInteger(period) && period >= 1)) return false;
      f.edits.push({ type: "setPeriod", kind: KIND_WORD[kindWord], period });
      return true;
    },
  },
  // Bollinger parameters in a chat: "use 2.5 deviations", "deviation 3", "make the bands 30, 2.5", "bb(30, 2.5)".
  {
    re: /(?:^|[.;\n]\s*)(?:(?:use|set|make|change|switch)\s+(?:it\s+to\s+)?(?:the\s+)?)?(?:bollinger\s*)?(?:bands?\s*)?(?:to\s+|at\s+)?\(?\s*(\d+)\s*[,/]\s*(\d+(?:\.\d+)?)\s*\)?\s*(?:please|instead)?\s*(?=$|[.;\n])/g,
    needsSpec: true,
    apply: (m, f) => {
      const period = Number(m[1]);
      const deviation = Number(m[2]);
      if (!(Number.isInteger(period) && period >= 2 && deviation > 0 && deviation <= 10)) return false;
      if (!/bollinger|band/.test(m[0])) return false;
      f.edits.push({ type: "setBands", period, deviation });
      return true;
    },
  },
  {
    re: /\b(?:(?:use|set|make|change)\s+(?:the\s+)?(?:bollinger\s+)?(?:bands?\s+)?)?(\d+(?:\.\d+)?)\s+(?:standard\s+)?(?:deviations?|std|sd)\b|\b(?:bollinger\s+|bands?\s+)?(?:standard\s+)?deviation\s*(?:of|to|=|:)?\s*(\d+(?:\.\d+)?)\b/g,
    needsSpec: true,
    apply: (m, f) => {
      const deviation = Number(m[1] ?? m[2]);
      if (!(deviation > 0 && deviation <= 10)) return false;
      f.edits.push({ type: "setBands", period: null, deviation });
      return true;
    },
  },
  // MACD settings in a chat: "macd 8/21/5", "change the macd to 8, 21, 5".
  {
    re: /(?:^|[.;\n]\s*)(?:(?:use|set|make|change|switch)\s+(?:the\s+)?)?macd\s*(?:settings\s*)?(?:to\s+|=\s*)?\(?\s*(\d+)\s*[,/ ]\s*(\d+)\s*[,/ ]\s*(\d+)\s*\)?\s*(?:please|instead)?\s*(?=$|[.;\n])/g,
    needsSpec: true,
    apply: (m, f) => {
      const [fast, slow, signal] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!(fast >= 1 && slow > fast && signal >= 1)) return false;
      f.edits.push({ type: "setMacd", fast, slow, signal });
      return true;
    },
  },
];

/** Records the edits found in `text` and returns the text without them. */
export function extractEdits(text: string, facts: Facts, hasSpec: boolean): string {
  // The older extractors first (their phrases are the more specific), then levels and order types
  // (edit-levels.ts: "30 to 25" there is a level before it is a length), then the chat edits of edit-phrases.ts.
  return runExtractors(
    text,
    // Order filters first: their waits and ranges ("60 minute", "45 pips") are no exit or stop.
    [...ORDER_FILTER_EXTRACTORS, ...EXTRACTORS, ...LEVEL_EXTRACTORS, ...CHAT_EXTRACTORS].filter(
      (ex) => hasSpec || !ex.needsSpec,
    ),
    facts,
  );
}
