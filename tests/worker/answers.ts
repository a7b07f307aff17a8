import { expect } from "vitest";
import type { z } from "zod";
import type { ApiAnswer } from "./helpers";

/** Readers of the JSON envelope that /api and /ai answer with, shared by the billing and strategy tests. */

/** What every API answer has, whichever helper (api, ai, a test's own app) made the request. */
type Answer = Pick<ApiAnswer, "status" | "body">;

/** The data of an ok answer; fails the test with the error otherwise. */
export function data(answer: Answer): unknown {
  if (answer.body.status !== "ok")
    throw new Error(`expected ok, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export function parsed<S extends z.ZodType>(answer: Answer, schema: S): z.output<S> {
  return schema.parse(data(answer));
}

/** An error answer with the spec's code (and message, when given), as a 4xx: never a 500. */
export function expectError(answer: Answer, code: string, message?: string) {
  expect(answer.body).toMatchObject({ status: "error", errorCode: code });
  if (message !== undefined) expect(answer.body).toMatchObject({ userMessage: message });
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
}
