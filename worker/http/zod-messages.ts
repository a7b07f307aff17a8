import { z } from "zod";

/**
 * Readable texts for the zod issues a schema leaves without its own message, so a person never reads a
 * library's wording ("Too big: expected number to be <=1000000000000"). The API names the field beside the
 * message and the pages show it next to the field, so the texts do not repeat the field's name. Installed
 * once for the whole worker (`installReadableZodMessages`); a message a schema gives always wins.
 */

const count = (n: number | bigint) => (typeof n === "bigint" ? n : Number(n)).toLocaleString("en-US");

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
};

export function readableIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "This field is required.";
      return `Must be ${TYPE_NAMES[issue.expected] ?? "of another kind"}.`;
    case "too_big": {
      const n = count(issue.maximum);
      if (issue.origin === "string") return `Must be at most ${n} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `Must have at most ${n} items.`;
      return issue.inclusive === false ? `Must be less than ${n}.` : `Must be at most ${n}.`;
    }
    case "too_small": {
      const n = count(issue.minimum);
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? "This field is required." : `Must be at least ${n} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `Must have at least ${n} items.`;
      return issue.inclusive === false ? `Must be more than ${n}.` : `Must be at least ${n}.`;
    }
    case "invalid_value":
      return issue.values.length <= 8
        ? `Must be one of: ${issue.values.map(String).join(", ")}.`
        : "Is not one of the allowed values.";
    case "invalid_format":
      return issue.format === "email" ? "Please enter a valid email address" : "Has the wrong format.";
    case "not_multiple_of":
      return `Must be a multiple of ${count(issue.divisor)}.`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`;
    default:
      return "Is not valid.";
  }
}

let installed = false;

/** Makes `readableIssue` zod's fallback for every schema (idempotent). */
export function installReadableZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: readableIssue });
}
