/**
 * Netting accounts in the expert advisor (spec SEMANTICS; the engine's worker/engine/netting.ts): a
 * netting account holds one position per symbol, and a same-direction order adds its volume to it. So
 * maxOpenPositions counts the ENTRIES that built the position, read from its deal history (what a
 * restarted EA still finds), and an entry against the held position is not sent (it would close part of
 * it; closeOnOpposite has already closed it before the entry). Only a strategy allowed several positions
 * needs either: with one, the position count alone gates the entry.
 */
import { bin, call, decl, type Expr, type FunctionDecl, id, ifThen, int, not, ret, type Stmt } from "../ir";
import type { Context } from "./context";
import { eachOurPosition } from "./trading";

const HEDGING = bin(
  "==",
  call("AccountInfoInteger", id("ACCOUNT_MARGIN_MODE")),
  id("ACCOUNT_MARGIN_MODE_RETAIL_HEDGING"),
);

/** Does the EA need the netting helpers (several positions allowed)? */
export function countsEntries(ctx: Context): boolean {
  return ctx.spec.maxOpenPositions > 1;
}

/** Entries of the selected position: 1 on a hedging account; on netting the "in" deals since it opened or turned. */
function positionEntries(): FunctionDecl {
  const entry = id("entry");
  const body: Stmt[] = [
    ifThen(HEDGING, [ret(int(1))]),
    ifThen(not(call("HistorySelectByPosition", call("PositionGetInteger", id("POSITION_IDENTIFIER")))), [
      ret(int(1)),
    ]),
    decl("int", "entries", int(0)),
    {
      kind: "forDown",
      variable: "k",
      from: bin("-", call("HistoryDealsTotal"), int(1)),
      body: [
        decl(
          "long",
          "entry",
          call("HistoryDealGetInteger", call("HistoryDealGetTicket", id("k")), id("DEAL_ENTRY")),
        ),
        { kind: "comment", text: "A reversal opened what is left: it is the first entry." },
        ifThen(bin("==", entry, id("DEAL_ENTRY_INOUT")), [ret(bin("+", id("entries"), int(1)))]),
        ifThen(bin("==", entry, id("DEAL_ENTRY_IN")), [
          { kind: "assign", target: "entries", op: "+=", value: int(1) },
        ]),
      ],
    },
    ret(call("MathMax", id("entries"), int(1))),
  ];
  return {
    returnType: "int",
    name: "PositionEntries",
    params: [],
    doc: "Entries that built the selected position (a netting account adds each one's volume to it)",
    body,
  };
}

/** Netting: is our position held against an entry in direction isLong? */
function holdsOpposite(): FunctionDecl {
  const isBuy = bin("==", call("PositionGetInteger", id("POSITION_TYPE")), id("POSITION_TYPE_BUY"));
  return {
    returnType: "bool",
    name: "HoldsOpposite",
    params: [{ type: "bool", name: "isLong" }],
    doc: "Netting: our one position is held against this entry (which would only close part of it)",
    body: [
      ifThen(HEDGING, [ret(id("false"))]),
      eachOurPosition([
        decl("bool", "heldLong", isBuy),
        ifThen(bin("!=", id("heldLong"), id("isLong")), [ret(id("true"))]),
      ]),
      ret(id("false")),
    ],
  };
}

/** The helpers a strategy allowed several positions needs; none otherwise. */
export function nettingFunctions(ctx: Context): FunctionDecl[] {
  if (!countsEntries(ctx)) return [];
  return ctx.spec.direction === "both" ? [positionEntries(), holdsOpposite()] : [positionEntries()];
}

/** The entry gate before the position count: no entry against a netted position. */
export function nettingEntryGate(ctx: Context, isLong: Expr): Stmt[] {
  if (!countsEntries(ctx) || ctx.spec.direction !== "both") return [];
  return [ifThen(call("HoldsOpposite", isLong), [ret()])];
}
