import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { REPORT_HELP, REPORT_LABELS } from "../../worker/engine/report/labels";
import { data } from "./answers";
import { firstRow } from "./d1";
import { getPage as get, pageText as html } from "./helpers";
import { ai, completedBacktest, freeUser, strategyWithCode } from "./strategies-helpers";

/** The backtest results screen (spec 2 s2) as HTML, and its CSV/JSON exports, for the owner and for others. */

/** A copy of a backtest row in another state (the runner finishes too fast to catch it mid-run). */
async function copyAs(backtestId: string, processing: number, progress: number, message: string | null) {
  const row = await env.DB.prepare(
    `INSERT INTO backtests (strategy_id, user_id, code_id, spec_version, description, inputs, processing, progress, error_message, created_at, updated_at)
     SELECT strategy_id, user_id, code_id, spec_version, description, inputs, ?2, ?3, ?4, ?5, ?5 FROM backtests WHERE id = ?1
     RETURNING id`,
  )
    .bind(Number(backtestId), processing, progress, message, Date.now())
    .first();
  return String(z.object({ id: z.number() }).parse(row).id);
}

let owner = "";
let other = "";
let sid = "";
let bid = "";
let processingId = "";
let errorId = "";
let results: Record<string, string> = {};

beforeAll(async () => {
  owner = await freeUser();
  other = await freeUser();
  sid = await strategyWithCode(owner);
  bid = await completedBacktest(owner, sid);
  results = z
    .record(z.string(), z.string())
    .parse(
      data(await ai("strategy/backtest/results", { strId: sid, backtestId: bid, section: "results" }, owner)),
    );
  processingId = await copyAs(bid, 1, 40, null);
  errorId = await copyAs(bid, 200, 0, "No market data for the period.");
}, 90_000);

