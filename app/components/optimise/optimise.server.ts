/**
 * The Optimise screens' one door to the optimisation service (issue 17, docs/optimisation.md "Service and
 * API"): every route reads and writes through these functions, which map the service's records to the
 * screens' view (types.ts), so the routes stay thin.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "../../../worker/http";
import {
  optimisationRequestSchema,
  type SessionUser,
  type WalkForwardAnswer,
  walkForwardFieldsSchema,
} from "../../../worker/services";
import type { OptimiseFormRequest } from "../../utils/optimise-form.server";
import type { SortState } from "../../utils/table-state";
import type { FigureRow, OptimiseRow } from "./results-table";
import type { OptimisationView } from "./types";

const service = (context: AppLoadContext) => context.services.strategies.optimisations;

/** The request's problems by form field, or a message for the whole form. */
export class OptimiseFormErrors extends Error {
  constructor(
    readonly errors: Record<string, string>,
    readonly status: number,
    readonly formMessage: string | null,
  ) {
    super(formMessage ?? "Check the form.");
  }
}

/** The form's request as the service's optimisation request takes it (a USD deposit, instant execution). */
function serviceRequest(request: OptimiseFormRequest) {
  return {
    settings: {
      symbol: request.symbol,
      period: request.period,
      dateStart: request.dateStart,
      dateEnd: request.dateEnd,
      depositAmount: request.depositAmount,
      depositCurrency: "USD",
      executionMode: 0,
    },
    ranges: request.ranges,
    search: request.search,
    criterion: request.criterion,
  };
}

/** The form field a service error is about (its `details.field`, e.g. `settings.dateStart`). */
function fieldOf(e: AppError, forward: string): string {
  const raw = typeof e.details?.field === "string" ? e.details.field : "";
  const field = raw.replace(/^settings\./, "");
  if (field === "ranges" || field.startsWith("ranges")) return "inputs";
  if (field === "forward") return forward === "date" ? "forwardDate" : "forward";
  return field || "inputs";
}

/**
 * Starts an optimisation (the service checks the space against the spec and the plan's limit); its id, or
 * OptimiseFormErrors with the service's own words under the field they concern.
 */
export async function startOptimisation(
  context: AppLoadContext,
  user: SessionUser,
  strId: number,
  request: OptimiseFormRequest,
  forwardChoice: string,
): Promise<{ optId: string }> {
  const parsed = optimisationRequestSchema().safeParse({
    ...serviceRequest(request),
    forward: request.forward,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const [head, key] = issue.path;
      const field =
        head === "settings" && typeof key === "string" ? key : head === "ranges" ? "inputs" : String(head);
      errors[field] ??= issue.message;
    }
    throw new OptimiseFormErrors(errors, 400, null);
  }
  try {
    const view = await service(context).start(user, strId, parsed.data);
    return { optId: view.optId };
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    if (e.code === "VALIDATION_ERROR")
      throw new OptimiseFormErrors({ [fieldOf(e, forwardChoice)]: e.userMessage }, e.status, null);
    throw new OptimiseFormErrors({}, e.status, e.userMessage);
  }
}

/** The walk-forward fields' form names (optimise-form.tsx) and the service's. */
const WALK_FORWARD_FORM = { wfIn: "inSampleDays", wfOut: "outOfSampleDays" } as const;

/**
 * Runs a walk-forward analysis of the form's request (issue 17 Robustness): the windows' lengths checked by
 * the service's own schema, then the service runs it; its refusals come back as OptimiseFormErrors under the
 * field they concern, as a start's do.
 */
export async function runWalkForward(
  context: AppLoadContext,
  user: SessionUser,
  strId: number,
  request: OptimiseFormRequest,
  posted: Readonly<Record<string, string>>,
): Promise<WalkForwardAnswer> {
  const number = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : Number(v));
  const fields = walkForwardFieldsSchema.safeParse({
    inSampleDays: number(posted.wfIn),
    outOfSampleDays: number(posted.wfOut),
    anchored: posted.wfAnchored === "on",
  });
  if (!fields.success) {
    const errors: Record<string, string> = {};
    for (const issue of fields.error.issues) {
      const form = Object.entries(WALK_FORWARD_FORM).find(([, name]) => name === issue.path[0])?.[0];
      errors[form ?? "wfIn"] ??= issue.message;
    }
    throw new OptimiseFormErrors(errors, 400, null);
  }
  const parsed = optimisationRequestSchema().safeParse(serviceRequest(request));
  if (!parsed.success)
    throw new OptimiseFormErrors({}, 400, parsed.error.issues[0]?.message ?? "Check the form.");
  try {
    return await context.services.strategies.walkForward(user, strId, parsed.data, fields.data);
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    const field = typeof e.details?.field === "string" ? e.details.field : "";
    if (e.code === "VALIDATION_ERROR" && field === "inSampleDays")
      throw new OptimiseFormErrors({ wfIn: e.userMessage }, e.status, null);
    throw new OptimiseFormErrors({}, e.status, e.userMessage);
  }
}

/** The service's errors a user can cause (a wrong id, no results yet): a Response with their status. */
function asResponse(e: unknown): never {
  if (e instanceof AppError && e.status < 500) throw new Response(e.userMessage, { status: e.status });
  throw e;
}

