// `npm run assistant:eval -- --corpus FILE [--dialogues FILE] [--out DIR]`: scores the embedded assistant on any
// file in the annotated corpus format (issue 15), by the corpus README's rules, and ends with the line
// `assistant: items P/N, turns P/N` that checks outside the project read.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type Dialogue,
  type DialogueResult,
  DialogueSchema,
  type Item,
  type ItemResult,
  ItemSchema,
  scoreDialogue,
  scoreFirst,
} from "./assistant-eval/run";

function readJsonl<T>(file: string, schema: { parse(v: unknown): T }): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l, i) => {
      try {
        return schema.parse(JSON.parse(l));
      } catch (e) {
        throw new Error(`${file}:${i + 1}: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`);
      }
    });
}

const pct = (p: number, n: number) => (n === 0 ? "n/a" : `${((100 * p) / n).toFixed(1)}%`);

/** The cause of a failure without its particulars, so that like failures count together. */
function cause(reason: string): string {
  if (reason.includes("beyond the scorer's grammar"))
    return `${reason.split(":")[0]}: annotated rule beyond the scorer's grammar`;
  const v2 = /not expressible in v2: (.*)$/.exec(reason);
  if (v2) return `${reason.split(":")[0]}: annotated rule not expressible in v2 (${v2[1]})`;
  return reason
    .replace(/\(".*"\)/, "")
    .replace(/expected .*/, "wrong value")
    .replace(/\(.*\)/, "")
    .trim();
}

export interface EvalSummary {
  items: ItemResult[];
  dialogues: DialogueResult[];
  itemPass: number;
  turnPass: number;
  turnCount: number;
  turnMs: number[];
}

export async function evaluate(corpus: Item[], dialogues: Dialogue[]): Promise<EvalSummary> {
  const items: ItemResult[] = [];
  for (const it of corpus) items.push((await scoreFirst(it.id, it.origin, it.text, it.expect)).result);
  const dres: DialogueResult[] = [];
  for (const d of dialogues) dres.push(await scoreDialogue(d));
  const turns = dres.flatMap((d) => d.turns);
  return {
    items,
    dialogues: dres,
    itemPass: items.filter((i) => i.pass).length,
    turnPass: turns.filter((t) => t.pass).length,
    turnCount: turns.length,
    turnMs: [...items.map((i) => i.ms), ...turns.map((t) => t.ms)],
  };
}

export function report(s: EvalSummary): string[] {
  const out: string[] = [];
  const { items } = s;
  out.push(`items: ${s.itemPass}/${items.length} pass (${pct(s.itemPass, items.length)})`);
  const need = items.filter((i) => i.needsQuestion);
  const asked = items.filter((i) => i.asked);
  const rightQ = need.filter((i) => i.pass).length;
  out.push(`question recall: ${rightQ}/${need.length} (${pct(rightQ, need.length)})`);
  const askedRight = asked.filter((i) => i.needsQuestion).length;
  out.push(`question precision: ${askedRight}/${asked.length} (${pct(askedRight, asked.length)})`);
  out.push("per-field accuracy (items that need no question):");
  const fieldStats = new Map<string, [number, number]>();
  for (const i of items)
    for (const [f, ok] of Object.entries(i.fields)) {
      const st = fieldStats.get(f) ?? [0, 0];
      fieldStats.set(f, [st[0] + (ok ? 1 : 0), st[1] + 1]);
    }
  for (const [f, [p, n]] of fieldStats) out.push(`  ${f.padEnd(14)} ${p}/${n} (${pct(p, n)})`);
  out.push("per-origin pass rate:");
  const origins = new Map<string, [number, number]>();
  for (const i of items) {
    const st = origins.get(i.origin) ?? [0, 0];
    origins.set(i.origin, [st[0] + (i.pass ? 1 : 0), st[1] + 1]);
  }
  // The column as wide as the longest origin, so that every count lines up.
  const width = Math.max(0, ...[...origins.keys()].map((o) => o.length));
  for (const [o, [p, n]] of [...origins].sort((a, b) => b[1][1] - a[1][1]))
    out.push(`  ${o.padEnd(width)} ${p}/${n} (${pct(p, n)})`);
  const dPass = s.dialogues.filter((d) => d.pass).length;
  out.push(
    `dialogues: ${dPass}/${s.dialogues.length} pass; turns: ${s.turnPass}/${s.turnCount} (${pct(s.turnPass, s.turnCount)})`,
  );
  const causes = new Map<string, number>();
  for (const r of [
    ...items.flatMap((i) => i.reasons),
    ...s.dialogues.flatMap((d) => d.turns.flatMap((t) => t.reasons)),
  ])
    causes.set(cause(r), (causes.get(cause(r)) ?? 0) + 1);
  out.push("most common failure causes:");
  for (const [c, n] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 10))
    out.push(`  ${String(n).padStart(3)}  ${c}`);
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { corpus: { type: "string" }, dialogues: { type: "string" }, out: { type: "string" } },
  });
  if (!values.corpus) {
    console.error("usage: npm run assistant:eval -- --corpus FILE [--dialogues FILE] [--out DIR]");
    process.exit(2);
  }
  const corpus = readJsonl(values.corpus, ItemSchema);
  const dialogues = values.dialogues ? readJsonl(values.dialogues, DialogueSchema) : [];
  const s = await evaluate(corpus, dialogues);
  const lines = report(s);
  for (const l of lines) console.log(l);
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    writeFileSync(join(values.out, "items.json"), JSON.stringify(s.items, null, 2));
    writeFileSync(join(values.out, "dialogues.json"), JSON.stringify(s.dialogues, null, 2));
    writeFileSync(join(values.out, "report.txt"), `${lines.join("\n")}\n`);
  }
  console.log(`assistant: items ${s.itemPass}/${s.items.length}, turns ${s.turnPass}/${s.turnCount}`);
}

if (process.argv[1]?.endsWith("assistant-eval.ts")) await main();