describe("the results page", () => {
  it("shows a completed backtest: header, banner, summary box, graph tabs and the metrics with help", async () => {
    const res = await get(`/strategy/${sid}/results/${bid}`, owner);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toMatch(/Backtest for <strong>EURUSD<\/strong> \(H1\) - /);
    expect(page).toContain("<summary>more</summary>");
    expect(page).toContain(`href="/strategy/${sid}/download"`);
    expect(page).toContain("Install Guide");
    // Demo data gives the backtest a note, so isMessage is set.
    expect(page).toContain("Backtest completed!");
    expect(page).toContain("Demo data: generated prices, not real market history.");
    for (const label of [
      "Symbol",
      "Timeframe",
      "Period",
      "Delay",
      "Modelling",
      "Deposit",
      "Created",
      "Description",
    ]) {
      expect(page).toContain(`<dt>${label}</dt>`);
    }
    expect(page).toContain("Open prices only");
    expect(page).toContain("for the screen");
    for (const tab of [
      "Balance",
      "Entries",
      "Profit and Loss",
      "Play",
      "Candle",
      "Results & Export",
      "Orders",
      "Deals",
    ]) {
      expect(page).toContain(`>${tab}</a>`);
    }
    expect(page).toContain(`href="/strategy/${sid}/results/${bid}?graph=play"`);
    for (const label of REPORT_LABELS) {
      expect(page).toContain(REPORT_HELP[label]);
    }
    const net = page.match(/Total Net Profit<span class="info-tip">.*?<dd>([^<]*)<\/dd>/s)?.[1];
    expect(net).toBe(results["Total Net Profit"]);
    expect(page).toContain(`href="/strategy/${sid}/results/${bid}/export.csv"`);
    expect(page).toContain(`href="/strategy/${sid}/results/${bid}/export.json"`);
  });

  it("pages the Orders and Deals tabs through the URL, deal 1 being the balance deposit", async () => {
    const deals = await html(await get(`/strategy/${sid}/results/${bid}?tab=deals`, owner));
    expect(deals).toMatch(/<table aria-label="Deals">/);
    expect(deals).toMatch(/Showing 10 of \d+ Rows/);
    expect(deals).toMatch(
      /<td class="align-right">1<\/td><td class="align-left">[\d. :]+<\/td><td class="align-left"><\/td><td class="align-left">balance<\/td>/,
    );
    const orders = await html(await get(`/strategy/${sid}/results/${bid}?tab=orders&orders_page=2`, owner));
    expect(orders).toMatch(/<table aria-label="Orders">/);
    expect(orders).toMatch(/Page 2 of \d+/);
    expect(orders).toContain("Stop Loss");
    const desc = await html(
      await get(`/strategy/${sid}/results/${bid}?tab=orders&orders_sort=id&orders_dir=desc`, owner),
    );
    const ids = Array.from(desc.matchAll(/<tr><td class="align-right">(\d+)<\/td>/g), (m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("shows the processing banner with the step and the server's progress, and no results yet", async () => {
    const page = await html(await get(`/strategy/${sid}/results/${processingId}`, owner));
    expect(page).toContain("Backtest in progress ...");
    expect(page).toMatch(/role="progressbar"[^>]*aria-valuenow="40"/);
    expect(page).toContain("In Progress...");
    expect(page).not.toContain("Backtest completed!");
    expect(page).toMatch(
      /<button type="button" class="button" disabled="" title="Download the EA code of your strategy">Download EA<\/button>/,
    );
  });

  it("shows the error banner with Try Again to the build tab, and no results", async () => {
    const page = await html(await get(`/strategy/${sid}/results/${errorId}`, owner));
    expect(page).toContain("First attempt backtest error: Please check your settings and try again.");
    expect(page).toContain(`href="/strategy/${sid}/build">Try Again</a>`);
    expect(page).toContain("No market data for the period.");
    expect(page).not.toContain("In Progress...");
    expect(page).not.toContain("Export as CSV");
  });

  it("says 'Create a backtest to view results.' without backtests, and opens the newest one otherwise", async () => {
    // The Free plan allows one active strategy: a second user has the one without backtests.
    const third = await freeUser();
    const fresh = await strategyWithCode(third);
    const none = await get(`/strategy/${fresh}/results`, third);
    expect(none.status).toBe(200);
    expect(await html(none)).toContain("Create a backtest to view results.");
    const latest = await get(`/strategy/${sid}/results`, owner);
    expect(latest.status).toBe(302);
    expect(latest.headers.get("location")).toBe(`/strategy/${sid}/results/${errorId}`);
  });

  it("draws balance and equity over time on the server from the stored curve, ending on deposit + net profit", async () => {
    const summary = z
      .object({
        equityCurve: z.object({
          time: z.array(z.number()),
          balance: z.array(z.number()),
          equityLow: z.array(z.number()),
          equityHigh: z.array(z.number()),
          drawdown: z.array(z.number()),
        }),
      })
      .parse(
        data(
          await ai("strategy/backtest/results", { strId: sid, backtestId: bid, section: "summary" }, owner),
        ),
      );
    const curve = summary.equityCurve;
    // 45 days of H1 bars, one bucket each (under the 1000 cap), times rising.
    expect(curve.time.length).toBeGreaterThan(500);
    expect(curve.time.length).toBeLessThanOrEqual(1000);
    for (const column of [curve.balance, curve.equityLow, curve.equityHigh, curve.drawdown])
      expect(column).toHaveLength(curve.time.length);
    expect(curve.time.every((t, i) => i === 0 || t > curve.time[i - 1])).toBe(true);
    const final = 10_000 + Number(results["Total Net Profit"]);
    expect(curve.balance.at(-1)).toBeCloseTo(final, 2);

    const page = await html(await get(`/strategy/${sid}/results/${bid}`, owner));
    for (const line of ["time-balance", "time-equity", "time-drawdown"])
      expect(page).toMatch(new RegExp(`<path class="time-(line|area) ${line}" d="M[\\d.,L]{200,}`));
    const money = final.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(page).toContain(`Balance from 10,000.00 to ${money};`);
  });

  it("checks the chart's details before loading candles: the spec's texts for incomplete or broken ones", async () => {
    const ok = await html(await get(`/strategy/${sid}/results/${bid}?graph=candle`, owner));
    expect(ok).not.toContain("Incomplete backtest parameters");
    expect(ok).not.toContain("Invalid backtest details format");
    // Copies of the completed run whose stored details are damaged, as storage could return them.
    const row = await firstRow(
      z.object({ user_id: z.string() }),
      "SELECT user_id FROM backtests WHERE id = ?1",
      Number(bid),
    );
    const stored = await env.BUCKET.get(`backtests/${row.user_id}/${bid}/details.json`);
    const details = z.record(z.string(), z.unknown()).parse(JSON.parse((await stored?.text()) ?? "null"));
    for (const [body, message] of [
      [JSON.stringify({ ...details, period: "" }), "Incomplete backtest parameters"],
      [JSON.stringify({ ...details, dateEnd: undefined }), "Incomplete backtest parameters"],
      [JSON.stringify({ ...details, dateStart: "someday" }), "Invalid backtest details format"],
      [JSON.stringify([details]), "Invalid backtest details format"],
    ] as const) {
      const copy = await copyAs(bid, 100, 100, null);
      await env.BUCKET.put(`backtests/${row.user_id}/${copy}/details.json`, body);
      const page = await html(await get(`/strategy/${sid}/results/${copy}?graph=candle`, owner));
      expect(page, body).toContain(`<p class="form-error">${message}</p>`);
    }
  });

  it("answers 404 with the not-found screen for an unknown backtest, and 404 for another user's", async () => {
    const unknown = await get(`/strategy/${sid}/results/987654`, owner);
    expect(unknown.status).toBe(404);
    expect(await html(unknown)).toContain("404. Backtest Not Found");
    expect((await get(`/strategy/${sid}/results/abc`, owner)).status).toBe(404);
    const foreign = await get(`/strategy/${sid}/results/${bid}`, other);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("EURUSD");
  });
});

/** A CSV line's fields (RFC 4180 quoting). */
function csvLine(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(field);
      field = "";
    } else field += c;
  }
  out.push(field);
  return out;
}

describe("the report export", () => {
  it("serves CSV with a file name and every label's value as the service gives it", async () => {
    const res = await get(`/strategy/${sid}/results/${bid}/export.csv`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="str-${sid}-backtest-${bid}.csv"`,
    );
    const rows = new Map(
      (await res.text())
        .trimEnd()
        .split("\r\n")
        .map((l) => {
          const [label, value] = csvLine(l);
          return [label, value] as const;
        }),
    );
    expect(rows.get("Label")).toBe("Value");
    expect(rows.get("Symbol")).toBe("EURUSD");
    for (const label of REPORT_LABELS) expect(rows.get(label), label).toBe(results[label] ?? "");
  });

  it("serves JSON with a file name and the same figures", async () => {
    const res = await get(`/strategy/${sid}/results/${bid}/export.json`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="str-${sid}-backtest-${bid}.json"`,
    );
    const body = z
      .object({
        backtestId: z.string(),
        inputs: z.object({ symbol: z.string() }),
        results: z.record(z.string(), z.string().nullable()),
      })
      .parse(await res.json());
    expect(body.backtestId).toBe(bid);
    expect(body.inputs.symbol).toBe("EURUSD");
    for (const label of REPORT_LABELS) expect(body.results[label], label).toBe(results[label] ?? null);
  });

  it("is a 404 for another user and for an unknown backtest, and a 409 while running", async () => {
    for (const ext of ["csv", "json"]) {
      expect((await get(`/strategy/${sid}/results/${bid}/export.${ext}`, other)).status).toBe(404);
      expect((await get(`/strategy/${sid}/results/987654/export.${ext}`, owner)).status).toBe(404);
      expect((await get(`/strategy/${sid}/results/${processingId}/export.${ext}`, owner)).status).toBe(409);
    }
  });
});
