// Named inputs (issue 15): EA descriptions and job specs give their settings as identifiers with values,
// "stopMult (2.0)", "StopLossPips 50 | TakeProfitPips 100", "riskPct (0.5%-1.0% recommended)", and use the
// names in the rules: "initial stop = ATR x stopMult", "Price > Range High + Buffer". This pass runs on the
// raw message (the case of a name tells it apart from words): each definition becomes words the extractors
// read ("stop loss 50 pips", "lot size 0.01"), and each use of a name becomes its value.

/** camelCase or PascalCase with at least two parts: "stopMult", "entryN", "StopLossPips". */
const IDENT = String.raw`(?:[a-z]+|[A-Z][a-z]+)(?:[A-Z][a-z0-9]*)+`;
const NUM = String.raw`\d+(?:\.\d+)?`;
/** "stopMult (2.0)", "LotSize 0.01", "atrLen = 20", "riskPct (0.5%-1.0% recommended)". */
const VALUE = String.raw`(${NUM})\s*(%)?(?:\s*(?:-|\u2013|\u2014|to)\s*(${NUM})\s*%?)?`;
const DEFINITION = new RegExp(
  String.raw`\b(${IDENT})\s*(?:\(\s*${VALUE}(?:\s+[a-z]+)?\s*\)|(?:=|:)?\s*${VALUE})`,
  "g",
);

/** "StopLossPips" -> "stop loss pips"; a unit at the end goes after the value: "stop loss 50 pips". */
function words(ident: string): string[] {
  return ident
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(" ");
}

interface Input {
  name: string;
  value: string;
  percent: boolean;
}

function mid(a: string, b: string | undefined): string {
  if (b === undefined) return a;
  const m = (Number(a) + Number(b)) / 2;
  return String(Number(m.toFixed(6)));
}

export function substituteInputs(message: string): string {
  const inputs = new Map<string, Input>();
  let text = message.replace(DEFINITION, (whole: string, name: string, ...g: Array<string | undefined>) => {
    const a = g[0] ?? g[3];
    const pct = g[0] !== undefined ? g[1] : g[4];
    const b = g[0] !== undefined ? g[2] : g[5];
    if (a === undefined) return whole;
    // A name used twice with different values is not a setting we can trust.
    if (inputs.has(name)) return whole;
    const value = mid(a, b);
    inputs.set(name, { name, value, percent: pct !== undefined });
    const w = words(name);
    const unit = w[w.length - 1];
    const head = unit === "pips" || unit === "points" ? w.slice(0, -1) : w;
    const tail = unit === "pips" || unit === "points" ? ` ${unit}` : pct ? "%" : "";
    return `${head.join(" ")} ${value}${tail} `;
  });
  if (inputs.size === 0) return message;
  text = bindIndicatorInputs(text, [...inputs.values()]);
  for (const input of inputs.values()) {
    // Each remaining use of the name: "x stopMult", "riskPct%".
    text = text.replace(
      new RegExp(String.raw`\b${input.name}\b(%)?`, "g"),
      (_w, pct) => `${input.value}${pct || input.percent ? "%" : ""}`,
    );
  }
  // "+ Buffer" after a definition "BreakoutBuffer 5": the last part of exactly one name, after an operator.
  return text.replace(/([+\-*\u00d7]|\bx)\s*([A-Z][a-z]+)\b/g, (whole, op: string, word: string) => {
    const owners = [...inputs.values()].filter((i) => i.name.endsWith(word) && i.name !== word);
    return owners.length === 1 ? `${op} ${owners[0].value}` : whole;
  });
}

/** Indicators of one length that an input may set: "atrLen", "rsiPeriod", "cciLength", "momN". */
const ONE_LENGTH: Record<string, string> = {
  atr: "ATR",
  rsi: "RSI",
  cci: "CCI",
  adx: "ADX",
  mom: "Momentum",
};
const LENGTH_PART = /^(?:len|length|period|periods|per|lookback|bars|n|lb)$/;
const SMOOTH_PART = /^(?:smooth|smoothing|sm|smoothlen|smoothlength|smoothperiod|ma|avg)$/;

/**
 * Inputs named after an indicator: "atrLen (20)" is the ATR's length and "atrSmooth (10)" the length of the
 * average that smooths it, for every use of that indicator in the message with no length of its own ("ATR",
 * "ATR(N)", "ATR(len)"): those become "ATR(20)", and the definitions the words "ATR (20)" and "ATR smoothing
 * 10" (atr-smoothing.ts reads the latter). A name that is not an indicator's is left to the general reading.
 */
function bindIndicatorInputs(text: string, inputs: Input[]): string {
  let out = text;
  for (const [prefix, name] of Object.entries(ONE_LENGTH)) {
    const own = (re: RegExp) =>
      inputs.filter((i) => {
        const w = words(i.name);
        return (w[0] === prefix || (prefix === "mom" && w[0] === "momentum")) && re.test(w.slice(1).join(""));
      });
    const lengths = own(LENGTH_PART);
    const smooths = own(SMOOTH_PART);
    if (lengths.length > 1 || smooths.length > 1) continue;
    const length = lengths[0];
    const smooth = smooths[0];
    for (const i of [length, smooth]) {
      if (!i) continue;
      const spoken = words(i.name).join(" ");
      out = out.replace(
        new RegExp(String.raw`\b${spoken}\s+${i.value.replace(".", "\\.")}\s*`),
        i === length ? `${name} (${i.value}) ` : `${name} smoothing ${i.value} `,
      );
    }
    if (!length) continue;
    // "ATR(N)", "ATR(len)", a bare "ATR": the length the inputs give (not "ATR(14)", not "ATR 14").
    const word = prefix === "mom" ? "(?:Momentum|MOMENTUM|momentum|Mom|MOM)" : `(?:${name}|${prefix})`;
    out = out.replace(
      new RegExp(String.raw`\b${word}\b(?:\s*\(\s*[A-Za-z]\w*\s*\))?(?!\s*\(?\s*\d)`, "g"),
      `${name}(${length.value})`,
    );
  }
  return out;
}
