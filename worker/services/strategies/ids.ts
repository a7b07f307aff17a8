import { z } from "zod";

/** strId / backtestId on the wire: a numeric string (or a number, which some clients send). */
export const wireId = z.union([
  z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, "must be a numeric id")
    .transform(Number),
  z.number().int().positive(),
]);

export const idText = (id: number): string => String(id);
export const iso = (ms: number): string => new Date(ms).toISOString();
