import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpecInput, specJsonSchema, specReadsPrices } from "./spec";

const EXAMPLES = path.resolve(process.cwd(), "examples/strategies");

const indicator = (ref: string) => ({ type: "indicator", ref }) as const;

function base(): StrategySpecInput {
  return {
    specVersion: 2,
    timeframe: "H1",
    indicators: [
      { id: "fast", kind: "SMA", period: 10 },
      { id: "slow", kind: "SMA", period: 20 },
    ],
    entry: { long: { all: [{ type: "crossesAbove", left: indicator("fast"), right: indicator("slow") }] } },
  };
}

function issuesOf(input: unknown): string[] {
  const r = parseSpec(input);
  if (r.ok) return [];
  return r.issues.map((i) => `${i.path}: ${i.message}`);
}

describe("StrategySpec v2", () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith(".json"));

  it("ships the five documented examples", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "sma-cross-10-20.json",
        "ema-cross-12-26-long-only.json",
        "rsi-14-30-70.json",
        "sma-cross-sl50-tp100.json",
        "macd-rsi-london-atr.json",
      ]),
    );
  });

  it.each(files)("parses example %s", (file) => {
    const r = parseSpec(JSON.parse(readFileSync(path.join(EXAMPLES, file), "utf8")));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.spec.specVersion).toBe(2);
  });

  it("fills defaults a writer may omit", () => {
    const r = parseSpec(base());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.spec.direction).toBe("both");
    expect(r.spec.maxOpenPositions).toBe(1);
    expect(r.spec.closeOnOpposite).toBe(true);
    expect(r.spec.indicators[0]).toMatchObject({ appliedPrice: "CLOSE" });
    // CCI alone defaults to the typical price, iCCI's usual input.
    const cci = parseSpec({
      ...base(),
      indicators: [...(base().indicators ?? []), { id: "cci", kind: "CCI", period: 14 }],
    });
    expect(cci.ok && cci.spec.indicators.at(-1)).toMatchObject({ kind: "CCI", appliedPrice: "TYPICAL" });
    const cond = r.spec.entry.long?.all[0];
    expect(cond?.type === "crossesAbove" && cond.left.type === "indicator" && cond.left.shift).toBe(0);
  });

  it("names an unknown indicator reference with its path", () => {
    const spec = base();
    spec.entry.long = {
      all: [
        {
          type: "greaterThan",
          left: { type: "indicator", ref: "nope" },
          right: { type: "constant", value: 1 },
        },
      ],
    };
    expect(issuesOf(spec)).toEqual(['entry.long.all.0.left.ref: unknown indicator "nope"']);
  });

  it("rejects a line the indicator does not have", () => {
    const spec = base();
    spec.entry.long = {
      all: [
        {
          type: "greaterThan",
          left: { type: "indicator", ref: "fast", line: "signal" },
          right: { type: "constant", value: 1 },
        },
      ],
    };
    expect(issuesOf(spec)[0]).toContain('has no line "signal"');
  });

  it("rejects bad periods, duplicate ids and an inverted MACD", () => {
    expect(
      issuesOf({
        ...base(),
        indicators: [
          { id: "fast", kind: "SMA", period: 0 },
          { id: "slow", kind: "SMA", period: 2.5 },
        ],
      }),
    ).toHaveLength(2);
    expect(
      issuesOf({
        ...base(),
        indicators: [
          { id: "fast", kind: "SMA", period: 5 },
          { id: "fast", kind: "EMA", period: 9 },
        ],
      }).join(),
    ).toContain('duplicate indicator id "fast"');
    const macd = {
      ...base(),
      indicators: [...(base().indicators ?? []), { id: "m", kind: "MACD", fast: 26, slow: 12, signal: 9 }],
    };
    expect(issuesOf(macd).join()).toContain("fast period must be shorter");
  });

  it("needs a stop loss for risk sizing and an ATR for ATR distances", () => {
    expect(issuesOf({ ...base(), sizing: { type: "riskPercent", percent: 1 } }).join()).toContain(
      "needs a stop loss",
    );
    expect(issuesOf({ ...base(), stopLoss: { unit: "atr", ref: "fast", multiple: 2 } }).join()).toContain(
      "not ATR",
    );
  });

  it("needs an entry rule for the traded direction", () => {
    expect(issuesOf({ ...base(), direction: "short" }).join()).toContain(
      'direction "short" needs an entry rule',
    );
    expect(issuesOf({ ...base(), entry: { long: { all: [], any: [] } } }).join()).toContain(
      "at least one condition",
    );
  });

  it("rejects unknown kinds and timeframes", () => {
    expect(issuesOf({ ...base(), timeframe: "H5" }).length).toBeGreaterThan(0);
    expect(
      issuesOf({ ...base(), indicators: [{ id: "x", kind: "VWAP", period: 3 }] }).length,
    ).toBeGreaterThan(0);
  });

  it("exports a JSON Schema that lists the vocabulary", () => {
    const text = JSON.stringify(specJsonSchema());
    for (const word of [
      "crossesAbove",
      "between",
      "BOLLINGER",
      "STOCHASTIC",
      "riskPercent",
      "london",
      "TYPICAL",
    ]) {
      expect(text).toContain(word);
    }
  });

  it("says which specs read prices (model 4 refuses them)", () => {
    const r = parseSpec(base());
    if (!r.ok) throw new Error("base must parse");
    expect(specReadsPrices(r.spec)).toBe(true);
  });
});
