// Two phrasings that name prices indirectly, rewritten (lower-cased text) into the forms the clause reader
// already knows:
// - two averages of one length on different prices: "2 ema (10) applied to the open and the close ... if the
//   close line is higher than the open line" -> "the 10 ema on close is higher than the 10 ema on open";
//   "ma(10) applied to high vs ma(10) applied to low" -> "10 ma on high ... 10 ma on low".
// - candles numbered by index as chart platforms show them: candle 1 is the last closed bar (our shift 0),
//   candle 2 the one before: "the high of candle (1) is above the high of candle (2)" -> "the high of 0 bars
//   ago is above the high of 1 bars ago". A count of candles ("the last 2 candles") is no index.

const MA = "(sma|ema|smma|lwma|ma|moving\\s+averages?)(?:\\s+(?:indicators?|lines?))?";
const PRICE = "(open|opening|close|closing|high|low)";
const FIELD: Readonly<Record<string, string>> = { opening: "open", closing: "close" };
const field = (w: string): string => FIELD[w] ?? w;
const maWord = (w: string): string => (w.startsWith("moving") ? "ma" : w);

/** "two sma (20) calculated on the highs and the lows of the bars": both prices with their own line. */
const PAIR_DECLARED = new RegExp(
  `\\b(?:2|two|a\\s+pair\\s+of)\\s+${MA}s?\\s*\\(?\\s*(\\d{1,3})\\s*\\)?\\s*,?\\s*(?:applied|calculated|built|based)?\\s*(?:to|on|of|from)\\s+(?:the\\s+)?${PRICE}s?(?:\\s+prices?)?\\s+(?:and|&)\\s+(?:the\\s+)?${PRICE}s?(?:\\s+prices?)?(?:\\s+(?:of|for)\\s+(?:the\\s+)?(?:candles?|bars?|candlesticks?))?`,
  "g",
);

/** "the 10 ema applied to the close", "ma(10) applied to high", "an ema (10) of the opens": one line. */
const ONE_APPLIED = new RegExp(
  `\\b${MA}\\s*\\(\\s*(\\d{1,3})\\s*\\)\\s*(?:applied\\s+to|calculated\\s+on|based\\s+on|on|of)\\s+(?:the\\s+)?${PRICE}s?\\b(?:\\s+prices?)?|\\b(\\d{1,3})\\s+${MA}\\s+(?:applied\\s+to|calculated\\s+on|based\\s+on|of)\\s+(?:the\\s+)?${PRICE}s?\\b(?:\\s+prices?)?`,
  "g",
);

function rewriteAveragePairs(text: string): string {
  // A declared pair: its lines are then named by their price ("the closing line", "the open one").
  let out = text.replace(PAIR_DECLARED, (whole, kind: string, n: string, a: string, b: string) => {
    const pa = field(a);
    const pb = field(b);
    if (pa === pb) return whole;
    const line = `${n} ${maWord(kind)}`;
    return `${line} on ${pa} and the ${line} on ${pb}`;
  });
  // Then single lines named with their price.
  out = out.replace(ONE_APPLIED, (whole, k1, n1, p1, n2, k2, p2) => {
    const kind = typeof k1 === "string" ? k1 : k2;
    const n = typeof n1 === "string" ? n1 : n2;
    const p = typeof p1 === "string" ? p1 : p2;
    if (typeof kind !== "string" || typeof n !== "string" || typeof p !== "string") return whole;
    return `${n} ${maWord(kind)} of ${field(p)}`;
  });
  // "the high line is above the low line", "the close one over the open one": each line of a declared pair by
  // its price.
  const declared = [
    ...out.matchAll(
      /\b(\d{1,3}) (sma|ema|smma|lwma|ma) on (open|close|high|low) and the \1 \2 on (open|close|high|low)\b/g,
    ),
  ];
  for (const d of declared) {
    const [, n, kind, pa, pb] = d;
    const names = `(?:${pa}|${pb})`;
    const after = (d.index ?? 0) + d[0].length;
    const tail = out.slice(after);
    const stop = tail.indexOf("\n");
    const scope = stop < 0 ? tail : tail.slice(0, stop);
    const renamed = scope.replace(
      new RegExp(`\\b(?:the\\s+)?(${names}|opening|closing)s?\\s+(?:line|one|average|ma|ema|sma)\\b`, "g"),
      (w, p: string) => {
        const f = field(p);
        return f === pa || f === pb ? `the ${n} ${kind} on ${f}` : w;
      },
    );
    out = out.slice(0, after) + renamed + (stop < 0 ? "" : tail.slice(stop));
  }
  return out;
}

