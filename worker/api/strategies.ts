import { Hono } from "hono";
import { z } from "zod";
import { newBacktestSchema, sectionSchema } from "../services/strategies/backtests";
import { instructionsSchema } from "../services/strategies/chat";
import { newStrategySchema, renameSchema } from "../services/strategies/crud";
import { wireId } from "../services/strategies/ids";
import { type ApiEnv, ok } from "./app";
import { subscriber } from "./guards";
import { jsonBody } from "./validate";

const byStrategy = z.object({ strId: wireId });
const byBacktest = byStrategy.extend({ backtestId: wireId });
const anything = z.object({}).passthrough();
// Opening the code tab reads; with no code yet the tab's "Generate Code" asks for one (generate true).
const codeRequest = byStrategy.extend({ generate: z.boolean().default(true) });
// codeId (optional): the generation the client showed; a repeated Recreate then answers the new one.
const recreateRequest = byStrategy.extend({ codeId: wireId.optional() });
const newBacktestRequest = z.intersection(byStrategy, newBacktestSchema);

/**
 * Spec 2 s7, both families (DESIGN D1): `POST /ai/...` and the named operations, served under `/ai/{name}`
 * and `/api/{name}` alike. Every call needs a subscriber (as the pages do) and works on that user's rows
 * only (DESIGN D2). Each route runs the `subscriber` guard, then its body's validator, then the handler.
 */
export const strategiesApi = new Hono<ApiEnv>()
  .post("/user/strategies", subscriber, jsonBody(anything), async (c) => {
    const user = c.get("user");
    return ok(await c.get("services").strategies.list(user.id));
  })
  .post("/user/strategies/deleted", subscriber, jsonBody(anything), async (c) => {
    const user = c.get("user");
    return ok(await c.get("services").strategies.listDeleted(user.id));
  })
  .post("/strategy/new", subscriber, jsonBody(newStrategySchema), async (c) => {
    const user = c.get("user");
    const input = c.req.valid("json");
    return ok(await c.get("services").strategies.start(user.id, input));
  })
  .post("/strategy/archive", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.archive(user.id, strId));
  })
  .post("/strategy/restore", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.restore(user.id, strId));
  })
  .post("/strategy/update/info", subscriber, jsonBody(byStrategy.merge(renameSchema)), async (c) => {
    const user = c.get("user");
    const { strId, ...input } = c.req.valid("json");
    return ok(await c.get("services").strategies.rename(user.id, strId, input));
  })
  .post("/strategy/get", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.get(user.id, strId));
  })
  .post("/strategy/details", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.details(user.id, strId));
  })
  .post("/strategy/update", subscriber, jsonBody(byStrategy.merge(instructionsSchema)), async (c) => {
    const user = c.get("user");
    const { strId, instructions } = c.req.valid("json");
    return ok(await c.get("services").strategies.chat.update(user.id, strId, instructions));
  })
  .post("/strategy/code", subscriber, jsonBody(codeRequest), async (c) => {
    const user = c.get("user");
    const { strId, generate } = c.req.valid("json");
    const code = c.get("services").strategies.code;
    return ok(generate ? await code.generate(user, strId, false) : await code.read(user.id, strId));
  })
  .post("/strategy/code/recreate", subscriber, jsonBody(recreateRequest), async (c) => {
    const user = c.get("user");
    const { strId, codeId } = c.req.valid("json");
    return ok(await c.get("services").strategies.code.generate(user, strId, true, codeId));
  })
  .post("/strategy/code/complete", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.code.complete(user.id, strId));
  })
  .post("/strategy/code/get", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    const file = await c.get("services").strategies.code.download(user.id, strId);
    return new Response(file.text, {
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "private, no-store",
      },
    });
  })
  .post("/strategy/backtest/new", subscriber, jsonBody(newBacktestRequest), async (c) => {
    const user = c.get("user");
    const { strId, ...input } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.create(user, strId, input));
  })
  .post("/strategy/backtests", subscriber, jsonBody(byStrategy), async (c) => {
    const user = c.get("user");
    const { strId } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.list(user.id, strId));
  })
  .post("/strategy/backtest", subscriber, jsonBody(byBacktest), async (c) => {
    const user = c.get("user");
    const { strId, backtestId } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.get(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/cancel", subscriber, jsonBody(byBacktest), async (c) => {
    const user = c.get("user");
    const { strId, backtestId } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.cancel(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/delete", subscriber, jsonBody(byBacktest), async (c) => {
    const user = c.get("user");
    const { strId, backtestId } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.remove(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/details", subscriber, jsonBody(byBacktest), async (c) => {
    const user = c.get("user");
    const { strId, backtestId } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.details(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/results", subscriber, jsonBody(byBacktest.merge(sectionSchema)), async (c) => {
    const user = c.get("user");
    const { strId, backtestId, section } = c.req.valid("json");
    return ok(await c.get("services").strategies.backtests.results(user.id, strId, backtestId, section));
  });
