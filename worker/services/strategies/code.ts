import { and, eq, inArray, isNull } from "drizzle-orm";
import { strategies, strategyCodes } from "../../db/schema";
import { AppError } from "../../http/errors";
import {
  CODE_STATE,
  type CodeState,
  codeStateMessage,
  consumesCredits,
  isCodeReady,
  isCodeState,
  runGeneration,
} from "../../mql5";
import { type ChargeClaim, ChargeClaimLost } from "../billing/credits";
import { billingErrors } from "../billing/errors";
import { activeStrategy, specAt } from "./access";
import { type CodeRow, INTERRUPTED, isRunning, settleCode } from "./code-liveness";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText } from "./ids";

/** One credit per generated expert advisor (the plan catalogue's wording). */
export const CODE_CREDITS = 1;

export interface CodeUser {
  id: string;
  subscription: { status: string } | null;
}

export type { CodeRow };

export const codeKey = (userId: string, strategyId: number, codeId: number, specVersion: number) =>
  `strategies/${userId}/${strategyId}/code/${codeId}-v${specVersion}.mq5`;

/** A run whose heartbeat went stale (marked interrupted by another request) stops without charging. */
const interrupted = () =>
  new AppError(
    "CODE_GENERATION_INTERRUPTED",
    409,
    "There is an error generating the code. No credits have been used.",
    "the generation was marked interrupted while it ran",
  );

const completeFailed = () =>
  new AppError(
    "CODE_COMPLETE_FAILED",
    409,
    "An error occurred while trying to complete the code generation process.",
  );

/**
 * Code generation (DESIGN D5): the state machine of spec 2 s4 with its live events, one stored version per
 * generation in R2 with the spec version it came from, and credits consumed once, only for ready code.
 */
