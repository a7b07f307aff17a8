import { readFileSync } from "node:fs";
import { interpret } from "./worker/strategy/interpreter";
import { normalize, sentences } from "./worker/strategy/interpreter/normalize";
const items = readFileSync("../shared/assistant-corpus/corpus-dev.jsonl","utf8").split("\n").filter(Boolean).map(l=>JSON.parse(l));
const it = items.find((i:any)=>i.id===process.argv[2]);
console.log(it.text); console.log(sentences(normalize(it.text)));
const r = interpret(it.text, null); console.log(r.clarifications);
