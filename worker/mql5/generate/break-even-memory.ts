/**
 * Which positions had their break-even (v1 `breakEven` or `exits.breakEvenAtTarget`): the engine moves
 * the stop once per position, with the offset measured at that moment (worker/engine/broker.ts
 * breakEven, `breakEvenDone`), so an offset in ATR or percent is not worked out again as it changes. The
 * EA keeps the same mark per position: its ticket with the open price it had then. A netting position
 * that is added to gets a new average open price, so its break-even may fire again, as the engine resets
 * `breakEvenDone` on an add (netting.ts). The marks live in memory: after a restart of the EA a position
 * may have its break-even once more, never loosening its stop.
 */

import {
  and,
  assign,
  bin,
  call,
  decl,
  type FunctionDecl,
  type GlobalDecl,
  id,
  ifThen,
  int,
  ret,
} from "../ir";
import type { Context } from "./context";

const TICKETS = "g_beTicket";
const OPENS = "g_beOpen";

const usesBreakEven = (ctx: Context): boolean =>
  ctx.spec.breakEven !== undefined || ctx.spec.exits?.breakEvenAtTarget !== undefined;

export function breakEvenGlobals(ctx: Context): GlobalDecl[] {
  if (!usesBreakEven(ctx)) return [];
  return [
    { type: "ulong", name: TICKETS, array: true, comment: "positions whose break-even has fired" },
    { type: "double", name: OPENS, array: true, comment: "their open price at that moment" },
  ];
}

export function breakEvenFunctions(ctx: Context): FunctionDecl[] {
  if (!usesBreakEven(ctx)) return [];
  const params = [
    { type: "ulong" as const, name: "ticket" },
    { type: "double" as const, name: "openPrice" },
  ];
  return [
    {
      returnType: "bool",
      name: "BreakEvenDone",
      params,
      doc: "Has this position (ticket at this open price) had its break-even already?",
      body: [
        {
          kind: "forDown",
          variable: "k",
          from: bin("-", call("ArraySize", id(TICKETS)), int(1)),
          body: [
            ifThen(
              and(
                bin("==", { kind: "index", array: TICKETS, index: id("k") }, id("ticket")),
                bin("==", { kind: "index", array: OPENS, index: id("k") }, id("openPrice")),
              ),
              [ret(id("true"))],
            ),
          ],
        },
        ret(id("false")),
      ],
    },
    {
      returnType: "void",
      name: "MarkBreakEvenDone",
      params,
      doc: "Remember that this position had its break-even",
      body: [
        decl("int", "n", call("ArraySize", id(TICKETS))),
        { kind: "expr", expr: call("ArrayResize", id(TICKETS), bin("+", id("n"), int(1))) },
        { kind: "expr", expr: call("ArrayResize", id(OPENS), bin("+", id("n"), int(1))) },
        assign(`${TICKETS}[n]`, id("ticket")),
        assign(`${OPENS}[n]`, id("openPrice")),
      ],
    },
  ];
}
