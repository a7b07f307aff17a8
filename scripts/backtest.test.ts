import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./backtest";

const LEAN = path.resolve(
  process.cwd(),
  "../shared/data/fx/lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz",
);
const SPEC = path.resolve(process.cwd(), "examples/strategies/sma-cross-10-20.json");

describe("npm run backtest", () => {
  it("reads a gzipped Lean file, runs open prices only and writes the five outputs", () => {
    const out = mkdtempSync(path.join(tmpdir(), "bt-"));
    const args = ["--spec", SPEC, "--data", LEAN, "--symbol", "EURUSD", "--period", "H1"];
    const r = main([
      ...args,
      "--from",
      "2007-01-01",
      "--to",
      "2007-03-31",
      "--model",
      "3",
      "--spread",
      "0",
      "--out",
      out,
    ]);
    const csv = readFileSync(path.join(out, "trades.csv"), "utf8").trim().split("\n");
    expect(csv[0]).toBe("entry_time,exit_time,direction,entry_price,exit_price,exit_reason,profit");
    expect(csv.length - 1).toBe(r.trades.length);
    expect(csv[1]).toMatch(
      // Server time (default GMT+2/+3, New York close) with its offset, ISO 8601.
      /^2007-01-\d\dT\d\d:00:00\+02:00,2007-\S+\+0[23]:00,(long|short),1\.\d+,1\.\d+,signal,-?\d+\.\d\d$/,
    );
    expect(csv.at(-1)).toMatch(/,end,-?\d+\.\d\d$/);
    // --to is inclusive: the last trade ends on 2007-03-30 (the last trading day of the range).
    expect(csv.at(-1)).toContain("2007-03-30T");
    const results: Record<string, string> = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    // The HTML report beside the other files shows the same net profit as results.json.
    const html = readFileSync(path.join(out, "report.html"), "utf8");
    expect(html).toContain(`<td>Total Net Profit:</td><td>${results["Total Net Profit"]}</td>`);
    expect(results["Total Trades"]).toBe(String(r.trades.length));
    const deals = JSON.parse(readFileSync(path.join(out, "deals.json"), "utf8"));
    expect(deals[0]).toMatchObject({ Deal: 1, Type: "balance" });
    const summary = JSON.parse(readFileSync(path.join(out, "summary.json"), "utf8"));
    expect(Object.keys(summary.entriesData.weekdays)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(JSON.parse(readFileSync(path.join(out, "orders.json"), "utf8"))).toHaveLength(2 * r.trades.length);
  });

  it("--account netting: one position at a time trades as hedging; several entries net into one position", () => {
    const base = ["--data", LEAN, "--from", "2007-01-01", "--to", "2007-06-30", "--model", "3"];
    const run = (spec: string, account: string[]) => {
      const out = mkdtempSync(path.join(tmpdir(), "bt-"));
      const r = main(["--spec", spec, ...base, ...account, "--out", out]);
      const notes = JSON.parse(readFileSync(path.join(out, "notes.json"), "utf8"));
      return { r, notes, csv: readFileSync(path.join(out, "trades.csv"), "utf8") };
    };
    const hedging = run(SPEC, []);
    const netting = run(SPEC, ["--account", "netting"]);
    expect(hedging.notes.account).toBe("hedging");
    expect(netting.notes.account).toBe("netting");
    expect(netting.r.trades.length).toBeGreaterThan(0);
    expect(netting.csv).toBe(hedging.csv);
    const pyramid = path.resolve(process.cwd(), "tests/mql5-runtime/specs/netting-rsi-dips-pyramid.json");
    const hedged = run(pyramid, []).r.trades;
    const netted = run(pyramid, ["--account", "netting"]).r.trades;
    // Entries that hedging holds as separate positions add up to one on netting: a trade of several entries.
    const most = (ts: readonly { volume: number }[]) => Math.max(...ts.map((t) => t.volume));
    expect(netted.length).toBeGreaterThan(0);
    expect(most(netted)).toBeGreaterThan(most(hedged));
    expect(() => run(SPEC, ["--account", "hedge"])).toThrow("--account must be hedging or netting");
  });

  it("refuses every-tick modelling on hour bars with a message naming the missing data", () => {
    const out = mkdtempSync(path.join(tmpdir(), "bt-"));
    expect(() =>
      main([
        "--spec",
        SPEC,
        "--data",
        LEAN,
        "--from",
        "2007-01-01",
        "--to",
        "2007-01-31",
        "--model",
        "0",
        "--out",
        out,
      ]),
    ).toThrow(/M1 bars.*H1 bars/);
  });

  it("takes --timezone, --commission, --swap-long/-short and --slippage; UTC moves the times; bad values are named", () => {
    const out = mkdtempSync(path.join(tmpdir(), "bt-"));
    const base = ["--spec", SPEC, "--data", LEAN, "--period", "H1", "--model", "3", "--deposit", "1000000"];
    const range = ["--from", "2007-01-01", "--to", "2007-03-31", "--spread", "0"];
    const plain = main([...base, ...range, "--timezone", "UTC", "--out", out]);
    const csv = readFileSync(path.join(out, "trades.csv"), "utf8").split("\n");
    expect(csv[1]).toMatch(/^2007-01-\d\dT\d\d:00:00\+00:00,/);
    const costs = ["--commission", "3.5", "--swap-long", "-6.3", "--swap-short", "1.2", "--slippage", "1"];
    const costed = main([...base, ...range, "--timezone", "UTC", ...costs, "--out", out]);
    expect(costed.trades.length).toBe(plain.trades.length);
    expect(costed.totalCommission).toBe(-7 * costed.trades.length);
    expect(costed.totalSwap).not.toBe(0);
    const notes = JSON.parse(readFileSync(path.join(out, "notes.json"), "utf8"));
    expect(notes).toMatchObject({ timeZone: "UTC", costs: { commission: 3.5, swapLong: -6.3, slippage: 1 } });
    expect(readFileSync(path.join(out, "report.html"), "utf8")).toContain("3.5 per lot per side");
    expect(() => main([...base, ...range, "--timezone", "Mars/Olympus", "--out", out])).toThrow(
      /--timezone: Unknown time zone/,
    );
    expect(() => main([...base, ...range, "--commission", "-2", "--out", out])).toThrow(
      /--commission cannot be negative/,
    );
    expect(() => main([...base, ...range, "--swap-long", "abc", "--out", out])).toThrow(
      /--swap-long must be a number/,
    );
  });

  it("accepts --delay -1 (random) and demo data", () => {
    const out = mkdtempSync(path.join(tmpdir(), "bt-"));
    const r = main([
      "--spec",
      SPEC,
      "--demo",
      "--from",
      "2023-01-02",
      "--to",
      "2023-01-13",
      "--model",
      "2",
      "--delay",
      "-1",
      "--out",
      out,
    ]);
    expect(r.trades.length).toBeGreaterThan(0);
    const notes = JSON.parse(readFileSync(path.join(out, "notes.json"), "utf8"));
    expect(notes.source).toContain("demo");
  });

  it("with --data, a deposit needing a cross rate is converted at the catalogue's fixed level, and notes.json says so", () => {
    const out = mkdtempSync(path.join(tmpdir(), "bt-"));
    const args = ["--spec", SPEC, "--data", LEAN, "--symbol", "EURUSD", "--period", "H1", "--model", "3"];
    const r = main([
      ...args,
      "--from",
      "2007-01-01",
      "--to",
      "2007-01-31",
      "--currency",
      "GBP",
      "--out",
      out,
    ]);
    const notes = JSON.parse(readFileSync(path.join(out, "notes.json"), "utf8"));
    // EURUSD profits are in USD (GBPUSD converts them); the EUR margin needs EURGBP.
    const note =
      "No quotes were given for EURGBP, GBPUSD: profits and margins were converted into GBP at the catalogue's fixed typical level, not at the time of each deal.";
    expect(notes.notes).toContain(note);
    expect(r.notes).toContain(note);
  });

  it("runs as plain JavaScript on bare node, with no TypeScript loader, and answers errors with exit code 1", () => {
    const out = mkdtempSync(path.join(tmpdir(), "bt-"));
    const node = (args: string[]) =>
      spawnSync(process.execPath, ["scripts/cli.mjs", "backtest", ...args], { encoding: "utf8" });
    const missingOut = node(["--spec", SPEC, "--data", LEAN, "--from", "2007-01-01", "--to", "2007-01-31"]);
    expect(missingOut.stderr).toContain("--out DIR is required");
    expect(missingOut.status).toBe(1);
    const run = node([
      ...["--spec", SPEC, "--data", LEAN, "--symbol", "EURUSD", "--period", "H1", "--model", "3"],
      ...["--from", "2007-01-01", "--to", "2007-01-31", "--out", out],
    ]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+ trades, final balance \d+\.\d\d, /);
    const trades = readFileSync(path.join(out, "trades.csv"), "utf8").trim().split("\n");
    expect(run.stdout.startsWith(`${trades.length - 1} trades`)).toBe(true);
  });
});
