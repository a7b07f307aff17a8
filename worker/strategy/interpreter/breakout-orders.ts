// Entry orders at a channel's sides (issue 15): "place a buy stop a little over the 30 bar high and a sell stop
// a little under the 30 bar low", "buy stop over the 55 day high, sell stop under the 55 day low", with the
// margin said apart ("entries go 2 pips beyond the breakout point") and the stop that is the other side's order
// ("your stop sits at the opposite end of the channel", "the opposite order is your stop"). Each order becomes the breakout rule the level grammar reads ("buy when
// price crosses above 3 pips above the 20 day high"), each side in its own clause; the stop becomes the other
// side's level ("stop loss at 3 pips below the 20 day low"), which side-stops.ts mirrors for the sells.
// A buy order above (a sell order below) the market is a stop order; a buy below / sell above (a limit, a
// pullback) is left alone, and so is an order at a candle (pending.ts). Normalised text, before the level
// rewrites (levels.ts).

/** An N-bar level: "20 day high", "55-bar low", "10 period high". */
const LEVEL = String.raw`(\d+)\s*-?\s*(days?|bars?|candles?|periods?|weeks?)\s+(high|low)s?\b`;

/** "buy 3 pips above the breakout level", "entries are 2 pips beyond the breakout point". */
const MARGIN =
  /\b(?:buy|sell|enter|entries?|get\s+in|go\s+(?:long|short)|orders?)\s+(?:(?:is|are|go|goes|placed|set)\s+)*(?:just\s+|about\s+)?(\d+(?:\.\d+)?)\s*(pips?|points?)\s+(?:above|below|beyond|past|over|under|outside|through)\s+(?:the\s+)?break\s*-?\s*outs?(?:\s+(?:level|point|price|line)s?)?\b/;
/** "a 3 pip buffer beyond the breakout", "with a 2 pip filter on the breakout level". */
const BUFFER =
  /\b(?:an?\s+)?(\d+(?:\.\d+)?)\s*-?\s*(pips?|points?)\s+(?:buffer|filter|margin)\s+(?:above|below|beyond|past|over|on|to|outside)\s+(?:the\s+)?break\s*-?\s*outs?(?:\s+(?:level|point|price|line)s?)?\b/;

/** "a new buy order just above the", "buy stop slightly over the", "sell stop orders are placed below the". */
const ORDER = new RegExp(
  String.raw`\b(?:an?\s+|the\s+)?(?:new\s+)?(buy|sell)(?:\s+(stop|limit))?(?:\s+(?:entry\s+)?(orders?))?\s+(?:(?:is|are|placed|put|set|sent|goes|go)\s+)*(?:(?:just|slightly|right|immediately)\s+|a\s+(?:little|bit|tick)\s+|a\s+few\s+pips\s+)?(above|over|below|under)\s+(?:the\s+)?(?:(?:new|current|latest|recent)\s+)?(?=${LEVEL})`,
  "g",
);

/** "the protective stop is the pending order at the far side of the channel", "stop at the opposite side of it". */
const OTHER_SIDE =
  /\b(?:(?:your|the|my|our|an?)\s+)?(?:(?:initial|protective|first)\s+)?(?:stop(?:\s*-?\s*loss)?|sl)\s+(?:(?:is|will\s+be|goes|placed|set|sits|=|:)\s+)*(?:at\s+|on\s+)?(?:the\s+)?(?:(?:entry\s+|pending\s+|stop\s+)?order\s+(?:on|at)\s+the\s+)?(?:other|opposite)\s+(?:side|end)\s+of\s+the\s+(?:\d+\s*-?\s*(?:days?|bars?|periods?|weeks?)\s+)?(?:channel|breakout\s+range|price\s+channel)\b/g;
/** "the opposite entry order is your stop", "the other order doubles as the stop loss". */
const ORDER_IS_STOP =
  /\b(?:the\s+)?(?:other|opposite)\s+(?:side's\s+)?(?:entry\s+|pending\s+|stop\s+)?order\s+(?:is|acts\s+as|serves\s+as|doubles\s+as|becomes)\s+(?:the\s+|your\s+|our\s+|my\s+|an?\s+)?(?:initial\s+|protective\s+)?(?:stop(?:\s*-?\s*loss)?|sl)\b/g;

interface Margin {
  value: string;
  unit: string;
}

const words = (m: Margin | null, dir: "above" | "below") => (m ? `${m.value} ${m.unit} ${dir} ` : "");

/** The margin said of the breakout, and the text without it. */
function marginOf(text: string): { margin: Margin | null; rest: string } {
  for (const re of [MARGIN, BUFFER]) {
    const m = re.exec(text);
    if (m) return { margin: { value: m[1], unit: m[2] }, rest: text.replace(re, " ") };
  }
  return { margin: null, rest: text };
}

export function rewriteBreakoutOrders(text: string): string {
  const hasOrder = new RegExp(ORDER.source).test(text);
  const hasOtherSide =
    new RegExp(OTHER_SIDE.source).test(text) || new RegExp(ORDER_IS_STOP.source).test(text);
  if (!hasOrder && !hasOtherSide) return text;
  const { margin, rest } = hasOrder ? marginOf(text) : { margin: null, rest: text };
  let out = rest;
  // The channel's lower side, for the buys' stop: the first N-bar low named (else the high's length).
  let channel: { n: string; unit: string } | null = null;
  if (hasOrder)
    out = out.replace(
      ORDER,
      (whole, side: string, kind: string | undefined, order: string | undefined, where: string) => {
        // Only the words "stop" or "order" make it an order; a limit, or a buy below the market, is not a breakout.
        if (kind === undefined && order === undefined) return whole;
        const up = where === "above" || where === "over";
        if (kind === "limit" || (side === "buy") !== up) return whole;
        const dir = up ? "above" : "below";
        // Each order its own clause: "and a sell order ..." must not join the buy's conditions.
        return `. ${side} when price crosses ${dir} ${words(margin, dir)}the `;
      },
    );
  if (!hasOtherSide) return out;
  const level = new RegExp(LEVEL).exec(out);
  if (level) channel = { n: level[1], unit: level[2].replace(/s$/, "") };
  if (!channel) return out;
  const stop = ` stop loss at ${words(margin, "below")}the ${channel.n} ${channel.unit} low `;
  return out.replace(OTHER_SIDE, stop).replace(ORDER_IS_STOP, stop);
}
