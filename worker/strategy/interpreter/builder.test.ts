import { describe, expect, it } from "vitest";
import { blankDraft as draft } from "./apply";
import { Builder } from "./builder";
import type { Condition } from "./facts";

const close = { type: "price", field: "close", shift: 0 } as const;
const open = { type: "price", field: "open", shift: 0 } as const;

describe("building conditions", () => {
  it("drops a line compared with itself (it never holds) and keeps the rest of the rule", () => {
    const b = new Builder(draft(), []);
    const cs: Condition[] = [
      { op: "above", left: close, right: close },
      { op: "above", left: close, right: open },
      { op: "below", left: close, right: { ...close } },
    ];
    expect(b.conditions(cs, "longEntry")).toEqual([
      {
        type: "greaterThan",
        left: { type: "price", field: "CLOSE", shift: 0 },
        right: { type: "price", field: "OPEN", shift: 0 },
      },
    ]);
  });

  it("keeps the same line at two bars (a slope)", () => {
    const b = new Builder(draft(), []);
    const out = b.conditions([{ op: "above", left: close, right: { ...close, shift: 1 } }], "longEntry");
    expect(out).toHaveLength(1);
  });
});
