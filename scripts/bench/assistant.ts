// The built-in assistant's time per turn and its scores on the development corpus (issue 15): the eval runs every
// item and dialogue turn through the app's assistant port, and the turn latencies it measured give the p95.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { evaluate, report } from "../assistant-eval";
import { DialogueSchema, ItemSchema } from "../assistant-eval/run";

const here = dirname(fileURLToPath(import.meta.url));
const CORPUS_DIR = process.env.ASSISTANT_CORPUS ?? join(here, "../../../shared/assistant-corpus");

function lines(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

export async function bench(): Promise<void> {
  const corpusFile = join(CORPUS_DIR, "corpus-dev.jsonl");
  if (!existsSync(corpusFile)) {
    console.log(`assistant: development corpus not found at ${CORPUS_DIR} (set ASSISTANT_CORPUS)`);
    return;
  }
  const corpus = lines(corpusFile).map((l) => ItemSchema.parse(l));
  const dialogues = lines(join(CORPUS_DIR, "dialogues-dev.jsonl")).map((l) => DialogueSchema.parse(l));
  await evaluate(corpus, dialogues); // warm-up: the JIT, not the interpreter, would dominate the first pass
  const s = await evaluate(corpus, dialogues);
  for (const l of report(s)) console.log(l);
  const times = [...s.turnMs].sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(3);
  console.log(
    `assistant (interpreter) per turn over ${times.length} turns: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (goal: p95 < 50 ms)`,
  );
  console.log(`assistant: items ${s.itemPass}/${s.items.length}, turns ${s.turnPass}/${s.turnCount}`);
}
