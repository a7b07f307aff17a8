import { Hono } from "hono";
import { z } from "zod";
import { monteCarloRequestSchema } from "../services/strategies/backtest-monte-carlo";
import { wireId } from "../services/strategies/ids";
import {
  optimisationRequestSchema,
  resultsQuerySchema,
  runChoiceSchema,
} from "../services/strategies/optimise-request";
import { walkForwardFieldsSchema } from "../services/strategies/optimise-walk-forward";
import { type ApiEnv, ok } from "./app";
import { subscriber } from "./guards";
import { jsonBody } from "./validate";

const byStrategy = z.object({ strId: wireId });
const byOptimisation = byStrategy.extend({ optId: wireId });
const monteCarloBody = byStrategy.extend({ backtestId: wireId, ...monteCarloRequestSchema.shape });
const newRequest = byStrategy.extend(optimisationRequestSchema().shape);
const walkForwardBody = newRequest.extend(walkForwardFieldsSchema.shape);

/**
 * Optimisations (issue 17; docs/optimisation.md "Service and API"), served under `/ai/...` and `/api/...`
 * like the other strategy operations: a subscriber's own rows only, every body validated by zod.
 */
export const optimisationsApi = new Hono<ApiEnv>()
  .post("/strategy/backtest/monte-carlo", subscriber, jsonBody(monteCarloBody), async (c) => {
    const { strId, backtestId, ...request } = c.req.valid("json");
    return ok(await c.get("services").strategies.monteCarlo(c.get("user").id, strId, backtestId, request));
  })
  .post("/strategy/optimise/inputs", subscriber, jsonBody(byStrategy), async (c) => {
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.optimisations.inputs(c.get("user").id, strId));
  })
  .post("/strategy/optimise/new", subscriber, jsonBody(newRequest), async (c) => {
    const { strId, ...input } = c.req.valid("json");
    return ok(await c.get("services").strategies.optimisations.start(c.get("user"), strId, input));
  })
  .post("/strategy/optimise/walk-forward", subscriber, jsonBody(walkForwardBody), async (c) => {
    const { strId, inSampleDays, outOfSampleDays, anchored, ...input } = c.req.valid("json");
    return ok(
      await c
        .get("services")
        .strategies.walkForward(c.get("user"), strId, input, { inSampleDays, outOfSampleDays, anchored }),
    );
  })
  .post("/strategy/optimisations", subscriber, jsonBody(byStrategy), async (c) => {
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.optimisations.list(c.get("user").id, strId));
  })
  .post("/strategy/optimisation", subscriber, jsonBody(byOptimisation), async (c) => {
    const { strId, optId } = c.req.valid("json");
    return ok(await c.get("services").strategies.optimisations.get(c.get("user").id, strId, optId));
  })
  .post(
    "/strategy/optimisation/results",
    subscriber,
    jsonBody(byOptimisation.extend(resultsQuerySchema.shape)),
    async (c) => {
      const { strId, optId, ...query } = c.req.valid("json");
      return ok(
        await c.get("services").strategies.optimisations.results(c.get("user").id, strId, optId, query),
      );
    },
  )
  .post("/strategy/optimisation/cancel", subscriber, jsonBody(byOptimisation), async (c) => {
    const { strId, optId } = c.req.valid("json");
    return ok(await c.get("services").strategies.optimisations.cancel(c.get("user").id, strId, optId));
  })
  .post(
    "/strategy/optimisation/apply",
    subscriber,
    jsonBody(byOptimisation.extend(runChoiceSchema.shape)),
    async (c) => {
      const { strId, optId, pass } = c.req.valid("json");
      return ok(await c.get("services").strategies.optimisations.apply(c.get("user").id, strId, optId, pass));
    },
  )
  .post(
    "/strategy/optimisation/set",
    subscriber,
    jsonBody(byOptimisation.extend(runChoiceSchema.shape)),
    async (c) => {
      const { strId, optId, pass } = c.req.valid("json");
      const file = await c
        .get("services")
        .strategies.optimisations.setFile(c.get("user").id, strId, optId, pass);
      return new Response(file.text, {
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "content-disposition": `attachment; filename="${file.filename}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  );