export function createCode(deps: StrategyDeps) {
  const { db, now, events, bucket } = deps;

  async function codeRow(userId: string, codeId: number | null): Promise<CodeRow | null> {
    if (codeId === null) return null;
    const row = await db
      .select()
      .from(strategyCodes)
      .where(and(eq(strategyCodes.id, codeId), eq(strategyCodes.userId, userId)))
      .get();
    return row ? settleCode(deps, row) : null;
  }

  /**
   * The running generation's heartbeat (see DEAD_AFTER_MS); false when the row is no longer this running
   * generation (another request marked it interrupted, or it was removed), so the run stops unpaid.
   */
  async function beat(userId: string, codeId: number): Promise<boolean> {
    const res = await db
      .update(strategyCodes)
      .set({ updatedAt: now() })
      .where(
        and(
          eq(strategyCodes.id, codeId),
          eq(strategyCodes.userId, userId),
          eq(strategyCodes.state, CODE_STATE.STARTED),
        ),
      )
      .run();
    return res.meta.changes === 1;
  }

  async function codeText(row: CodeRow): Promise<string | null> {
    if (!row.r2Key || !isCodeState(row.state) || !isCodeReady(row.state)) return null;
    const object = await bucket.get(row.r2Key);
    return object ? object.text() : null;
  }

  async function view(strategyId: number, row: CodeRow | null) {
    return {
      strId: idText(strategyId),
      /** The generation shown; a Recreate names it so a repeated click cannot replace the one it made. */
      codeId: row ? idText(row.id) : null,
      code: row ? await codeText(row) : null,
      state: row?.state ?? null,
      specVersion: row?.specVersion ?? null,
      lines: row?.lines ?? null,
      message: row && isCodeState(row.state) ? codeStateMessage(row.state) : null,
    };
  }

  /** Undo a claimed generation that must not stand (no credits, too large): the code is absent again. */
  async function release(userId: string, strategyId: number, codeId: number) {
    await db
      .update(strategies)
      .set({ codeId: null })
      .where(
        and(eq(strategies.id, strategyId), eq(strategies.userId, userId), eq(strategies.codeId, codeId)),
      );
    await db.delete(strategyCodes).where(and(eq(strategyCodes.id, codeId), eq(strategyCodes.userId, userId)));
    await events.publish(userId, {
      type: "strategy-code",
      strId: idText(strategyId),
      code: null,
      state: null,
    });
  }

  /**
   * Generate (recreate false: answers the existing code if any) or Recreate/Retry. `seen` is the generation
   * the user's page showed when Recreate was clicked: once another click replaced it, this one answers the
   * new code instead of paying again (issue 11: a burst of clicks spent every credit). Without `seen`
   * (API callers that do not send it) the current code is the one replaced.
   */
  async function generate(user: CodeUser, strategyId: number, recreate: boolean, seen?: number) {
    const userId = user.id;
    const strategy = await activeStrategy(db, userId, strategyId);
    // A dead generation comes back marked ERROR here (settleCode): shown with Retry, never re-run silently.
    const current = await codeRow(userId, strategy.codeId);
    if (current && isRunning(current, now())) throw strategyErrors.codeInProgress();
    if (current && !recreate) return view(strategyId, current);
    if (current && seen !== undefined && current.id !== seen) return view(strategyId, current);
    if (user.subscription?.status === "pending") throw billingErrors.subscriptionPending();
    const spec = await specAt(db, userId, strategyId, strategy.specVersion);
    if (!spec) throw strategyErrors.noSpec();

    const t = now();
    const mine = await db
      .insert(strategyCodes)
      .values({
        strategyId,
        userId,
        specVersion: strategy.specVersion,
        state: CODE_STATE.STARTED,
        createdAt: t,
        updatedAt: t,
      })
      .returning()
      .get();
    // The claim: only the request that moves code_id from what it read wins; a racing one gives way, so
    // two generations never both run (and never both charge).
    const claimed = await db
      .update(strategies)
      .set({ codeId: mine.id })
      .where(
        and(
          eq(strategies.id, strategyId),
          eq(strategies.userId, userId),
          eq(strategies.specVersion, strategy.specVersion),
          strategy.codeId === null ? isNull(strategies.codeId) : eq(strategies.codeId, strategy.codeId),
        ),
      )
      .run();
    if (claimed.meta.changes !== 1) {
      await db
        .delete(strategyCodes)
        .where(and(eq(strategyCodes.id, mine.id), eq(strategyCodes.userId, userId)));
      const fresh = await activeStrategy(db, userId, strategyId);
      const winner = await codeRow(userId, fresh.codeId);
      if (winner && isRunning(winner, now())) throw strategyErrors.codeInProgress();
      return view(strategyId, winner);
    }

    const strId = idText(strategyId);
    const run = runGeneration(spec, { strategyId: strId, title: strategy.title }, deps.checkCode);
    const ready = run.code !== null && consumesCredits(run.final);
    // The ready state (11/21) is announced only once the code is stored and paid for; the steps before it
    // (0, 10, 12, 20) are progress and are shown as they happen.
    for (const state of ready ? run.states.filter((s) => s !== run.final) : run.states)
      await events.publish(userId, { type: "strategy-code-state", strId, state });

    if (run.code === null || !ready) {
      await db
        .update(strategyCodes)
        .set({ state: run.final, failure: run.failure ?? null, updatedAt: now() })
        .where(
          and(
            eq(strategyCodes.id, mine.id),
            eq(strategyCodes.userId, userId),
            eq(strategyCodes.state, CODE_STATE.STARTED),
          ),
        );
      const failed = await view(strategyId, await codeRow(userId, mine.id));
      await events.publish(userId, { type: "strategy-code", strId, code: null, state: run.final });
      return failed;
    }

    if (!(await beat(userId, mine.id))) throw interrupted();
    const lines = run.code.split("\n").length;
    const { maxCodeLines } = await deps.credits.limits(userId);
    if (maxCodeLines >= 0 && lines > maxCodeLines) {
      await release(userId, strategyId, mine.id);
      throw strategyErrors.codeTooLarge(lines, maxCodeLines);
    }
    // Stored before charging, so a failed write never costs a credit; a refused charge removes it again.
    const r2Key = codeKey(userId, strategyId, mine.id, strategy.specVersion);
    await bucket.put(r2Key, run.code, {
      httpMetadata: { contentType: "text/plain; charset=utf-8" },
      customMetadata: { strategyId: strId, specVersion: String(strategy.specVersion), userId },
    });
    if (!(await beat(userId, mine.id))) {
      await bucket.delete(r2Key);
      throw interrupted();
    }
    try {
      await deps.credits.consume(
        userId,
        CODE_CREDITS,
        `code:${strId}:${mine.id}`,
        readyClaim({
          userId,
          strategyId,
          codeId: mine.id,
          specVersion: strategy.specVersion,
          r2Key,
          lines,
          state: run.final,
        }),
      );
    } catch (e) {
      await bucket.delete(r2Key);
      if (e instanceof ChargeClaimLost) {
        // Marked interrupted while it ran (its heartbeat went stale): that mark stands, and it is unpaid.
        if ((await codeRow(userId, mine.id))?.failure === INTERRUPTED) throw interrupted();
        // A chat message (or a replacing generation) took the code slot while this one ran: the code is
        // for a spec the strategy no longer has, so it is dropped unpaid.
        await db
          .delete(strategyCodes)
          .where(and(eq(strategyCodes.id, mine.id), eq(strategyCodes.userId, userId)));
        throw strategyErrors.codeStale();
      }
      await release(userId, strategyId, mine.id);
      throw e;
    }
    await events.publish(userId, { type: "strategy-code-state", strId, state: run.final });
    const answer = await view(strategyId, await codeRow(userId, mine.id));
    await events.publish(userId, { type: "strategy-code", strId, code: answer.code, state: run.final });
    return answer;
  }

  /**
   * The generation's move from STARTED to ready, paid by the charge it rides with (one D1 transaction): it
   * takes only while the strategy still shows this generation for the spec version it was made from, and
   * only once (a paid row is no longer STARTED), so a generation is never charged twice nor charged for
   * code the strategy dropped.
   */
  function readyClaim(g: {
    userId: string;
    strategyId: number;
    codeId: number;
    specVersion: number;
    r2Key: string;
    lines: number;
    state: CodeState;
  }): ChargeClaim {
    const open = `id = ?1 AND user_id = ?2 AND state = ${CODE_STATE.STARTED} AND credit_operation_id IS NULL
      AND EXISTS (SELECT 1 FROM strategies s WHERE s.id = ?3 AND s.user_id = ?2 AND s.code_id = ?1
        AND s.spec_version = ?4 AND s.status = 'active')`;
    return {
      statement: (operationId) =>
        deps.d1
          .prepare(
            `UPDATE strategy_codes SET state = ?5, r2_key = ?6, lines = ?7, failure = NULL,
               credit_operation_id = ?8, updated_at = ?9 WHERE ${open}`,
          )
          .bind(
            g.codeId,
            g.userId,
            g.strategyId,
            g.specVersion,
            g.state,
            g.r2Key,
            g.lines,
            operationId,
            now(),
          ),
      stillOpen: async () =>
        (await deps.d1
          .prepare(`SELECT 1 AS open FROM strategy_codes WHERE ${open}`)
          .bind(g.codeId, g.userId, g.strategyId, g.specVersion)
          .first()) !== null,
    };
  }

  /** "Run Backtest" / "later": ready code becomes OK. Idempotent; it never charges (that happened once). */
  async function complete(userId: string, strategyId: number) {
    const strategy = await activeStrategy(db, userId, strategyId);
    const row = await codeRow(userId, strategy.codeId);
    if (!row) throw completeFailed();
    if (row.state === CODE_STATE.OK) return view(strategyId, row);
    const moved = await db
      .update(strategyCodes)
      .set({ state: CODE_STATE.OK, updatedAt: now() })
      .where(
        and(
          eq(strategyCodes.id, row.id),
          eq(strategyCodes.userId, userId),
          inArray(strategyCodes.state, [CODE_STATE.GENERATED_OK, CODE_STATE.REBUILDED_OK]),
        ),
      )
      .run();
    const after = await codeRow(userId, row.id);
    if (moved.meta.changes !== 1 && after?.state !== CODE_STATE.OK) throw completeFailed();
    if (moved.meta.changes === 1) {
      await events.publish(userId, {
        type: "strategy-code-state",
        strId: idText(strategyId),
        state: CODE_STATE.OK,
      });
    }
    return view(strategyId, after);
  }

  /** The download (`str-{id}.mq5`) of the current ready code. */
  async function download(userId: string, strategyId: number) {
    const strategy = await activeStrategy(db, userId, strategyId);
    const row = await codeRow(userId, strategy.codeId);
    const text = row ? await codeText(row) : null;
    if (text === null) throw strategyErrors.codeNotFound();
    return { filename: `str-${strategyId}.mq5`, text };
  }

  async function read(userId: string, strategyId: number) {
    const strategy = await activeStrategy(db, userId, strategyId);
    return view(strategyId, await codeRow(userId, strategy.codeId));
  }

  return { generate, complete, download, read, codeRow };
}
