import { readFileSync } from "node:fs";
import { createInterpreterAssistant } from "/work/wt/asst-read/worker/services/assistant/interpreter";
const ids = process.argv.slice(2);
const a = createInterpreterAssistant();
for (const l of readFileSync("/work/wt/shared/assistant-corpus/corpus-dev.jsonl", "utf8").split("\n")) {
  if (!l.trim()) continue;
  const o = JSON.parse(l);
  if (!ids.includes(o.id)) continue;
  const r = await a.turn(o.text, null, {});
  console.log("=====", o.id);
  console.log(JSON.stringify(r, null, 0).slice(0, 4000));
}
