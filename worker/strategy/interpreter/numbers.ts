// Number words → digits, so that every later pattern only has to match digits.
// Traders write "fifty", "twenty-one", "one hundred and twenty", "one and a half", "a half".

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };

function isNumberWord(word: string): boolean {
  return word in UNITS || word in TENS || word in SCALES;
}

/**
 * Value of a run of number words ("one hundred and twenty" → 120, "twenty one" → 21),
 * or null when the run is not a well-formed number.
 */
export function wordsToNumber(words: readonly string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const raw of words) {
    const w = raw.toLowerCase();
    if (w === "and") continue;
    if (w in UNITS) {
      // "five six" is not a number; a unit may only follow nothing, a tens word or a scale.
      if (current % 10 !== 0 || (current !== 0 && current < 20 && current % 100 !== 0)) return null;
      current += UNITS[w];
    } else if (w in TENS) {
      if (current % 100 !== 0) return null;
      current += TENS[w];
    } else if (w in SCALES) {
      const scale = SCALES[w];
      if (scale === 100) current = (current === 0 ? 1 : current) * 100;
      else {
        total += (current === 0 ? 1 : current) * scale;
        current = 0;
      }
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

const WORD_RUN =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)(?:(?:[\s-]+|\s+and\s+)(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand))*\b/g;

/**
 * Replaces number words with digits in lower-cased text. Fractions first ("one and a half" →
 * 1.5, "a half" → 0.5), then runs of number words. A run that does not form a valid number
 * ("five six") is converted word by word.
 */
export function replaceNumberWords(text: string): string {
  let out = text.replace(
    /\b(one|two|three|four|five)\s+and\s+a\s+half\b/g,
    (_m, w: string) => `${UNITS[w] + 0.5}`,
  );
  out = out.replace(/\b(?:a\s+)?half\s+(?:a\s+)?(percent|%|lots?|pips?|points?|atr)\b/g, "0.5 $1");
  out = out.replace(/\b(?:a\s+)?quarter\s+(?:of\s+a\s+)?(percent|%)\b/g, "0.25 $1");
  out = out.replace(/\b(?:double|twice)(?:\s+the)?\s+atr\b/g, "2 atr");
  out = out.replace(/\btriple(?:\s+the)?\s+atr\b/g, "3 atr");
  out = out.replace(WORD_RUN, (run) => {
    const words = run.split(/[\s-]+/).filter((w) => w.length > 0);
    const value = wordsToNumber(words);
    if (value !== null) return String(value);
    return words
      .filter((w) => w !== "and")
      .map((w) => (isNumberWord(w) ? String(wordsToNumber([w])) : w))
      .join(" ");
  });
  // "a 20 pip stop" stays as is; "one" alone after conversion is "1": "one position" → "1 position".
  return out;
}

/** Parses "1.5", "-100", "0,5" (European decimal comma) into a number. */
export function parseNumber(token: string): number | null {
  const cleaned = token.replace(",", ".");
  if (!/^[-+]?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
