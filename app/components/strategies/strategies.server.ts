import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import { AppError } from "../../../worker/http";
import { wireId } from "../../../worker/services";

/**
 * The strategy services' form schemas, re-exported from a `.server` module so the Remix compiler keeps zod
 * and drizzle out of the browser bundle (see app/utils/worker.server.ts).
 */
export { instructionsSchema, newStrategySchema, renameSchema } from "../../../worker/services";

/** Recreate/Retry name the generation the page showed, so a repeated click cannot pay for another (issue 11). */
export const recreateFormSchema = z.object({ codeId: wireId.optional() });

export const NOT_FOUND_TEXT = "Strategy not found.";

/** A strategy id from the URL or a form: numeric only, anything else is as missing as another user's id. */
export function strategyId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function notFound() {
  return data({ message: NOT_FOUND_TEXT }, { status: 404 });
}

/** Spec 2 s8: STRATEGY_NOT_FOUND and STRATEGY_NOT_ACTIVE both read 'Strategy not found.' with a 404 page. */
export function isMissingStrategy(error: unknown): boolean {
  return (
    error instanceof AppError && (error.code === "STRATEGY_NOT_FOUND" || error.code === "STRATEGY_NOT_ACTIVE")
  );
}

/** No ready code to download or back-test yet (spec 2 s2 'Algo code not found'). */
export function isMissingCode(error: unknown): boolean {
  return error instanceof AppError && error.code === "BACKTEST_CODE_NOT_FOUND";
}

export function isLimitReached(error: unknown): error is AppError {
  return error instanceof AppError && error.code === "STRATEGY_LIMIT_REACHED";
}

/** The welcome page's flag (spec 2 s9 seen_welcome), kept in a cookie because the list's loader decides. */
export const SEEN_WELCOME = "seen_welcome";

export function hasSeenWelcome(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return cookie.split(/;\s*/).some((c) => c === `${SEEN_WELCOME}=1`);
}

export function seenWelcomeCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${SEEN_WELCOME}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
