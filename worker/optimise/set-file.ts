/**
 * MetaTrader 5 `.set` files with optimisation ranges (issue 17): the Strategy Tester saves each input as
 * `NAME=VALUE||START||STEP||STOP||Y` (Y: optimised over START..STOP by STEP; N: fixed at VALUE), `;` starts a
 * comment, and a plain `NAME=VALUE` line (what worker/engine/report/set-file.ts writes) is a fixed input.
 * Pure (DESIGN D9): text in, entries out; and the optimised EA's inputs out.
 */
import { z } from "zod";
import { setFile } from "../engine/report/set-file";
import { compile } from "../mql5/generate/program";
import type { StrategySpec } from "../strategy/spec";

export interface SetEntry {
  readonly name: string;
  /** The value as written (numbers, true/false, enumeration numbers). */
  readonly value: string;
  /** START, STEP, STOP as written; absent on a plain NAME=VALUE line. */
  readonly range?: { readonly start: string; readonly step: string; readonly stop: string };
  /** Y: the tester optimises this input. */
  readonly optimise: boolean;
  /** 1-based line number, for messages. */
  readonly line: number;
}

const NameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an input name is letters, digits and _");

/** Parses a .set file; a malformed line is an error naming its line, never skipped. */
export function parseSetFile(text: string): { entries: SetEntry[] } | { error: string } {
  const entries: SetEntry[] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === "" || raw.startsWith(";")) continue;
    const at = i + 1;
    const eq = raw.indexOf("=");
    if (eq <= 0) return { error: `line ${at}: expected NAME=VALUE, got "${raw}"` };
    const name = raw.slice(0, eq).trim();
    if (!NameSchema.safeParse(name).success) return { error: `line ${at}: "${name}" is not an input name` };
    if (seen.has(name)) return { error: `line ${at}: ${name} is set twice` };
    seen.add(name);
    const parts = raw.slice(eq + 1).split("||");
    if (parts.length === 1) {
      entries.push({ name, value: parts[0].trim(), optimise: false, line: at });
      continue;
    }
    if (parts.length !== 5)
      return { error: `line ${at}: expected NAME=VALUE||START||STEP||STOP||Y/N, got "${raw}"` };
    const [value, start, step, stop, flag] = parts.map((p) => p.trim());
    if (flag !== "Y" && flag !== "N")
      return { error: `line ${at}: the last field must be Y or N, got "${flag}"` };
    entries.push({ name, value, range: { start, step, stop }, optimise: flag === "Y", line: at });
  }
  return { entries };
}

/** A number of a .set field, or null (true/false and names are not numbers). */
export function setNumber(text: string): number | null {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  return Number(text);
}

/** One input line with its range, as the tester writes it. */
export function setLine(
  name: string,
  value: string,
  range?: { start: string; step: string; stop: string; optimise: boolean },
): string {
  return range
    ? `${name}=${value}||${range.start}||${range.step}||${range.stop}||${range.optimise ? "Y" : "N"}`
    : `${name}=${value}`;
}

/**
 * The EA's inputs for MT5's tester after an optimisation: every input of the generated EA at `spec`'s values
 * (the chosen run's spec), the optimised ones with their ranges and marked Y, so the tester can load the
 * result or search around it again. CRLF as MetaTrader writes it.
 */
export function optimisedSetFile(
  spec: StrategySpec,
  ranges: readonly { name: string; start: number; step: number; stop: number }[],
  title: string,
  comment: string,
): string {
  const program = compile(spec, { strategyId: "optimise", title, mode: "full", copyright: "", link: "" });
  const plain = setFile(program.inputGroups, [comment]);
  const byName = new Map(ranges.map((r) => [r.name, r]));
  return plain
    .split("\r\n")
    .map((line) => {
      const eq = line.indexOf("=");
      const r = eq > 0 && !line.startsWith(";") ? byName.get(line.slice(0, eq)) : undefined;
      if (!r) return line;
      return setLine(r.name, line.slice(eq + 1), {
        start: String(r.start),
        step: String(r.step),
        stop: String(r.stop),
        optimise: true,
      });
    })
    .join("\r\n");
}
