import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirect("/strategy/12/build?x=1")).toBe("/strategy/12/build?x=1");
  });
  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "",
    null,
    42,
  ])("refuses %s", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
});
