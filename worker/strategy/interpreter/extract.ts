// Shared driver of the phrase extractors (edits, risk, timing): each regex match is offered to
// its handler, and a phrase the handler used is blanked so later stages do not read it again.

/** The match (index 0) and its capture groups; undefined for a group that did not take part. */
export interface Groups {
  readonly 0: string;
  readonly [group: number]: string | undefined;
}

export interface Extractor<F> {
  re: RegExp;
  /** Returns true when the phrase was used. `before` is the text left of the match. */
  apply: (m: Groups, facts: F, before: string) => boolean;
}

export function runExtractors<F>(text: string, extractors: ReadonlyArray<Extractor<F>>, facts: F): string {
  let out = text;
  for (const ex of extractors) {
    out = out.replace(ex.re, (...args: unknown[]) => {
      // replace() passes the match, the groups, then the offset and the whole input.
      const whole = typeof args[0] === "string" ? args[0] : "";
      const rest: Array<string | undefined> = [];
      let i = 1;
      for (; i < args.length; i++) {
        const a = args[i];
        if (typeof a === "number") break;
        rest.push(typeof a === "string" ? a : undefined);
      }
      const offset = args[i];
      const input = args[i + 1];
      const groups: Groups = [whole, ...rest];
      const before = typeof offset === "number" && typeof input === "string" ? input.slice(0, offset) : "";
      return ex.apply(groups, facts, before) ? " " : whole;
    });
  }
  return out;
}
