import { readFileSync } from "node:fs";
import { generateMql5, checkMql5 } from "../worker/mql5/index";
import { parseSpec } from "../worker/strategy/spec";
import { renderOutline } from "../worker/strategy/outline";
const r = parseSpec(JSON.parse(readFileSync(process.argv[2], "utf8")));
if (!r.ok) { console.log(r.issues); process.exit(1); }
const mq5 = generateMql5(r.spec, { strategyId: "1", title: "t" });
if (process.argv[3] === "src") console.log(mq5);
console.log(JSON.stringify(checkMql5(mq5)).slice(0, 3000));
console.log(renderOutline(r.spec));
