import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installReadableZodMessages } from "./zod-messages";

installReadableZodMessages();

function message(schema: z.ZodType, input: unknown): string | undefined {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe("readable zod messages", () => {
  it("replaces the library's wording for limits and types", () => {
    expect(message(z.number().max(1e12), 2e12)).toBe("Must be at most 1,000,000,000,000.");
    expect(message(z.string().max(20_000), "x".repeat(20_001))).toBe("Must be at most 20,000 characters.");
    expect(message(z.string().min(1), "")).toBe("This field is required.");
    expect(message(z.number().positive(), 0)).toBe("Must be more than 0.");
    expect(message(z.object({ a: z.string() }), {})).toBe("This field is required.");
    expect(message(z.string(), 5)).toBe("Must be text.");
    expect(message(z.number().int(), 1.5)).toBe("Must be a whole number.");
    expect(message(z.enum(["a", "b"]), "c")).toBe("Must be one of: a, b.");
    expect(message(z.array(z.string()).max(2), ["a", "b", "c"])).toBe("Must have at most 2 items.");
  });

  it("never hides a message a schema gives", () => {
    expect(message(z.string().max(3, "Title must be at most 3 characters."), "abcd")).toBe(
      "Title must be at most 3 characters.",
    );
  });
});
