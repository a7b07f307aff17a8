/**
 * The Optimise screens' one door to the optimisation service (issue 17): every route reads and writes through
 * these functions, which map the service's records to the screens' view (types.ts), so the routes stay thin.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "../../../worker/services";
import type { OptimiseFormRequest } from "../../utils/optimise-form.server";
import type { OptimisationView } from "./types";

export class OptimisationUnavailable extends Error {}

function unavailable(): never {
  throw new OptimisationUnavailable("Optimisation is not available yet.");
}

export async function startOptimisation(
  _context: AppLoadContext,
  _user: SessionUser,
  _strId: number,
  _request: OptimiseFormRequest,
): Promise<{ optId: string }> {
  return unavailable();
}

export async function loadOptimisation(
  _context: AppLoadContext,
  _user: SessionUser,
  _strId: number,
  _optId: string,
): Promise<OptimisationView> {
  return unavailable();
}

export async function cancelOptimisation(
  _context: AppLoadContext,
  _user: SessionUser,
  _strId: number,
  _optId: string,
): Promise<void> {
  return unavailable();
}

/** Apply: the run's inputs become the strategy's new spec version; answers that version. */
export async function applyRun(
  _context: AppLoadContext,
  _user: SessionUser,
  _strId: number,
  _optId: string,
  _pass: number,
): Promise<{ version: number }> {
  return unavailable();
}

/** The run's .set file: its name and text. */
export async function runSetFile(
  _context: AppLoadContext,
  _user: SessionUser,
  _strId: number,
  _optId: string,
  _pass: number,
): Promise<{ fileName: string; text: string }> {
  return unavailable();
}

const OPT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The optimisation id of a URL, or a 404 (nothing a user types is a 500). */
export function optimisationId(param: string | undefined): string {
  if (!param || !OPT_ID.test(param)) throw new Response("Not Found", { status: 404 });
  return param;
}

const PASS = /^\d{1,9}$/;

/** A run's pass number from a form or query, or null. */
export function passNumber(text: string | null | undefined): number | null {
  if (!text || !PASS.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}
