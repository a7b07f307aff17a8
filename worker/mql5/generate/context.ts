/**
 * Shared state of one compilation: the inputs collected so far (grouped as MetaTrader shows
 * them), the generation mode, and the spec's indicators by id.
 */
import type { Indicator, StrategySpec } from "../../strategy/spec";
import { type Expr, type FunctionDecl, type InputDecl, type InputGroup, id, type MqlType } from "../ir";

export type Mode = "full" | "conservative";

export const GROUPS = ["Trading", "Stops and targets", "Indicators", "Rule levels", "Time filter"] as const;
export type GroupTitle = (typeof GROUPS)[number];

export class Context {
  private readonly groups = new Map<GroupTitle, InputDecl[]>(GROUPS.map((g) => [g, []]));
  private readonly names = new Set<string>();
  private readonly helpers = new Map<string, FunctionDecl>();
  readonly indicators: ReadonlyMap<string, Indicator>;

  constructor(
    readonly spec: StrategySpec,
    readonly mode: Mode,
  ) {
    this.indicators = new Map(spec.indicators.map((i) => [i.id, i]));
  }

  /** Declares an input and returns an expression that reads it. Names are unique per program. */
  input(group: GroupTitle, type: MqlType, name: string, value: Expr, label: string): Expr {
    if (this.names.has(name)) throw new Error(`duplicate input name ${name}`);
    this.names.add(name);
    this.groups.get(group)?.push({ type, name, value, label });
    return id(name);
  }

  /** An input declared once however many parts of the program read it (the first declaration wins). */
  sharedInput(group: GroupTitle, type: MqlType, name: string, value: Expr, label: string): Expr {
    return this.names.has(name) ? id(name) : this.input(group, type, name, value, label);
  }

  /** A helper function the program needs (price constructs): built once, printed after the signals. */
  helper(name: string, build: () => FunctionDecl): string {
    if (!this.helpers.has(name)) this.helpers.set(name, build());
    return name;
  }

  helperFunctions(): FunctionDecl[] {
    return [...this.helpers.values()];
  }

  indicator(ref: string): Indicator {
    const ind = this.indicators.get(ref);
    // The schema guarantees every reference resolves; reaching this is a bug, not user input.
    if (!ind) throw new Error(`spec references unknown indicator "${ref}"`);
    return ind;
  }

  inputGroups(): InputGroup[] {
    return GROUPS.map((title) => ({ title, inputs: this.groups.get(title) ?? [] }));
  }
}

/** MQL5 identifiers for the spec's indicator ids (ids are already [A-Za-z][A-Za-z0-9_]*). */
export const handleName = (indicatorId: string): string => `h_${indicatorId}`;
export const indicatorInput = (indicatorId: string, param: string): string => `Inp_${indicatorId}_${param}`;
