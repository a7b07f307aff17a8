import { normalize } from "../worker/strategy/interpreter/normalize";

for (const t of process.argv.slice(2)) console.log(JSON.stringify(normalize(t)));