/** The DataTable column id (results-table.tsx) as the service's sort key. */
export function serviceSortKey(columnId: string): string {
  if (columnId.startsWith("in_")) return columnId.slice(3);
  if (columnId.startsWith("fwd_")) return `forward.${columnId.slice(4)}`;
  return columnId;
}

/** The service's RunFigures (numbers, null where undefined). */
type Figures = object;

/** Figures with missing values as undefined, so the table shows '-' and sorts them last. */
function figureRow(f: Figures | null): FigureRow | null {
  if (!f) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === "number") out[k] = v;
  return out;
}

interface ServiceRun {
  pass: number;
  inputs: Record<string, number>;
  result: number | null;
  forwardResult: number | null;
  back: Figures;
  forward: Figures | null;
}

function rowOf(r: ServiceRun): OptimiseRow {
  return {
    pass: r.pass,
    result: r.result ?? undefined,
    forwardResult: r.forwardResult ?? undefined,
    values: r.inputs,
    back: figureRow(r.back) ?? {},
    forward: figureRow(r.forward),
  };
}

export const RESULTS_PAGE_SIZE = 20;
/** Runs the heatmap reads (pages of 500): far beyond what a phone or a screen can show cell by cell. */
const HEATMAP_PAGES = 20;

/**
 * One optimisation with a sorted page of its runs (the table's sort and page from the URL) and, for the
 * heatmap, its runs' values and results (up to 10,000).
 */
export async function loadOptimisation(
  context: AppLoadContext,
  user: SessionUser,
  strId: number,
  optId: string,
  table: { sort: SortState | null; page: number },
): Promise<OptimisationView> {
  const s = service(context);
  const id = Number(optId);
  try {
    const o = await s.get(user.id, strId, id);
    const names = o.ranges.map((r) => r.name);
    let rows: OptimiseRow[] = [];
    let total = 0;
    let heat: { values: Record<string, number>; result: number | null }[] = [];
    if (o.hasResults) {
      const sort = table.sort ? serviceSortKey(table.sort.id) : "pass";
      const order = table.sort ? table.sort.dir : "asc";
      const page = await s.results(user.id, strId, id, {
        sort,
        order,
        page: table.page,
        pageSize: RESULTS_PAGE_SIZE,
      });
      rows = page.rows.map(rowOf);
      total = page.total;
      for (let p = 1; p <= HEATMAP_PAGES; p++) {
        const all = await s.results(user.id, strId, id, {
          sort: "pass",
          order: "asc",
          page: p,
          pageSize: 500,
        });
        heat = heat.concat(all.rows.map((r) => ({ values: r.inputs, result: r.result })));
        if (p >= all.pages) break;
      }
    }
    return {
      optId: o.optId,
      status: o.status === "queued" ? "running" : o.status,
      error: o.status === "error" ? o.message : null,
      done: o.runsDone,
      planned: o.plannedRuns,
      criterion: o.criterion,
      criterionLabel: o.criterionLabel,
      lowerIsBetter: o.criterion === "drawdown",
      search: o.search,
      forward: o.forward,
      symbol: o.settings.symbol,
      period: o.settings.period,
      dateStart: o.settings.dateStart,
      dateEnd: o.settings.dateEnd,
      names,
      rows,
      total,
      heatmap: heat,
      best: o.best ? rowOf(o.best) : null,
      skipped: o.skipped,
      specVersion: o.specVersion,
    };
  } catch (e) {
    return asResponse(e);
  }
}

/** The strategy's optimisations, newest first, for the Optimise tab's history. */
export async function listOptimisations(context: AppLoadContext, user: SessionUser, strId: number) {
  const list = await service(context).list(user.id, strId);
  return list.map((o) => ({
    optId: o.optId,
    status: o.status,
    created: o.created,
    runs: `${o.runsDone} of ${o.plannedRuns}`,
    criterionLabel: o.criterionLabel,
    inputs: o.ranges.map((r) => r.name).join(", "),
    best: o.best?.result ?? null,
  }));
}

export async function cancelOptimisation(
  context: AppLoadContext,
  user: SessionUser,
  strId: number,
  optId: string,
): Promise<void> {
  try {
    await service(context).cancel(user.id, strId, Number(optId));
  } catch (e) {
    asResponse(e);
  }
}

/** Apply: the run's inputs become the strategy's new spec version; answers that version. */
export async function applyRun(
  context: AppLoadContext,
  user: SessionUser,
  strId: number,
  optId: string,
  pass: number,
): Promise<{ version: number }> {
  try {
    const r = await service(context).apply(user.id, strId, Number(optId), pass);
    return { version: r.specVersion };
  } catch (e) {
    return asResponse(e);
  }
}

/** The run's .set file: its name and text. */
export async function runSetFile(
  context: AppLoadContext,
  user: SessionUser,
  strId: number,
  optId: string,
  pass: number,
): Promise<{ fileName: string; text: string }> {
  try {
    const f = await service(context).setFile(user.id, strId, Number(optId), pass);
    return { fileName: f.filename, text: f.text };
  } catch (e) {
    return asResponse(e);
  }
}

const OPT_ID = /^\d{1,15}$/;

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
