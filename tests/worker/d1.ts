import { env } from "cloudflare:test";
import { z } from "zod";

/** Reads of D1 that tests assert on: what the API wrote, seen from the database. */

/** The first row of a query, checked against the columns a test reads (fails the test when there is none). */
export async function firstRow<S extends z.ZodType>(
  schema: S,
  sqlText: string,
  ...binds: (string | number)[]
): Promise<z.output<S>> {
  return schema.parse(
    await env.DB.prepare(sqlText)
      .bind(...binds)
      .first(),
  );
}

/** A query's single number, selected `AS n`. */
export async function count(sqlText: string, ...binds: (string | number)[]): Promise<number> {
  return (await firstRow(z.object({ n: z.number() }), sqlText, ...binds)).n;
}
