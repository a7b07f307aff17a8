/**
 * The source pass of the MQL5 test runtime: a generated .mq5 becomes C++17 that includes mql5.hpp (the
 * API and the tester's main). It handles what the generator writes and no more: #property and #include
 * lines, `input` and `input group`, dynamic arrays (`double values[];`), and forward declarations
 * (MQL5 functions may be called before they are defined).
 */

const FUNCTION_HEAD = /^(bool|int|double|void|long|ulong|datetime|string)\s+(\w+)\(([^)]*)\)\s*$/;

export function mq5ToCpp(source: string): string {
  const body: string[] = [];
  const prototypes: string[] = [];
  for (const line of source.split("\n")) {
    if (/^\s*#(property|include)\b/.test(line)) continue;
    if (/^\s*input\s+group\b/.test(line)) continue;
    let out = line.replace(/^(\s*)input\s+/, "$1");
    // `double values[];` -> `MqlArray<double> values;`
    out = out.replace(/^(\s*)(\w+)\s+(\w+)\[\]\s*;/, "$1MqlArray<$2> $3;");
    const head = FUNCTION_HEAD.exec(out);
    if (head) prototypes.push(`${head[1]} ${head[2]}(${head[3]});`);
    body.push(out);
  }
  return [
    '#include "mql5.hpp"',
    "",
    "// Forward declarations (MQL5 needs none).",
    ...prototypes,
    "",
    ...body,
    "",
  ].join("\n");
}
