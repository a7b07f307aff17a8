import { interpret } from "../worker/strategy/interpreter/index";

for (const t of process.argv.slice(2)) {
  const r = interpret(t, null);
  const s = (r as { spec?: { exits?: unknown; stopLoss?: unknown; direction?: unknown } }).spec;
  console.log(
    t,
    "\n ",
    JSON.stringify({ dir: s?.direction, exits: s?.exits, sl: s?.stopLoss }),
    JSON.stringify(r).slice(0, 300),
    "\n",
  );
}
