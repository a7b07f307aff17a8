import { Hono } from "hono";
import { z } from "zod";
import { newBacktestSchema, sectionSchema } from "../services/strategies/backtests";
import { instructionsSchema } from "../services/strategies/chat";
import { newStrategySchema, renameSchema } from "../services/strategies/crud";
import { wireId } from "../services/strategies/ids";
import { type ApiEnv, ok, readBody, requireSubscriber } from "./app";

const byStrategy = z.object({ strId: wireId });
const byBacktest = byStrategy.extend({ backtestId: wireId });
const anything = z.object({}).passthrough();

/**
 * Spec 2 s7, both families (DESIGN D1): `POST /ai/...` and the named operations, served under `/ai/{name}`
 * and `/api/{name}` alike. Every call needs a subscriber (as the pages do) and works on that user's rows
 * only (DESIGN D2).
 */
export const strategiesApi = new Hono<ApiEnv>()
  .post("/user/strategies", async (c) => {
    const user = requireSubscriber(c.get("user"));
    await readBody(c.req.raw, anything);
    return ok(await c.get("services").strategies.list(user.id));
  })
  .post("/user/strategies/deleted", async (c) => {
    const user = requireSubscriber(c.get("user"));
    await readBody(c.req.raw, anything);
    return ok(await c.get("services").strategies.listDeleted(user.id));
  })
  .post("/strategy/new", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const input = await readBody(c.req.raw, newStrategySchema);
    return ok(await c.get("services").strategies.start(user.id, input));
  })
  .post("/strategy/archive", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    return ok(await c.get("services").strategies.archive(user.id, strId));
  })
  .post("/strategy/restore", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    return ok(await c.get("services").strategies.restore(user.id, strId));
  })
  .post("/strategy/update/info", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, ...input } = await readBody(c.req.raw, byStrategy.merge(renameSchema));
    return ok(await c.get("services").strategies.rename(user.id, strId, input));
  })
  .post("/strategy/get", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    return ok(await c.get("services").strategies.get(user.id, strId));
  })
  .post("/strategy/details", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    return ok(await c.get("services").strategies.details(user.id, strId));
  })
  .post("/strategy/update", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, instructions } = await readBody(c.req.raw, byStrategy.merge(instructionsSchema));
    return ok(await c.get("services").strategies.chat.update(user.id, strId, instructions));
  })
  .post("/strategy/code", async (c) => {
    const user = requireSubscriber(c.get("user"));
    // Opening the code tab reads; with no code yet the tab's "Generate Code" asks for one (generate true).
    const { strId, generate } = await readBody(
      c.req.raw,
      byStrategy.extend({ generate: z.boolean().default(true) }),
    );
    const code = c.get("services").strategies.code;
    return ok(generate ? await code.generate(user, strId, false) : await code.read(user.id, strId));
  })
  .post("/strategy/code/recreate", async (c) => {
    const user = requireSubscriber(c.get("user"));
    // codeId (optional): the generation the client showed; a repeated Recreate then answers the new one.
    const { strId, codeId } = await readBody(c.req.raw, byStrategy.extend({ codeId: wireId.optional() }));
    return ok(await c.get("services").strategies.code.generate(user, strId, true, codeId));
  })
  .post("/strategy/code/complete", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    return ok(await c.get("services").strategies.code.complete(user.id, strId));
  })
  .post("/strategy/code/get", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    const file = await c.get("services").strategies.code.download(user.id, strId);
    return new Response(file.text, {
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "private, no-store",
      },
    });
  })
  .post("/strategy/backtest/new", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, ...input } = await readBody(c.req.raw, z.intersection(byStrategy, newBacktestSchema));
    return ok(await c.get("services").strategies.backtests.create(user, strId, input));
  })
  .post("/strategy/backtests", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId } = await readBody(c.req.raw, byStrategy);
    return ok(await c.get("services").strategies.backtests.list(user.id, strId));
  })
  .post("/strategy/backtest", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, backtestId } = await readBody(c.req.raw, byBacktest);
    return ok(await c.get("services").strategies.backtests.get(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/delete", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, backtestId } = await readBody(c.req.raw, byBacktest);
    return ok(await c.get("services").strategies.backtests.remove(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/details", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, backtestId } = await readBody(c.req.raw, byBacktest);
    return ok(await c.get("services").strategies.backtests.details(user.id, strId, backtestId));
  })
  .post("/strategy/backtest/results", async (c) => {
    const user = requireSubscriber(c.get("user"));
    const { strId, backtestId, section } = await readBody(c.req.raw, byBacktest.merge(sectionSchema));
    return ok(await c.get("services").strategies.backtests.results(user.id, strId, backtestId, section));
  });
