// "Close the trade when price closes back inside the bands" (issue 15): an exit whose side depends on where the
// entries were. A buy above the upper band (a breakout) leaves when the close falls back below the upper band,
// and a sell below the lower band when it rises back above the lower band; a buy below the lower band (a
// reversion) leaves when the close is back above the lower band, its sell below the upper band. With no such
// entry in the text the words are left as they are.

const BACK_INSIDE =
  /\b(?:close|exit|get\s+out\s+of)\s+(?:the\s+|all\s+)?(?:trades?|positions?|orders?|it)?\s*(?:when|if|once|as\s+soon\s+as)\s+(?:the\s+)?(?:price|close|candle|bar)\s+(?:closes?|comes?|moves?|gets?|goes|returns?|falls?)\s+(?:back\s+)?(?:inside|within|into)\s+(?:the\s+)?(?:bollinger\s+)?bands?\b|\b(?:close|exit)\s+(?:the\s+)?(?:trades?|positions?|it)?\s*(?:when|if|once)\s+(?:the\s+)?(?:price|candle|bar)\s+re-?enters\s+(?:the\s+)?(?:bollinger\s+)?bands?\b/g;

const BREAKOUT = /\b(?:buy|long|go\s+long)\b[^.,;\n]*?\b(?:above|over)\s+the\s+upper\b/;
const REVERSION = /\b(?:buy|long|go\s+long)\b[^.,;\n]*?\b(?:below|under)\s+the\s+lower\b/;

export function backInsideBands(text: string): string {
  BACK_INSIDE.lastIndex = 0;
  if (!BACK_INSIDE.test(text)) return text;
  const breakout = BREAKOUT.test(text);
  if (breakout === REVERSION.test(text)) return text;
  const exit = breakout
    ? "close buys when the close is below the upper band and close sells when the close is above the lower band"
    : "close buys when the close is above the lower band and close sells when the close is below the upper band";
  return text.replace(BACK_INSIDE, exit);
}
