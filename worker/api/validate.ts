import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { validationError } from "../http/envelope";
import { errors } from "../http/errors";
import type { ApiEnv } from "./app";

/**
 * The JSON body as validator middleware: handlers read `c.req.valid("json")`, typed by the schema. Hono's own
 * `validator("json")` (which zValidator uses) reads a body only when Content-Type is JSON and answers a
 * plain-text 400 for an empty or malformed one; the API instead reads the body whatever its type, counts an
 * empty body as `{}` and answers every bad body with the VALIDATION_ERROR envelope (DESIGN D1), so this does
 * the read itself and hands the result to the same `addValidatedData` slot.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<ApiEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    const text = await c.req.text();
    let json: unknown = {};
    if (text.trim()) {
      try {
        json = JSON.parse(text);
      } catch {
        throw errors.validation("body", "The request body is not valid JSON.");
      }
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw validationError(parsed.error);
    // Every body schema is an object schema; `?? {}` only satisfies the slot's `{}` type.
    c.req.addValidatedData("json", parsed.data ?? {});
    await next();
  };
}

/** The query string through zValidator: the first bad parameter is a VALIDATION_ERROR naming it. */
export function query<S extends z.ZodType>(schema: S) {
  return zValidator("query", schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}
