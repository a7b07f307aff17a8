// The Optimise tab's steps that the optimisation and walk-forward tests share: which of the example's inputs
// are its two SMA periods, and how a trader ticks an input and types its range.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { hydrated } from "./session.ts";

/**
 * Opens the strategy's Optimise tab and reads the example's two SMA periods: their EA inputs are
 * Inp_<id>_Period, the faster one listed first. [fast, slow].
 */
export async function periodInputs(page: Page, base: string, sid: string): Promise<[string, string]> {
  await page.goto(`${base}/strategy/${sid}/optimise`);
  await hydrated(page);
  const names = await page
    .locator(".optimise-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-input") ?? ""));
  const periods = names.filter((n) => /^Inp_.+_Period$/.test(n));
  assert.equal(periods.length, 2, `two period inputs in ${names.join(", ")}`);
  return [periods[0], periods[1]];
}

/** Ticks an input and gives its range. */
export async function range(p: Page, name: string, start: number, step: number, stop: number) {
  await p.check(`#opt-${name}`);
  await p.fill(`#opt-${name}-start`, String(start));
  await p.fill(`#opt-${name}-step`, String(step));
  await p.fill(`#opt-${name}-stop`, String(stop));
}
