import { describe, expect, it } from "vitest";
import { withParam } from "./url-flag";

describe("withParam", () => {
  it("adds a flag and keeps other params", () => {
    expect(withParam("?page=2&sort=title&dir=asc", "confirm", "delete-12")).toBe(
      "?page=2&sort=title&dir=asc&confirm=delete-12",
    );
  });
  it("replaces an existing flag", () => {
    expect(withParam("confirm=a", "confirm", "b")).toBe("?confirm=b");
  });
  it("removes the flag, leaving no bare '?'", () => {
    expect(withParam("?confirm=a", "confirm", null)).toBe("");
    expect(withParam("?page=3&confirm=a", "confirm", null)).toBe("?page=3");
  });
});
