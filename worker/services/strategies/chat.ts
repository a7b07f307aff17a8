import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { strategies, strategyMessages, strategySpecs } from "../../db/schema";
import { MESSAGE_MAX_CHARS } from "../../events";
import { renderOutline } from "../../strategy/outline";
import { activeStrategy, chatMessageOf, messageList, specAt } from "./access";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText } from "./ids";
import { streamChunks } from "./stream";

export const instructionsSchema = z.object({
  instructions: z
    .string()
    .trim()
    .min(1, "Message cannot be empty.")
    .max(
      MESSAGE_MAX_CHARS,
      `Messages can be at most ${MESSAGE_MAX_CHARS.toLocaleString("en-US")} characters.`,
    ),
});

/** Spec 2 s9: messages stream in chunks of 20 characters, the outline in chunks of 50. */
const MESSAGE_CHUNK = 20;
const OUTLINE_CHUNK = 50;

/**
 * `strategy/update` (DESIGN D4): the user's message, the assistant's turn, a new spec version when it
 * changed, the reply and outline streamed as live events, and the code cleared (spec 2 s4).
 */
export function createChat(deps: StrategyDeps) {
  const { db, now, events } = deps;

  /**
   * The assistant's turn on the current spec, stored as the next version when it changed. Two messages
   * sent at once both aim at the same next version: the loser (primary-key conflict) takes its turn again
   * on the winner's spec, so no change is lost and versions never go back.
   */
  async function applyTurn(userId: string, id: number, startVersion: number, instructions: string) {
    let base = startVersion;
    for (let attempt = 0; ; attempt++) {
      const current = await specAt(db, userId, id, base);
      // "Undo that" needs the version before; an answer to a question (no spec yet) the earlier messages.
      const previous = await specAt(db, userId, id, base - 1);
      const earlier = current === null ? await earlierMessages(userId, id, instructions) : [];
      const turn = await deps.assistant.turn(instructions, current, { previous, earlier });
      if (!turn.spec || JSON.stringify(turn.spec) === JSON.stringify(current)) {
        return { turn, version: base, spec: current };
      }
      const version = base + 1;
      const stored = await db
        .insert(strategySpecs)
        .values({ strategyId: id, userId, version, spec: JSON.stringify(turn.spec), createdAt: now() })
        .onConflictDoNothing()
        .returning({ version: strategySpecs.version });
      if (stored.length === 1) {
        await db
          .update(strategies)
          .set({ specVersion: version })
          .where(
            and(eq(strategies.id, id), eq(strategies.userId, userId), lt(strategies.specVersion, version)),
          );
        // The spec just written is the one the outline is drawn from: no second read.
        return { turn, version, spec: turn.spec };
      }
      if (attempt >= 2) throw strategyErrors.busy();
      base = (await activeStrategy(db, userId, id)).specVersion;
    }
  }

  /** The trader's last few messages before this one, oldest first. */
  async function earlierMessages(userId: string, id: number, instructions: string): Promise<string[]> {
    const rows = await db
      .select({ text: strategyMessages.text })
      .from(strategyMessages)
      .where(
        and(
          eq(strategyMessages.strategyId, id),
          eq(strategyMessages.userId, userId),
          eq(strategyMessages.role, "user"),
        ),
      )
      .orderBy(desc(strategyMessages.id))
      .limit(4);
    const texts = rows.map((r) => r.text).reverse();
    // The newest row is this message itself (stored before the turn).
    if (texts.at(-1) === instructions) texts.pop();
    return texts.slice(-3);
  }

  async function update(userId: string, id: number, instructions: string) {
    const row = await activeStrategy(db, userId, id);
    const strId = idText(id);
    const userMsg = await db
      .insert(strategyMessages)
      .values({ strategyId: id, userId, role: "user", text: instructions, createdAt: now() })
      .returning()
      .get();
    const userWire = chatMessageOf(userMsg);
    await events.publish(userId, { type: "strategy-message-user", strId, message: userWire });

    const { turn, version, spec } = await applyTurn(userId, id, row.specVersion, instructions);
    const t = now();
    const agentMsg = await db
      .insert(strategyMessages)
      .values({
        strategyId: id,
        userId,
        role: "agent",
        text: turn.clarifications,
        followUpQuestion: turn.followUpQuestion,
        specVersion: version,
        provider: turn.provider,
        createdAt: t,
      })
      .returning()
      .get();
    // Spec 2 s4: sending a chat update resets the code status and clears the code.
    await db
      .update(strategies)
      .set({ codeId: null, updatedAt: t })
      .where(and(eq(strategies.id, id), eq(strategies.userId, userId)));

    const messageId = idText(agentMsg.id);
    for (const text of streamChunks(turn.clarifications, MESSAGE_CHUNK)) {
      await events.publish(userId, {
        type: "strategy-message-agent",
        strId,
        messageId,
        clarifications: text,
        followUpQuestion: null,
        stream: true,
      });
    }
    await events.publish(userId, {
      type: "strategy-message-agent",
      strId,
      messageId,
      clarifications: turn.clarifications,
      followUpQuestion: turn.followUpQuestion,
      stream: false,
    });
    const outline = spec ? renderOutline(spec) : "";
    for (const text of streamChunks(outline, OUTLINE_CHUNK)) {
      await events.publish(userId, { type: "strategy-outline", strId, outline: text, stream: true });
    }
    await events.publish(userId, { type: "strategy-outline", strId, outline, stream: false });
    await events.publish(userId, { type: "strategy-code", strId, code: null, state: null });
    // Spec 2 s7: the whole list lets another tab of the same strategy resync after the turn; the code was
    // just cleared, so hasCode is false.
    await events.publish(userId, {
      type: "strategy-message-list",
      strId,
      messages: await messageList(db, userId, id),
      hasCode: false,
    });

    return {
      strId,
      specVersion: version,
      understood: turn.understood,
      changes: turn.changes,
      provider: turn.provider,
      messages: [userWire, chatMessageOf(agentMsg)],
      outline,
    };
  }

  return { update };
}
