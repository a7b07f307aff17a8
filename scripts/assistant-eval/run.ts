// Scores corpus items and dialogues (README "Scoring") through the assistant port the app uses.
import { z } from "zod";
import { createInterpreterAssistant } from "../../worker/services/assistant/interpreter";
import type { TurnContext } from "../../worker/services/strategies/ports";
import type { StrategySpec } from "../../worker/strategy/spec";
import { compareField, type Field, project, questionAbout, SCORED_FIELDS } from "./fields";

const ExpectSchema = z.record(z.string(), z.unknown());
export const ItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  origin: z.string().default("unknown"),
  expect: ExpectSchema,
});
export const DialogueSchema = z.object({
  id: z.string(),
  turns: z
    .array(
      z.object({
        user: z.string(),
        expect: ExpectSchema.optional(),
        expect_change: ExpectSchema.optional(),
        unchanged: z.array(z.string()).optional(),
        expect_question: z.boolean().optional(),
        question_about: z.string().nullable().optional(),
      }),
    )
    .min(1),
});
export type Item = z.infer<typeof ItemSchema>;
export type Dialogue = z.infer<typeof DialogueSchema>;

export interface ItemResult {
  id: string;
  origin: string;
  needsQuestion: boolean;
  asked: boolean;
  pass: boolean;
  reasons: string[];
  fields: Partial<Record<Field, boolean>>;
  ms: number;
}

const assistant = createInterpreterAssistant();
const isField = (k: string): k is Field => (SCORED_FIELDS as readonly string[]).includes(k);

async function turn(message: string, current: StrategySpec | null, context: TurnContext = {}) {
  const t0 = performance.now();
  const r = await assistant.turn(message, current, context);
  return { ...r, ms: performance.now() - t0 };
}

/** Scores a first message against `expect` (README Scoring 1 and 2). */
export async function scoreFirst(
  id: string,
  origin: string,
  text: string,
  expect: Record<string, unknown>,
): Promise<{ result: ItemResult; spec: StrategySpec | null }> {
  const r = await turn(text, null);
  const needsQuestion = expect.needs_question === true;
  const asked = r.followUpQuestion !== null;
  const reasons: string[] = [];
  const fields: Partial<Record<Field, boolean>> = {};
  if (needsQuestion) {
    if (!asked) reasons.push("question: none asked where one is needed");
    else if (!questionAbout(r.followUpQuestion, expect.question_about))
      reasons.push(`question: asked about something else ("${r.followUpQuestion}")`);
  } else {
    if (!r.spec) reasons.push(`no spec${asked ? " (asked instead of building)" : ""}`);
    else if (asked) reasons.push(`question: needless ("${r.followUpQuestion}")`);
    if (r.spec) {
      for (const [k, v] of Object.entries(expect)) {
        if (!isField(k) || v === null) continue;
        const why = compareField(k, v, expect, r.spec);
        fields[k] = why === null;
        if (why) reasons.push(why);
      }
    } else {
      for (const [k, v] of Object.entries(expect)) if (isField(k) && v !== null) fields[k] = false;
    }
  }
  return {
    result: { id, origin, needsQuestion, asked, pass: reasons.length === 0, reasons, fields, ms: r.ms },
    spec: r.spec,
  };
}

export interface DialogueResult {
  id: string;
  pass: boolean;
  turns: { pass: boolean; reasons: string[]; ms: number }[];
}

export async function scoreDialogue(d: Dialogue): Promise<DialogueResult> {
  const [first, ...rest] = d.turns;
  const out: DialogueResult["turns"] = [];
  const firstScore = await scoreFirst(d.id, "dialogue", first.user, first.expect ?? {});
  out.push({ pass: firstScore.result.pass, reasons: firstScore.result.reasons, ms: firstScore.result.ms });
  let spec = firstScore.spec;
  // As the chat service does: the version before the current one, and the trader's earlier messages.
  let previous: StrategySpec | null = null;
  const earlier = [first.user];
  for (const t of rest) {
    const r = await turn(t.user, spec, { previous, earlier: [...earlier] });
    earlier.push(t.user);
    const reasons: string[] = [];
    if (t.expect_question) {
      if (!r.followUpQuestion) reasons.push("question: none asked where one is needed");
      else if (!questionAbout(r.followUpQuestion, t.question_about))
        reasons.push("question: about something else");
      if (spec && r.spec && JSON.stringify(spec) !== JSON.stringify(r.spec))
        reasons.push("spec changed on a question");
    } else if (!r.spec) {
      reasons.push("no spec");
    } else {
      for (const [k, v] of Object.entries(t.expect_change ?? {})) {
        if (!isField(k)) continue;
        const why = compareField(k, v, t.expect_change ?? {}, r.spec);
        if (why) reasons.push(why);
      }
      for (const k of t.unchanged ?? []) {
        if (!isField(k) || !spec) continue;
        if (project(k, spec) !== project(k, r.spec)) reasons.push(`${k}: changed but should not`);
      }
      if (r.followUpQuestion && reasons.length === 0 && !t.expect_question) {
        // A question alongside a correct change is a remark, unless nothing was applied.
        if (JSON.stringify(spec) === JSON.stringify(r.spec))
          reasons.push(`question instead of the change ("${r.followUpQuestion}")`);
      }
    }
    out.push({ pass: reasons.length === 0, reasons, ms: r.ms });
    if (r.spec && JSON.stringify(r.spec) !== JSON.stringify(spec)) {
      previous = spec;
      spec = r.spec;
    }
  }
  return { id: d.id, pass: out.every((t) => t.pass), turns: out };
}
