import { backInsideBands } from "./bands-exit";
import { fromLastClosed, markBarQualifiers } from "./bar-cross";
import { applyBreakBuffer } from "./break-buffer";
import { rewriteBreakoutOrders } from "./breakout-orders";
import { resolveColours } from "./colours";
import { rewriteConditionWords } from "./condition-words";
import { rewriteConstructs } from "./constructs";
import { resolveDefinitions } from "./definitions";
import { rewriteIndexedPrices } from "./indexed-prices";
import { substituteInputs } from "./inputs";
import { LEVEL_REWRITES } from "./levels";
import { replaceNumberWords } from "./numbers";
import { rewriteParameterForms } from "./parameter-forms";
import { sectionize } from "./sections";
import { rewriteSessionRange } from "./session-range";
import { attachSettings, readParameterLists } from "./settings";

// One canonical spelling per concept, so the extractors match a small vocabulary.
// Order matters: longer phrases first, typos before the synonyms that build on them.
type Rewrite = readonly [RegExp, string | ((match: string, ...groups: string[]) => string)];

/** The middle of a range, when it is a whole or half number; otherwise the lower end (still inside it). */
function midpoint(a: number, b: number): number {
  const m = (a + b) / 2;
  return Number.isInteger(m * 2) ? m : Math.min(a, b);
}

