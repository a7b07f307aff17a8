import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { newUser } from "./billing-helpers";
import { chooseFree, getPage as get, pageText as html, newStrategy, postForm as post } from "./helpers";
import { ai, backtestRequest, freeUser, today } from "./strategies-helpers";

/** The backtest page (spec 2 s2, s3, s5, s8) as HTML and form posts, the way a browser without JavaScript uses it. */

async function strategy(cookie: string, withCode = true): Promise<string> {
  const sid = await newStrategy(cookie);
  if (withCode) {
    expect((await post(`/strategy/${sid}/code`, { intent: "generate" }, cookie)).status).toBe(302);
    expect(
      (await post(`/strategy/${sid}/code`, { intent: "complete", next: "backtest" }, cookie)).status,
    ).toBe(302);
  }
  return sid;
}

const listed = z.array(z.object({ backtestId: z.string(), status: z.string() }));

async function backtests(sid: string, cookie: string) {
  return listed.parse(data(await ai("strategy/backtests", { strId: sid }, cookie)));
}

async function settled(sid: string, cookie: string, backtestId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = (await backtests(sid, cookie)).find((b) => b.backtestId === backtestId);
    if (row && row.status !== "processing") return row.status;
    if (Date.now() > deadline) throw new Error("backtest did not finish");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A short run (the defaults cover a whole year) so the test stays quick. */
function form(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "create",
    symbol: "EURUSD",
    period: "H1",
    dateStart: today(-20),
    dateEnd: today(-1),
    executionMode: "0",
    customDelay: "",
    model: "2",
    depositAmount: "10000",
    depositCurrency: "USD",
    description: "kept text",
    ...overrides,
  };
}