/** "candle (1)", "candle[2]", "bar #1", "candle 2": an index, not a count. */
const INDEXED =
  "(?:candlestick|candle|bar)\\s*(?:\\(\\s*(\\d)\\s*\\)|\\[\\s*(\\d)\\s*\\]|#\\s*(\\d)|(\\d)(?!\\d|[.,]\\d|\\s*(?:bars?|candles?|pips?|points?|%)))";
const idx = (g: ReadonlyArray<unknown>): number | null => {
  const d = g.find((x) => typeof x === "string");
  return typeof d === "string" ? Number(d) : null;
};
const FIELDS = "(high|low|open|close)(?:\\s+and\\s+(?:the\\s+)?(high|low|open|close))?";
const CMP =
  "(is|are)?\\s*(higher\\s+than|above|greater\\s+than|over|>|lower\\s+than|below|less\\s+than|under|<)";

function rewriteIndexedCandles(text: string): string {
  // "candle[1] low", "candle 1's high", "bar 2 high" -> "the low of candle 1".
  let out = text.replace(
    new RegExp(`\\b(?:the\\s+)?${INDEXED}(?:'s)?\\s+(high|low|open|close)\\b(?!\\s+of\\b)`, "g"),
    (_w, a, b, c, d, f: string) => `the ${f} of candle ${idx([a, b, c, d])}`,
  );
  // "bar 1 closes above": the close of that bar.
  out = out.replace(
    new RegExp(`\\b(?:the\\s+)?${INDEXED}\\s+closes\\s+(above|below|higher\\s+than|lower\\s+than)`, "g"),
    (_w, a, b, c, d, cmp: string) => `the close of candle ${idx([a, b, c, d])} is ${cmp}`,
  );
  const side = `(?:the\\s+)?${FIELDS}\\s+of\\s+(?:the\\s+)?${INDEXED}`;
  return out.replace(new RegExp(`${side}\\s+${CMP}\\s+${side}`, "g"), (whole, ...g: unknown[]) => {
    const lf = [g[0], g[1]].filter((x): x is string => typeof x === "string");
    const li = idx(g.slice(2, 6));
    const verb = String(g[7]);
    const rf = [g[8], g[9]].filter((x): x is string => typeof x === "string");
    const ri = idx(g.slice(10, 14));
    if (li === null || ri === null || li < 1 || ri < 1 || li === ri) return whole;
    // "the low and high of 1 above the low and high of 2": pairwise; one field on the right compares to each.
    const pairs = lf.map((f, i) => [f, rf.length === lf.length ? rf[i] : rf[0]] as const);
    const op = verb === ">" ? "above" : verb === "<" ? "below" : verb;
    // Shifts 0 and 1 as "candle high" and "previous candle high", which a timeframe label can tag.
    const at = (f: string, k: number) =>
      k === 1 ? `the candle ${f}` : k === 2 ? `the previous candle ${f}` : `the ${f} of ${k - 1} bars ago`;
    return pairs.map(([a, b]) => `${at(a, li)} is ${op} ${at(b, ri)}`).join(" and ");
  });
}

export function rewriteIndexedPrices(text: string): string {
  return rewriteIndexedCandles(rewriteAveragePairs(text));
}