const REWRITES: ReadonlyArray<Rewrite> = [
  // Typography. "[...]" marks an omission in a quoted text: what follows is a new sentence.
  [/\s*\[\s*(?:\.\.\.|\u2026)\s*\]\s*/g, ". "],
  [/[\u2018\u2019\u201b`´]/g, "'"],
  [/[\u201c\u201d]/g, '"'],
  // '"Long" on the close when; 1-) ...': a side named in quotes is a heading word, "when;" opens its list, and
  // "1-)" numbers an item.
  [/"((?:exit\s+)?(?:long|short|buy|sell))"/gi, "$1"],
  [/\b(when|if)\s*;\s*(?=1\s*-?\s*[.)])/g, "$1: "],
  [/\b(\d{1,2})\s*-\s*\)/g, "$1)"],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u00a0/g, " "],
  [/\s*\u00d7\s*/g, " x "],
  // "> =", "= >": a comparison sign written with a space.
  [/([<>])\s+=/g, "$1="],
  [/=\s*([<>])(?!=)/g, "$1="],
  // "TP/SL 30/20 pips", "SL/TP: 20/40": two settings and their values in the same order, not a range.
  [
    /\b(tp|t\/p|take[\s-]*profit|sl|s\/l|stop[\s-]*loss)\s*\/\s*(tp|t\/p|take[\s-]*profit|sl|s\/l|stop[\s-]*loss)\s*(?:=|:|of|at|is)?\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)(\s*(?:pips?|points?|%))?/gi,
    "$1 $3$5, $2 $4$5",
  ],
  // "50-60 pips", "40 to 70 points": a range the trader leaves open; its middle is a value inside it.
  [
    /\b(\d+(?:\.\d+)?)\s*(?:-|to|\/)\s*(\d+(?:\.\d+)?)\s*(pips?|points?|%|percent)\b/g,
    (_m: string, a: string, b: string, unit: string) => `${midpoint(Number(a), Number(b))} ${unit}`,
  ],
  // "the fast EMA (length 9)", "RSI (period = 5)": a length in brackets after its indicator, as script inputs read.
  [/\(\s*(?:length|len|period|periods|lookback)\s*(?:=|:|of)?\s*(\d+)\s*\)/g, "($1)"],
  // Cheap typo repair for the words that carry meaning.
  [/\bmov(?:i|e)?ng\b/g, "moving"],
  [/\bmovin\b/g, "moving"],
  [/\b(?:av(?:a|e)?r(?:a|e)?ge|averge|avergae|avrage|averag|avg)s?\b/g, "average"],
  [/\b(?:cross-?overs?|crosovers?|crossovrs?|crosover|corssover|x-?overs?)\b/g, "crossover"],
  [/\b(?:corsses|crossses|croses|crosess|crosse)\b/g, "crosses"],
  [/\b(?:exponential|exponental|expontial|exponencial)\b/g, "exponential"],
  [/\b(?:bolinger|bollinger|bolinger|bollingr|bollinder|bolliger|bb)s?\b/g, "bollinger"],
  [/\b(?:stochastics?|stochastick|stocastic|stochastc|stochatics?|stochastik|stoch|stochs)\b/g, "stochastic"],
  // MetaTrader's Stochastic is the slow one: "slow %K", "slow stochastic" name the same lines.
  [/\bslow\s+(?=%[kd]\b|stochastic\b)/g, ""],
  [/\b(?:trailling|trailng|traling)\b/g, "trailing"],
  // "bellow 30", "abov the ema", "take proft": side and target words traders often misspell.
  [
    /\b(?:bellow|bellove|belove|blow)\b(?=\s+(?:the\s+|its\s+|zero\b|[-\d]|\w+\s+(?:line|band|level|ema|sma|ma)\b|(?:ema|sma|ma|rsi|cci|macd|signal|middle|lower|upper)\b))/g,
    "below",
  ],
  [/\b(?:abov|abv|abouve|avobe|abowe)\b/g, "above"],
  [/\b(?:proft|profti|porfit|prfit|proffit|profitt)\b/g, "profit"],
  [/\b(?:singal|signel|sigal)(s?)\b/g, "signal$1"],
  // "the SEL order", "purchase": a side's order by another spelling or word.
  [/\bsel\b(?=\s+(?:orders?|positions?|trades?|entry|signals?|deals?|when|if)\b)/g, "sell"],
  [/\bpip(?:'?s)\b/g, "pips"],
  [/\bpts\b/g, "points"],
  // Clock words: "12 noon", "midday", "midnight" as times.
  [/\b(?:12\s+)?(?:noon|midday)\b/g, "12:00"],
  [/\bmidnight\b/g, "00:00"],
  [/\bmins?\b/g, "minute"],
  [/\bhrs?\b/g, "hour"],
  [/\bhours\b/g, "hour"],
  [/\bminutes\b/g, "minute"],
  [/\b(\d+)\s*-\s*(minute|hour|day|week|period|bar|candle|pips?|points?)\b/g, "$1 $2"],
  // "time frame: minute 15", "hour 4": the unit before its count, as some platforms name charts.
  [/\b(time\s*frames?\s*:?\s*|charts?\s*:?\s*)(minute|hour)\s+(\d{1,2})\b/g, "$1$3 $2"],
  // Stop loss / take profit spellings.
  [/\bstop[\s-]*losse?s?\b/g, "stop loss"],
  // "stop lose", "stop-lost", and the reworded "cease loss" of copied articles.
  [/\b(?:stop|cease)[\s-]*(?:lose|lost|loss)\b/g, "stop loss"],
  [/\bstoploss\b/g, "stop loss"],
  [/\bs\s*\/\s*l\b/g, "stop loss"],
  [/\bsl\b/g, "stop loss"],
  [/\btake[\s-]*profits?\b/g, "take profit"],
  [/\btakeprofit\b/g, "take profit"],
  [/\bt\s*\/\s*p\b/g, "take profit"],
  [/\btp\b/g, "take profit"],
  [/\bprofit\s+target\b/g, "take profit"],
  [/\bstop\s+profit\b/g, "take profit"],
  [/\bbreak[\s-]*even\b/g, "breakeven"],
  [/\bb\/e\b/g, "breakeven"],
  // "risk no more than 1% per trade", "never risk more than 2%": the fraction risked on each trade.
  [
    /\b(?:(?:never|don't|do\s+not|dont)\s+risk\s+(?:more\s+than|over)|risk\s+(?:no\s+more\s+than|not\s+more\s+than|at\s+most|up\s+to|a\s+max(?:imum)?\s+of|max(?:imum)?))\s+(\d+(?:\.\d+)?)\s*(%|percent)/g,
    "risk $1$2",
  ],
  // "BE at +15 pips": the sign only says the profit side.
  [/\b(breakeven\s+(?:at|after|when|on|once)\s+)\+\s*(?=\d)/g, "$1"],
  [/\btrailing[\s-]*stop(?:[\s-]*loss)?\b/g, "trailing stop"],
  // Script inputs with the unit in the label: "Stop Loss % = 2", "Take Profit (pips): 50", "TP (%) 4".
  [
    /\b(stop loss|take profit|trailing stop)\s*(?:\(\s*(%|pips?|points?)\s*\)|(%))\s*(?:=|:)?\s*(\d+(?:\.\d+)?)(?!\s*(?:%|pips?|points?))/g,
    (_m: string, what: string, bracket: string | undefined, bare: string | undefined, value: string) => {
      const unit = bracket ?? bare ?? "";
      return `${what} ${value}${unit === "%" ? "%" : ` ${unit.startsWith("pip") ? "pips" : "points"}`}`;
    },
  ],
  // "uses one moving average", "2 moving averages:": a count of averages, not a length.
  [
    /(?<!(?:twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|and)[\s-]+)\b(?:one|a\s+single|single|1)\s+(?=(?:exponential\s+|simple\s+|smoothed\s+)?(?:moving\s+average|ema|sma|ma)\b)/g,
    "a ",
  ],
  [
    /\b(?:two|three|four|2|3|4)\s+(?=(?:exponential\s+|simple\s+|smoothed\s+)?(?:moving\s+averages|emas|smas|mas)\b)/g,
    "the ",
  ],
  // "the lower MA of Bollinger Bands", "the upper line of the bands": a band of the Bollinger indicator.
  [
    /\b(upper|lower|middle|mid|top|bottom)\s+(?:ma|moving\s+average|line|band)\s+of\s+(?:the\s+)?(?:bollinger|bb)\s*(?:bands?)?/g,
    "$1 bollinger band",
  ],
  // "RSI (7 period)", "ADX (14 periods)": the period in brackets.
  [/\(\s*(\d+)\s*(?:-\s*)?(?:periods?|bars?|days?|candles?)\s*\)/g, "($1)"],
  // Moving averages: "moving average" → "ma" so that "50 simple ma" and "50 sma" meet.
  [/\bmoving\s+average\b/g, "ma"],
  // "the 5 period exponential average of the RSI": an average named by its kind without "moving".
  [/\bexponential(?:ly)?(?:\s+weighted)?\s+average\b/g, "ema"],
  [/\bsimple\s+average\b/g, "sma"],
  [/\bsmoothed\s+average\b/g, "smma"],
  // "smoothed with a 10-period average": a plain average of a length (MT5's default, simple).
  [
    /\b(smooth(?:ed)?\s+(?:by|with|using)\s+(?:an?\s+)?)(\d+)(?:\s*-?\s*(?:period|bar)s?)?\s+average\b/g,
    "$1$2 ma",
  ],
  [/\bm\.a\.?/g, "ma"],
  [/\blinear(?:ly)?[\s-]+weighted\b/g, "lw"],
  [/\bweighted\s+ma\b/g, "lwma"],
  [/\bsmoothed\s+ma\b/g, "smma"],
  // "MA smoothed 21", "moving average (MA smoothed) with period 9": the kind written after the name.
  [/\bma\s+(?:smoothed|smooth)\b/g, "smma"],
  [/\bma\s+exponential\b/g, "ema"],
  [/\bma\s+(?:simple)\b/g, "sma"],
  [/\bma\s*\(\s*(sma|ema|smma|lwma)\s*\)/g, "$1"],
  // "the fast moving average EMA with period 12": the kind's abbreviation after the generic name.
  [/\bma\s+(sma|ema|smma|lwma)\b(?!\s*\d)/g, "$1"],
  [/\bexponential\s+ma\b/g, "ema"],
  [/\bsimple\s+ma\b/g, "sma"],
  [/\blw\s+ma\b/g, "lwma"],
  // "Fast MA = 10 (SMA)", "slow ema period: 26", "Fast EMA: 12": a role's length as a setting, read like "fast
  // 10 sma" (the kind in brackets wins over a plain "ma").
  [
    /\b(fast|slow)(?:er)?\s+(sma|ema|smma|lwma|ma)\s*(?:period|length)?\s*(?:=|:)\s*(\d+)\b(?:\s*\(\s*(sma|ema|smma|lwma)\s*\))?(?=([ \t]*\n)?)/g,
    // A line of its own stays a sentence of its own (the next setting line is no part of it).
    (_w: string, role: string, kind: string, n: string, stated?: string, eol?: string) =>
      `${role} ${n} ${stated || kind}${eol ? "." : ""}`,
  ],
  [/\b(\d+)\s*(sma|ema|smma|lwma|wma|ma)s?\b/g, "$1 $2"],
  // "EMA2Median": a length and the applied price glued to the name.
  [/\b(sma|ema|smma|lwma|wma|ma)(\d+)(median|typical|weighted|high|low|open|close)\b/g, "$2 $1 of $3"],
  [/\b(sma|ema|smma|lwma|wma|ma)(\d+)\b/g, "$1 $2"],
  // "EMA2Median", "SMA10Close": an input-style name of an average with its applied price.
  [/\b(sma|ema|smma|lwma|ma)(\d+)(median|typical|weighted|close|open|high|low)\b/g, "$2 $1 of $3"],
  [/\bwma\b/g, "lwma"],
  // "20 SMA High", "SMMA-Low", "EMA (close)": the price an average is applied to, written after it.
  [/\b(sma|ema|smma|lwma|ma)\s*-\s*(high|low|open|close|median|typical|weighted)\b/g, "$1 of $2"],
  [
    /\b(\d+\s*(?:sma|ema|smma|lwma|ma))\s+\(?(high|low|median|typical|weighted)\)?(?!\s+(?:of|than)\b)/g,
    "$1 of $2",
  ],
  // Order types written as one word.
  [/\bbuy-?stop\b/g, "buy stop"],
  [/\bsell-?stop\b/g, "sell stop"],
  [/\bbuy-?limit\b/g, "buy limit"],
  [/\bsell-?limit\b/g, "sell limit"],
  // "5 EMA fast above 21 EMA slow": a role word after a length only says which one is which.
  [/\b(\d+\s*(?:sma|ema|smma|lwma|ma))\s+(?:fast|slow|faster|slower)\b/g, "$1"],
  [/\bmas\b/g, "ma"],
  [/\b(sma|ema|smma|lwma)s\b/g, "$1"],
  // Named crosses mean the 50/200 simple averages.
  [/\bgolden\s+cross(?:over)?\b/g, "golden-cross"],
  [/\bdeath\s+cross(?:over)?\b/g, "death-cross"],
  // Oscillator spellings.
  [/\brelative\s+strength\s+index\b/g, "rsi"],
  [/\bcommodity\s+channel\s+index\b/g, "cci"],
  [/\baverage\s+true\s+range\b/g, "atr"],
  // "crosses below 100 or below 0": the verb said once is both alternatives' (the second is no level).
  [
    /\b(cross(?:es|ed|ing)?)\s+(above|below|over|under)\s+([-+]?\d+(?:\.\d+)?)\s+or\s+(above|below|over|under)\s+(?=[-+]?\d)/g,
    "$1 $2 $3 or $1 $4 ",
  ],
  // "ATR(20) multiplied by 2", "the atr times 1.5": the multiple written after the ATR, as "atr(20) x 2" is.
  [
    /\batr\s*(?:\(\s*(\d+)\s*\)|(\d+)\b)?\s*(?:multiplied\s+by|times|x|\*|×)\s*(?=\d)/g,
    (_w: string, a?: string, b?: string) => ((a ?? b) ? `atr(${a ?? b}) x ` : "atr x "),
  ],
  [/\baverage\s+directional\s+(?:index|movement\s+index)\b/g, "adx"],
  [/\bmacd\s+histogram\b/g, "macd histogram"],
  // "the difference between the MACD and its signal line", "MACD minus signal": the histogram (main - signal).
  [
    /\b(?:the\s+)?difference\s+between\s+(?:the\s+)?macd(?:\s+(?:main\s+)?line)?\s+and\s+(?:the\s+|its\s+)?(?:macd\s+)?signal(?:\s+line)?\b|\bmacd(?:\s+(?:main\s+)?line)?\s+minus\s+(?:the\s+|its\s+)?(?:macd\s+)?signal(?:\s+line)?\b/g,
    "macd histogram",
  ],
  // "greater than that of the previous candle", "lower than on the prior bar", "above its previous value": the
  // line against its own previous bar, a slope.
  [
    /\b(?:is\s+)?(?:greater|higher|bigger|larger|more|above)\s+than\s+(?:(?:that|the\s+value|its\s+value|it\s+was|the\s+one)\s+)?(?:(?:of|on|at|in|for)\s+)?(?:the\s+)?(?:previous|prior|last|preceding)\s+(?:candle|bar|one|value|reading)s?\b(?:'s)?|\b(?:is\s+)?(?:greater|higher|bigger|above)\s+than\s+(?:its\s+)?(?:previous|prior)\s+value\b/g,
    "rising",
  ],
  [
    /\b(?:is\s+)?(?:less|lower|smaller|below)\s+than\s+(?:(?:that|the\s+value|its\s+value|it\s+was|the\s+one)\s+)?(?:(?:of|on|at|in|for)\s+)?(?:the\s+)?(?:previous|prior|last|preceding)\s+(?:candle|bar|one|value|reading)s?\b(?:'s)?|\b(?:is\s+)?(?:less|lower|smaller|below)\s+than\s+(?:its\s+)?(?:previous|prior)\s+value\b/g,
    "falling",
  ],
  [/\b(rsi|cci|adx|atr|momentum)(\d+)\b/g, "$1 $2"],
  // Directions.
  [/\bvice[\s-]+versa\b/g, "vice versa"],
  // "Signal for sell: on the contrary", "conversely for shorts", "symmetrically for the short side": the mirror.
  [
    /\b(?:on\s+the\s+contrary|the\s+contrary|conversely|contrariwise|symmetrically|simmetrically)\b/g,
    "vice versa",
  ],
  // "Take profit: both stochastic lines rising above 70": a target given as a condition is the exit rule.
  [
    /\b(?:take profit|target)\s*:\s*(?=(?:the\s+|both\s+|when\s+|if\s+)?(?:rsi|stochastic|macd|cci|adx|momentum|price|close|ema|sma|smma|lwma|ma|bollinger|\d+\s+(?:ema|sma|smma|lwma|ma)\b))/g,
    "exit when ",
  ],
  // "It closes the long position when ...": an exit of that side (not the closing price).
  [
    /\b(?:it|we|i|the\s+ea|the\s+strategy|the\s+system|the\s+robot)\s+(?:closes|exits|will\s+close|close|exit)\s+(?:the\s+|a\s+|any\s+|all\s+)?(long|short|buy|sell)\s+(?:positions?|trades?|orders?)\s+(when|if)\b/g,
    (_m: string, side: string) => `exit ${side === "buy" ? "long" : side === "sell" ? "short" : side} when`,
  ],
  // "Same rules for short transactions": the other side mirrors the one described.
  [
    /\b(?:the\s+)?same\s+(?:rules?|conditions?|logic|way)\s+(?:for|apply\s+to|applies\s+to)\s+(?:the\s+)?(?:short|sell|long|buy)s?(?:\s+(?:transactions?|trades?|positions?|side|entries|orders?))?\b/g,
    "vice versa",
  ],
  [/\bshorts\b/g, "short"],
  [/\blongs\b/g, "long"],
  [/\bbuys\b/g, "buy"],
  [/\bsells\b/g, "sell"],
  // "goes long when A and closes the long when B", "exits the short if C": an exit of that side, in a sentence
  // of its own so that B is not read as one more condition of the entry.
  [
    /(\s+and)?\s+\b(?:closes|exits|close|exit|closing|exiting)\s+(?:the\s+|a\s+|any\s+|all\s+|its\s+|their\s+|open\s+)?(long|short|buy|sell)(?:\s+(?:positions?|trades?|orders?|side))?\s+(when|if|once|as\s+soon\s+as)\b/g,
    (_m: string, and: string | undefined, side: string) =>
      `${and ? "." : ""} exit ${side === "buy" ? "long" : side === "sell" ? "short" : side} when`,
  ],
  // "exit longs on X and shorts on Y": two exits, one per side.
  [
    /\b(exit|close)\s+(long|short)\s+(?:on|when|if|at)\s+([^.;]+?)\s*,?\s+and\s+(short|long)\s+(?:on|when|if|at)\s+/g,
    "$1 $2 when $3. $1 $4 when ",
  ],
  // "don't take long if RSI is above 70", "never sell when it is below 30", "no short while price is over the
  // EMA": a negated filter on that side, the condition turned round ("buy only when RSI is below 70"). One that
  // cannot be turned round simply (a cross, several conditions) is left out, as a parenthesised caution is.
  [
    /\b(?:don't|do not|dont|never|no|avoid)\s+(?:(?:take|open|enter|taking|opening|entering|place|placing)\s+)?(?:any\s+|a\s+|new\s+)?(buy|long|sell|short)(?:s|ing)?(?:\s+(?:trades?|positions?|entries|orders?|signals?))?\s+(?:when|if|while|whenever|as\s+long\s+as)\s+([^.;\n]+?)(?=\s*(?:[.;\n]|,\s*(?:and\s+)?(?:no|never|don't|do\s+not|dont|avoid)\b|\s+and\s+(?:no|never|don't|do\s+not|dont|avoid)\b|$))/g,
    (_m: string, side: string, cond: string) => {
      const turned = negatedCondition(cond);
      const word = side === "long" || side === "buy" ? "buy" : "sell";
      return turned ? `${word} only when ${turned}` : "";
    },
  ],
  // A parenthesised caution "(do not enter if ... overbought)" is a negated filter; read without its negation it
  // would require the very opposite, so it is left out (the rest of the rule stands).
  [/\(\s*(?:do not|don't|never|avoid)\b[^()]*\)/g, ""],
  // "a target at twice the stop distance": a multiple of the stop.
  [/\btwice\b/g, "2 times"],
  [/\bthrice\b/g, "3 times"],
  [/\b(stop loss|stop)\s+(?:distance|size)\b/g, "$1"],
  // "below or on the band", "at or above 70", "equal or higher than 80", "greater than or equal to 20": the
  // spec's comparisons include the boundary's neighbourhood, so these read as the plain comparison.
  [
    /\b(?:(?:at|on)\s+or\s+(below|under|above|over)|(below|under|above|over)\s+or\s+(?:at|on|equal\s+to|touching))\b/g,
    "$1$2",
  ],
  [/\bequal\s+(?:to\s+)?or\s+(higher|greater|lower|less|more|bigger|smaller)\s+th[ae]n\b/g, "$1 than"],
  [/\b(higher|greater|lower|less|more|bigger|smaller)\s+th[ae]n\s+or\s+equal\s+(?:to\s+)?/g, "$1 than "],
  // "more then 50" (a common slip for "than"); "positive 50" / "negative 50" are signed levels.
  [/\b(more|less|higher|lower|greater|bigger|smaller|rather)\s+then\b/g, "$1 than"],
  [/\bpositive\s+(?=\d)/g, ""],
  // "in the positive zone", "into negative territory": above or below zero.
  [
    /\b(?:in|into|inside|within)\s+(?:the\s+)?(positive|negative)\s+(?:zone|territory|area|region|side|values?)\b/g,
    "$1",
  ],
  [/\bnegative\s+(?=\d)/g, "-"],
  // "the high price of the last candle": the closed bar's own field, which every rule reads.
  [
    /\b(?:the\s+)?(high|low|open)\s+price\s+of\s+(?:the\s+)?(?:last|latest|current|previous\s+closed)\s+(?:candle|bar)\b/g,
    "the $1 price",
  ],
  [
    /\b(?:the\s+)?(?:close|closing)\s+price\s+of\s+(?:the\s+)?(?:last|latest|current)\s+(?:candle|bar)\b/g,
    "the close",
  ],
  // "stay in the buy until X", "hold the trade until X": X closes that trade.
  [
    /\b(?:you\s+(?:would|will|should)\s+)?(?:stay|remain|hold|keep)\s+(?:in\s+)?(?:the\s+|that\s+|this\s+|your\s+|a\s+)?(buy|sell|long|short)?\s*(?:trades?|positions?)?\s+(?:open\s+)?until\b/g,
    "exit $1 when",
  ],
  // Re-entry rules (a second entry after an exit on the same signal) are not part of a rule set; reading them
  // as conditions would add the opposite of the exit to the entry.
  [/[,;]?\s*(?:and\s+)?re-?entr(?:y|ies)\b[^.;\n]*/g, ""],
  // Contractions the extractors spell out.
  [/\bwe're\b/g, "we are"],
  [/\b(we|you|i|they|it)'ll\b/g, "$1 will"],
  // "crosses from negative to positive": a cross of zero.
  [
    /\b(?:cross(?:es|ed)?|turns?|goes|flips?|moves?)\s+from\s+negative\s+(?:to|into)\s+positive\b/g,
    "crosses above 0",
  ],
  [
    /\b(?:cross(?:es|ed)?|turns?|goes|flips?|moves?)\s+from\s+positive\s+(?:to|into)\s+negative\b/g,
    "crosses below 0",
  ],
  // "move the stop loss to the entry price", "stop loss is moved to open price": break-even ("the open of the
  // last candle" is a candle's price, not the entry).
  [
    /\b(stop loss|stop)\s+(?:(?:is|will\s+be|gets?|should\s+be|must\s+be|to\s+be)\s+)?(?:(?:moved|moves?|set|put|shifted|placed|brought|taken)\s+)?(?:at|to)\s+(?:the\s+)?(?:entry|open(?:ing)?)(?:\s+(?:price|level|point))?\b(?!\s+of\b)/g,
    "$1 to breakeven",
  ],
  [/\b(is|are|was|were|does|do|has|have|should|must)n't\b/g, "$1 not"],
  // "not above the 80 mark, i.e. ...", "at the 50 mark": a level is its number.
  [/\b(?:the\s+)?(\d+(?:\.\d+)?)\s+(?:mark|level)\b/g, "$1"],
  [/\bmacd\s+(?:with|using|of)\s+(?:the\s+)?(?:ema|sma)s?\b/g, "macd"],
  [/\bit's\b/g, "it is"],
  [/\bi'm\b/g, "i am"],
  [/\bthey're\b/g, "they are"],
  // "gets back to 50", "returns to 50": a cross of that level, its direction read from the side.
  [/\b(?:gets|goes|comes|moves|falls|rises)\s+back\s+to\b|\breturns\s+to\b/g, "crosses"],
  // "exit at the middle band": the price reaching it.
  // "close when the price closes on the other side of the 20 SMA": a long closes below the line, a short above.
  [
    /\b(exit|close)\b([^.;\n]{0,30}?)\s(?:when|if|once|as\s+soon\s+as)\s+(?:the\s+)?(?:price|it|a\s+candle|the\s+candle|the\s+bar|a\s+bar)\s+(closes|is|crosses|moves|goes|breaks)\s+(?:back\s+)?(?:on|to|onto|through\s+to)\s+the\s+other\s+side\s+of\s+(?:the\s+)?([^.;,\n]{2,30}?)(?=\s*(?:[.;,\n]|$))/g,
    (_m: string, _verb: string, _between: string, how: string, line: string) =>
      how === "closes" || how === "is"
        ? `exit long when the close is below the ${line}. exit short when the close is above the ${line}`
        : `exit long when price crosses below the ${line}. exit short when price crosses above the ${line}`,
  ],
  // "a crossover of the 8 and 21 EMA", "a cross between the 50 SMA and the 200 SMA": the two lines crossing.
  [
    /\b(?:a|the)\s+(?:cross(?:over)?|crossing)\s+(?:of|between)\s+(?:the\s+)?([^.,;:\n]{1,25}?)\s+and\s+(?:the\s+)?([^.,;:\n]{0,25}?\b(?:sma|ema|smma|lwma|ma|moving\s+averages?|averages?|mas|emas|smas))\b/g,
    "the $1 and $2 cross",
  ],
  // "MACD crosses above its signal = buy", "close above the 10 SMA -> buy": the arrow names the action.
  [
    /(^|[.;:\n]\s*|,\s+)([a-z%+](?:[^.;:\n,=()]|\([^()]*\)){3,80}?)\s*(?:=>|->|→|=)\s*(buy|sell|long|short)\b/g,
    // "direction = long", "trade mode = short" name a setting, not a signal.
    (m: string, lead: string, cond: string, side: string) =>
      /\b(?:direction|side|mode|type|trades?|positions?|orders?|only)\s*$/.test(cond)
        ? m
        : `${lead}${side} when ${cond}`,
  ],
  // A Donchian channel is the N-bar high and low (a price level v2 states): "the upper band of the 20-period
  // Donchian channel", "the 55 Donchian high", "Donchian(20) low".
  [
    /\b(?:the\s+)?(upper|lower|top|bottom|high|low)\s+(?:band|line|side)?\s*of\s+(?:the\s+)?(\d+)\s*(?:period|bar|day)?s?\s+donchian(?:\s+channels?)?/g,
    (_m: string, side: string, n: string) =>
      `the ${/upper|top|high/.test(side) ? "highest high" : "lowest low"} of the last ${n} bars`,
  ],
  [
    /\b(?:the\s+)?(?:(\d+)\s*(?:period|bar|day)?s?\s+)?donchian(?:\s+channels?)?(?:\s*\(\s*(\d+)\s*\))?\s+(upper|lower|top|bottom|high|low)(?:\s+(?:band|line|side))?\b/g,
    (m: string, n1: string | undefined, n2: string | undefined, side: string) => {
      const n = n1 ?? n2;
      if (!n) return m;
      return `the ${/upper|top|high/.test(side) ? "highest high" : "lowest low"} of the last ${n} bars`;
    },
  ],
  // TradingView calls the bands' middle line "the basis".
  [/\bthe\s+basis(?:\s+line)?(?:\s*\((?:the\s+)?middle\s+(?:bollinger\s+)?band\))?/g, "the middle band"],
  [
    /\b(exit|close)(?:\s+(?:the|a|all|any|your|open)\s+)?(?:\s*(?:trades?|positions?|deals?))?\s+(?:at|on)\s+(?:the\s+)?(middle|upper|lower)\s+(?:bollinger\s+)?band\b/g,
    "$1 when price crosses the $2 band",
  ],
  // "CCI (14) - on the typical price (HLC/3)": the dash joins the price to its indicator; HL/2 restates it.
  [/\s+-\s+(?=applied\s+to\b)/g, " "],
  [/\s*\((?:hl|h\s*\+\s*l)\s*\/\s*2\)/g, ""],
  // Job-spec annotations that a parameter is an input say nothing about the rule: "SMA 8 (variable)".
  [/\s*\((?:variable|adjustable|input|optimi[sz]able|editable|changeable|configurable|user input)\)/g, ""],
  // "SMA 8" / "EMA 50" written name-first, as most job specifications do (not "ema 5 pips").
  [
    /\b(sma|ema|smma|lwma|ma)\s+(\d+)\b(?!\s*(?:pips|points|%|percent|lots?|bars?|periods?|minute|hour|day)|\s*[/,]\s*\d)/g,
    "$2 $1",
  ],
  // "buy when X + sell when Y": a plus between two signals separates them.
  [/\s\+\s+(?=(?:buy|sell|go long|go short|long|short|enter)\b)/g, ". "],
  // "crosses the midline from below" is an oscillator crossing its centre (50), "X crosses Y from below" a cross up.
  [
    /\bcross(es|ed)?\s+(?:the\s+)?(?:mid-?line|middle\s+line|cent(?:er|re)\s*line)\s+from\s+below\b/g,
    "cross$1 above 50",
  ],
  [
    /\bcross(es|ed)?\s+(?:the\s+)?(?:mid-?line|middle\s+line|cent(?:er|re)\s*line)\s+from\s+above\b/g,
    "cross$1 below 50",
  ],
  // "from bottom to top", "from underneath", "from the top": the side a cross comes from.
  [/\bfrom\s+(?:the\s+)?(?:bottom|underneath|beneath)(?:\s+to\s+(?:the\s+)?top)?\b/g, "from below"],
  [/\bfrom\s+(?:the\s+)?top(?:\s+to\s+(?:the\s+)?bottom)?\b/g, "from above"],
  [/\bcross(es|ed)?\s+([^.,;]{1,40}?)\s+from\s+below\b/g, "cross$1 above $2"],
  [/\bcross(es|ed)?\s+([^.,;]{1,40}?)\s+from\s+above\b/g, "cross$1 below $2"],
  [/\b(above|below)\s+the\s+level\s+of\s+/g, "$1 "],
  // Translated texts: "the opening of a sale", "for the sale": a sell. "For the sale - from above" after a buy's
  // cross "from below" only gives the cross's other direction: the mirror of the buy.
  [/\b(for|of)\s+(?:the\s+|a\s+)?sales?\b/g, "$1 sell"],
  [/\bsales?\s+(?=(?:orders?|positions?|deals?|signals?|trades?)\b)/g, "sell "],
  [
    /\b(for\s+(?:the\s+|a\s+)?(?:sell|short)(?:ing|s)?)\s*(?:[-:,]|is)?\s*(?:from\s+above|downwards?)(?=\s*(?:[.;\n]|$))/g,
    "$1, vice versa",
  ],
  [
    /\b(for\s+(?:the\s+|a\s+)?(?:buy|long|purchase)(?:ing|s)?)\s*(?:[-:,]|is)?\s*(?:from\s+below|upwards?)(?=\s*(?:[.;\n]|$))/g,
    "$1, vice versa",
  ],
  // Fast/slow "one" is a pronoun for a moving average, not the number 1.
  [/\b(fast|slow|faster|slower|longer|shorter|short-term|long-term)\s+ones?\b/g, "$1 ma"],
  [/\bthe\s+other\s+one\b/g, "the other"],
  // "Sell if: as above but when the averages cross down": the reference adds nothing the clause does not say.
  [
    /\b(?:(?:the\s+)?same\s+as\s+(?:above|before|the\s+buy|for\s+(?:buys|longs))|as\s+above)\s*,?\s*(?:but|except)?\s*(?=when|if|the|with)/g,
    "",
  ],
  [/\b(when|if)\s+(?:when|if)\b/g, "$1"],
  // "when momentum equals 0": a line of real values is never exactly at a level; it means crossing it.
  [
    /\b(?:value\s+)?(?:equals|is\s+equal\s+to|becomes|becomes\s+equal\s+to)\s+(?=[-+]?\d+(?:\.\d+)?(?!\d|\.\d)(?!\s*(?:pips?|points?|%|percent|lots?|x\b|times|atr|r\b)))/g,
    "crosses ",
  ],
  // "the last candle opens below the ema": the bar's open price, not its close.
  [
    /\b(?:the\s+)?(?:(?:last|previous|prior|current|signal)\s+)?(?:candle|bar)\s+(?:opens|opened|is\s+opened|was\s+opened)\s+(above|below|under|over)\b/g,
    "the open price is $1",
  ],
  // ", i.e. not above 80": a restatement of the condition before it, which would otherwise read as a second one.
  [/\s*,?\s*\b(?:i\.e\.|ie\.|that\s+is(?:\s+to\s+say)?,|in\s+other\s+words,?)\s*[^,.;:\n]*/g, ""],
  // "the stochastic' lines", "the macds' signal": a possessive apostrophe after a name.
  [/\b([a-z]+)'(?=\s)/g, "$1"],
  // "both stochastic lines are heading up": each of the two lines.
  [
    /\b(?:both\s+)?(?:the\s+)?(stochastic|stoch)(?:'s)?\s+lines\s+(?:are\s+)?(heading|headed|directed|pointing|sloping|turning|rising|falling)\b/g,
    "%k and %d are $2",
  ],
  // "%K crosses above %D and both are below 20": each of the two Stochastic lines.
  [
    /(%k\s+cross(?:es|ed)?\s+(?:above|below|over|under)\s+(?:the\s+)?%d[^.;\n]{0,20}?\b(?:and|while|with))\s+both(?:\s+(?:lines|of\s+them))?\s+(?:are\s+|being\s+)?(?=(?:above|below|over|under|in)\b)/g,
    "$1 %k and %d are ",
  ],
  // "the 4 EMA reverses and crosses the 13 EMA": a cross back.
  [/\b(?:reverses?|reversed|turns?|turned)\s+(?:back\s+)?(?:and|to)\s+cross(?:es|ed)?\b/g, "crosses back"],
];

const TURNED: Record<string, string> = {
  above: "below",
  over: "under",
  below: "above",
  under: "over",
  "greater than": "less than",
  "higher than": "lower than",
  "more than": "less than",
  "less than": "greater than",
  "lower than": "higher than",
  ">": "<",
  "<": ">",
};

/** "RSI is above 70" turned round ("RSI is below 70"); null when it is not one plain comparison. */
function negatedCondition(cond: string): string | null {
  if (/\b(?:cross\w*|and|or|between|not|rising|falling|turns?)\b|[<>]=/.test(cond)) return null;
  const words = /\b(?:above|over|below|under|(?:greater|higher|more|less|lower)\s+than)\b|[<>]/g;
  const found = cond.match(words) ?? [];
  if (found.length !== 1) return null;
  const w = found[0].replace(/\s+/g, " ");
  return cond.replace(words, () => TURNED[w] ?? w);
}

/**
 * "move SL to BE after 20 pips", "BE at +15": the capitals tell break-even from the verb, so this is read before
 * the text is lower-cased; in lower case only "to be" right before its trigger ("sl to be after 20 pips") is one.
 */
function breakEvenAbbreviation(text: string): string {
  return text
    .replace(
      /(?<=\b(?:to|at|move|set|a|the|sl|stop|SL)\s+)B\.?E\b\.?(?=[\s,;:+)]|$)|\bB\.?E\b\.?(?=\s*(?:after|at|when|once|if|\+|stop|level|trigger)\b)/g,
      "breakeven",
    )
    .replace(
      /\b((?:sl|stop|stop\s*loss)\s+to\s+)be\b(?=\s*(?:after|once|when|if|at\s*\+|\+|\(|[.,;]|$))/gi,
      "$1breakeven",
    );
}

/**
 * Lower-cases, repairs common typos, unifies synonyms and turns number words into digits.
 * Every extractor works on this form only.
 */
export function normalize(message: string): string {
  // Named inputs first: the case of "stopMult" tells a name from words (inputs.ts).
  // Platform bar indexes counted from the forming bar become ours (bar-cross.ts).
  let text = fromLastClosed(breakEvenAbbreviation(sentenceStarts(substituteInputs(message))).toLowerCase());
  // "close when price closes back inside the bands": each side's band, from where the entries were (bands-exit.ts).
  text = backInsideBands(text);
  for (const [pattern, replacement] of REWRITES) {
    text =
      typeof replacement === "string"
        ? text.replace(pattern, replacement)
        : text.replace(pattern, replacement);
  }
  text = replaceNumberWords(text);
  // Averages named by their price and candles named by index (indexed-prices.ts).
  text = rewriteIndexedPrices(text);
  text = markBarQualifiers(rewriteConditionWords(resolveColours(rewriteParameterForms(text))));
  text = expandMaChains(text);
  text = referToPeriod(text);
  text = rewriteConstructs(text);
  // A range built over hours and its sides before the level rewrites read them (session-range.ts).
  text = rewriteSessionRange(text);
  // Orders at a channel's sides and the stop at its other side (breakout-orders.ts).
  text = rewriteBreakoutOrders(text);
  text = applyBreakBuffer(text);
  for (const [pattern, replacement] of LEVEL_REWRITES) text = text.replace(pattern, replacement);
  // Number words may have produced "50 ema" forms that the rewrites above already handled for digits.
  text = text.replace(
    /\b(\d+)\s*-\s*(minute|hour|day|week|period|bar|candle|pips?|points?|ma|sma|ema)\b/g,
    "$1 $2",
  );
  // Names defined in words stand for their conditions before the sections split the text (definitions.ts).
  text = resolveDefinitions(text.replace(/[ \t]+/g, " ").trim());
  return sectionize(attachSettings(readParameterLists(text)));
}

/**
 * "... > 0.0005 It closes the position when ...": a capitalised word that can only open a sentence ("It",
 * "Then", "StopLoss") right after a number, with no full stop between, starts a new one (read before the text
 * is lower-cased; "above 50 I buy" stays one clause).
 */
export function sentenceStarts(text: string): string {
  return text.replace(
    /(\d)\s+(?=(?:It|Then|Symmetrically|Simmetrically|Similarly|Stop\s*Loss|StopLoss|Take\s*Profit|TakeProfit)\b)/g,
    "$1. ",
  );
}

/**
 * "orders at yesterday's highs and lows ... 3 points over the highs": a plural "the highs" / "the lows"
 * after the text has named the previous day's (or week's) highs and lows refers back to them.
 */
export function referToPeriod(text: string): string {
  const named =
    /\b(?:highs?|lows?)(?:\s+(?:or|and|\/)\s+(?:the\s+)?(?:highs?|lows?))?\s+of\s+(?:the\s+)?(?:previous|prior|last)\s+(day|week)\b/.exec(
      text,
    );
  if (!named) return text;
  const at = named.index + named[0].length;
  return (
    text.slice(0, at) +
    text.slice(at).replace(/\bthe\s+(high|low)s\b(?!\s+of\b)/g, `the previous ${named[1]} $1`)
  );
}

/**
 * "4 ema > 8 > 12 > 16": a chain of three or more lengths after a moving average orders averages of that kind
 * (a bare number there is not a price level: a level is compared once, not chained).
 */
export function expandMaChains(text: string): string {
  return text.replace(
    /\b(\d+)\s+(sma|ema|smma|lwma|ma)\s*([<>])\s*(\d+)(?:\s+\2)?((?:\s*\3\s*\d+(?:\s+\2)?)+)/g,
    (_w, first: string, kind: string, op: string, second: string, rest: string) => {
      const lengths = [first, second, ...[...rest.matchAll(/\d+/g)].map((m) => m[0])];
      const pairs: string[] = [];
      for (let i = 1; i < lengths.length; i++)
        pairs.push(`${lengths[i - 1]} ${kind} ${op} ${lengths[i]} ${kind}`);
      return pairs.join(" and ");
    },
  );
}

/**
 * Splits normalised text into sentences. A full stop inside a number ("1.5") or a time is not a
 * sentence end.
 */
export function sentences(text: string): string[] {
  return text
    .split(/;+|\n+|(?<!\d)[.!?]+(?!\d)|(?<=\d)[.!?]+(?=\s|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