describe("backtest page", () => {
  it("renders the form with the spec's defaults, computed on the server", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie);
    const page = await html(await get(`/strategy/${sid}/backtest`, cookie));
    expect(page).toContain("Create New Backtest");
    expect(page).toMatch(/<option value="EURUSD" selected="">EURUSD - Euro vs US Dollar<\/option>/);
    expect(page).toMatch(/<option value="H1" selected="">H1<\/option>/);
    const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "";
    expect(input("dateEnd")).toContain(`value="${today()}"`);
    expect(input("dateEnd")).toContain(`max="${today()}"`);
    expect(input("dateStart")).toContain(`max="${today()}"`);
    const yearAgo = new Date();
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    expect(input("dateStart")).toContain(`value="${yearAgo.toISOString().slice(0, 10)}"`);
    expect(page).toMatch(/<option value="-1">Random delay<\/option>/);
    expect(page).toMatch(/<option value="-2">Custom delay \(ms\)<\/option>/);
    expect(input("customDelay")).toContain('type="number"');
    expect(page).toMatch(/<option value="0" selected="">Every tick<\/option>/);
    expect(input("depositAmount")).toContain('value="10000"');
    expect(input("depositAmount")).toContain('min="0"');
    expect(page).toMatch(/<option value="USD" selected="">USD<\/option>/);
    // Issue 12: the account type, hedging by default, with its hint.
    expect(page).toMatch(/<select[^>]*name="account"/);
    expect(page).toMatch(/<option value="hedging" selected="">Hedging<\/option>/);
    expect(page).toMatch(/<option value="netting">Netting<\/option>/);
    expect(page).toContain("Netting holds one position per symbol");
    // Issue 14: the broker's stops level, none by default.
    expect(input("stopsLevel")).toContain('value="0"');
    expect(page).not.toContain("Backtest History");
  });

  it("refuses bad input with the field's message, keeps the values and creates nothing", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie);
    const cases: [Record<string, string>, string][] = [
      [{ dateStart: "2025-13-45" }, "Use a date like 2025-01-31."],
      [{ dateStart: today(-1), dateEnd: today(-5) }, "The start date must not be after the end date."],
      [{ dateEnd: today(2) }, "The end date cannot be after today."],
      [{ symbol: "NOPE" }, "Choose a symbol from the list."],
      [
        { executionMode: "-2", customDelay: "700000" },
        "The custom delay must be a whole number of milliseconds from 0 to 600000.",
      ],
      [{ executionMode: "-2", customDelay: "" }, "Enter the custom delay in milliseconds."],
      [{ depositAmount: "-10" }, "The deposit cannot be negative."],
      // Issue 11: one validation for real calendar days inside the market data and a positive deposit.
      [{ dateStart: "2024-02-30" }, "2024-02-30 is not a date in the calendar. Use a date like 2025-01-31."],
      [
        { dateStart: "0000-01-12" },
        "The start date cannot be before 1 January 2000: market data starts there.",
      ],
      [
        { dateStart: "1900-01-01" },
        "The start date cannot be before 1 January 2000: market data starts there.",
      ],
      [
        { dateStart: "1970-01-01" },
        "The start date cannot be before 1 January 2000: market data starts there.",
      ],
      [{ depositAmount: "0" }, "The deposit must be more than 0."],
      [{ depositAmount: "10000000000000" }, "The deposit cannot be more than 1,000,000,000."],
      [{ description: "d".repeat(256) }, "Description must be at most 255 characters."],
      [{ account: "exchange" }, "Choose an account type from the list."],
      [{ stopsLevel: "2.5" }, "The stops level must be a whole number of points from 0 to 10000."],
    ];
    for (const [overrides, message] of cases) {
      const res = await post(`/strategy/${sid}/backtest`, form(overrides), cookie);
      expect(res.status, message).toBe(400);
      const page = await html(res);
      expect(page, message).toContain(message);
      expect(page, message).toContain("Create New Backtest");
      if (!overrides.description) expect(page, message).toContain('value="kept text"');
    }
    expect(await backtests(sid, cookie)).toEqual([]);
  });

  it("refuses the same requests through the JSON API with the same messages, creating nothing", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { dateStart: "2024-02-30" },
        "dateStart",
        "2024-02-30 is not a date in the calendar. Use a date like 2025-01-31.",
      ],
      [
        { dateStart: "1970-01-01" },
        "dateStart",
        "The start date cannot be before 1 January 2000: market data starts there.",
      ],
      [
        { dateStart: "0000-01-12", dateEnd: "0000-02-12" },
        "dateStart",
        "The start date cannot be before 1 January 2000: market data starts there.",
      ],
      [{ depositAmount: 0 }, "depositAmount", "The deposit must be more than 0."],
      [{ depositAmount: 1e13 }, "depositAmount", "The deposit cannot be more than 1,000,000,000."],
      [{ dateEnd: today(3) }, "dateEnd", "The end date cannot be after today."],
      [{ symbol: 12 }, "symbol", "Choose a symbol from the list."],
      [{ account: "exchange" }, "account", "Choose an account type from the list."],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await ai("strategy/backtest/new", backtestRequest(sid, overrides), cookie);
      expect(answer.status, message).toBe(400);
      expect(answer.body, message).toMatchObject({
        status: "error",
        errorCode: "VALIDATION_ERROR",
        field,
        userMessage: message,
      });
    }
    expect(await backtests(sid, cookie)).toEqual([]);
  });

  it("accepts a netting account, stores it with the job and shows it on the results page", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie);
    const created = await post(`/strategy/${sid}/backtest`, form({ account: "netting" }), cookie);
    expect(created.status).toBe(302);
    const [bt] = await backtests(sid, cookie);
    expect(bt).toBeDefined();
    const row = await env.DB.prepare("SELECT inputs FROM backtests WHERE id = ?1")
      .bind(Number(bt.backtestId))
      .first<{ inputs: string }>();
    expect(JSON.parse(row?.inputs ?? "{}")).toMatchObject({ account: "netting", symbol: "EURUSD" });
    expect(await settled(sid, cookie, bt.backtestId)).toBe("completed");
    const results = await html(await get(`/strategy/${sid}/results/${bt.backtestId}`, cookie));
    expect(results).toMatch(/<dt>Account<\/dt>\s*<dd>Netting<\/dd>/);
  });

  it("answers a pending subscription with the spec's text and an Account link, creating nothing", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const sid = await strategy(u.cookie);
    await env.DB.prepare("UPDATE subscriptions SET status = 'pending' WHERE user_id = ?1")
      .bind(u.userId)
      .run();
    const res = await post(`/strategy/${sid}/backtest`, form(), u.cookie);
    expect(res.status).toBe(409);
    const page = await html(res);
    const alert = /<p class="form-error" role="alert">([\s\S]*?)<\/p>/.exec(page)?.[1] ?? "";
    expect(alert).toContain("Subscription is pending. Please check your account to proceed.");
    expect(alert).toMatch(/<a [^>]*href="\/account"[^>]*>Account<\/a>/);
    expect(await backtests(sid, u.cookie)).toEqual([]);
  });

  it("runs a backtest, shows its progress banner, then the history row; delete confirms first", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie);
    const created = await post(`/strategy/${sid}/backtest`, form(), cookie);
    expect(created.status).toBe(302);
    const [bt] = await backtests(sid, cookie);
    expect(bt).toBeDefined();
    // Spec 2 s4: the user goes to the new backtest's results.
    expect(created.headers.get("location")).toBe(`/strategy/${sid}/results/${bt.backtestId}`);

    const running = await html(await get(`/strategy/${sid}/backtest`, cookie));
    if (running.includes("Backtesting in Progress...")) {
      expect(running).not.toContain("Create New Backtest");
      expect(running).toContain("Refresh");
    }
    expect(await settled(sid, cookie, bt.backtestId)).toBe("completed");

    const done = await html(await get(`/strategy/${sid}/backtest`, cookie));
    expect(done).toContain("Backtest History");
    for (const header of [
      "Created",
      "Status",
      "Profitability",
      "Average Win",
      "Average Loss",
      "Max Drawdown",
      "Profit Factor",
      "Sharpe Ratio",
      "Total Trades",
      "Description",
      "Actions",
    ])
      expect(done).toContain(`>${header}<`);
    expect(done).toContain("Completed");
    expect(done).toContain(`href="/strategy/${sid}/results/${bt.backtestId}"`);
    expect(done).toContain("Delete Backtest");
    expect(done).toContain("kept text");
    expect(done).toContain("Create New Backtest");

    const confirmPath = `/strategy/${sid}/backtest?confirm=delete-${bt.backtestId}`;
    const dialog = await html(await get(confirmPath, cookie));
    expect(dialog).toContain("Are you sure you want to delete this backtest?");
    expect(dialog).toContain("This action can not be undone");
    expect(dialog).toContain("Cancel");
    expect(dialog).toContain("Confirm");
    expect(await backtests(sid, cookie)).toHaveLength(1);

    const removed = await post(confirmPath, { intent: "delete", backtestId: bt.backtestId }, cookie);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe(`/strategy/${sid}/backtest`);
    expect(await backtests(sid, cookie)).toEqual([]);
  }, 90_000);

  it("shows the error banner with Remove for a failed run", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie);
    // Math calculations cannot run a strategy that reads prices: the run ends as an error.
    expect((await post(`/strategy/${sid}/backtest`, form({ model: "4" }), cookie)).status).toBe(302);
    const [bt] = await backtests(sid, cookie);
    expect(await settled(sid, cookie, bt.backtestId)).toBe("error");
    const page = await html(await get(`/strategy/${sid}/backtest`, cookie));
    expect(page).toContain("Backtest error: Please check your settings and try again.");
    expect(page).toContain(">Remove<");
    const removed = await post(
      `/strategy/${sid}/backtest`,
      { intent: "delete", backtestId: bt.backtestId },
      cookie,
    );
    expect(removed.status).toBe(302);
    expect(await backtests(sid, cookie)).toEqual([]);
  }, 90_000);

  it("says 'Algo code not found' without code, and refuses a request for it", async () => {
    const cookie = await freeUser();
    const sid = await strategy(cookie, false);
    const page = await html(await get(`/strategy/${sid}/backtest`, cookie));
    expect(page).toContain("Algo code not found");
    const res = await post(`/strategy/${sid}/backtest`, form(), cookie);
    expect(res.status).toBe(404);
    expect(await html(res)).toContain("Strategy code not found.");
    expect(await backtests(sid, cookie)).toEqual([]);
  });
});
