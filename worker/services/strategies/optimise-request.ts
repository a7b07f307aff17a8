/**
 * The optimisation request (issue 17): the backtest settings every run uses (the backtest request's own
 * reading, spec 2 s3, with its messages), the inputs' ranges, the search, the criterion and the forward
 * period. One zod schema for the JSON API and the Optimise tab's form. Pure.
 */
import { z } from "zod";
import { CriterionSchema } from "../../optimise/criteria";
import { SEARCHES } from "../../optimise/optimise";
import { ForwardSchema } from "../../optimise/periods";
import { ParamRangeSchema } from "../../optimise/space";
import { backtestRequestSchema, type NewBacktest } from "./backtest-request";

/** Optimisations model open prices only (model 3): MT5's advice for searches, and a run costs milliseconds. */
export const OPTIMISE_MODEL = 3;
export const MAX_OPTIMISED_INPUTS = 10;
/** The genetic search's PRNG seed range (mulberry32 takes 32 bits). */
const SEED_MAX = 2 ** 31 - 1;

export const OPTIMISE_MESSAGES = {
  model: "Optimisations run on open prices only: choose Open prices only (model 3).",
  ranges: "Choose at least one input to optimise.",
  tooManyRanges: `Optimise at most ${MAX_OPTIMISED_INPUTS} inputs at once.`,
  forward: "The forward period is none, 1/2, 1/3, 1/4 or a date YYYY-MM-DD.",
  search: `The search must be one of ${SEARCHES.join(", ")}.`,
  seed: `The seed must be a whole number from 0 to ${SEED_MAX}.`,
  maxRuns: "The genetic search's budget must be a whole number of runs, at least 1.",
} as const;

export function optimisationRequestSchema(today?: () => string) {
  const settings = backtestRequestSchema(today);
  return z.object({
    /** The backtest settings (symbol, period, dateStart, dateEnd, depositAmount, ...); model 3 when absent. */
    settings: z
      .record(z.string(), z.unknown(), { error: "Send the backtest settings as a JSON object." })
      .transform((s): unknown => ({ model: OPTIMISE_MODEL, ...s }))
      .pipe(settings)
      .refine((s) => s.model === OPTIMISE_MODEL, { message: OPTIMISE_MESSAGES.model, path: ["model"] }),
    ranges: z
      .array(ParamRangeSchema, { error: OPTIMISE_MESSAGES.ranges })
      .min(1, OPTIMISE_MESSAGES.ranges)
      .max(MAX_OPTIMISED_INPUTS, OPTIMISE_MESSAGES.tooManyRanges),
    search: z.enum(SEARCHES, { error: OPTIMISE_MESSAGES.search }).default("grid"),
    criterion: CriterionSchema.default("balance"),
    forward: z
      .string({ error: OPTIMISE_MESSAGES.forward })
      .trim()
      .default("none")
      .refine((s) => ForwardSchema.safeParse(s).success, OPTIMISE_MESSAGES.forward),
    seed: z
      .number({ error: OPTIMISE_MESSAGES.seed })
      .int(OPTIMISE_MESSAGES.seed)
      .min(0)
      .max(SEED_MAX)
      .default(1),
    /** Genetic only: the most runs (default: a tenth of the space, at least 200). */
    maxRuns: z
      .number({ error: OPTIMISE_MESSAGES.maxRuns })
      .int(OPTIMISE_MESSAGES.maxRuns)
      .min(1, OPTIMISE_MESSAGES.maxRuns)
      .optional(),
  });
}

export type NewOptimisation = z.output<ReturnType<typeof optimisationRequestSchema>>;
export type OptimisationSettings = NewBacktest;

/** The request as stored and handed to the coordinator (settings resolved as a backtest job's inputs). */
export const storedRequestSchema = z.object({
  ranges: z.array(ParamRangeSchema),
  search: z.enum(SEARCHES),
  criterion: CriterionSchema,
  forward: z.string(),
  seed: z.number().int(),
  maxRuns: z.number().int().positive().nullable(),
});
export type StoredRequest = z.infer<typeof storedRequestSchema>;

/** Sort keys of the results page: the pass, the criterion's results, an input's name, or a figure. */
export const resultsQuerySchema = z.object({
  sort: z.string().trim().min(1).max(80).default("result"),
  order: z.enum(["asc", "desc"], { error: "The order is asc or desc." }).default("desc"),
  page: z.number({ error: "The page must be a whole number from 1." }).int().min(1).default(1),
  pageSize: z
    .number({ error: "The page size must be a whole number from 1 to 500." })
    .int()
    .min(1)
    .max(500)
    .default(50),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

/** Which run to apply or export: a pass number, or the best run when absent. */
export const runChoiceSchema = z.object({
  pass: z.number({ error: "The pass must be a whole number from 1." }).int().min(1).optional(),
});
