/**
 * Small IR pieces that several generator modules emit the same way (trading, exits, pending orders):
 * one definition each, so the EA prints one form of a trade failure and measures levels one way.
 */
import type { Expr, Stmt } from "../ir";
import { bin, call, dbl, expr, id, ifThen, method, str } from "../ir";

export const SYMBOL = id("_Symbol");
export const zero = dbl(0);

/** `if (test) continue;` inside a position or order loop. */
export const continueIf = (test: Expr): Stmt => ifThen(test, [{ kind: "continue" }]);

/** Whole points between two prices, as the broker counts its levels (stops and freeze levels). */
export const pointsApart = (a: Expr, b: Expr): Expr =>
  call("MathRound", bin("/", bin("-", a, b), id("_Point")));

/** Logs a refused CTrade request `what` with the trade server's return code and its description. */
export const tradeFailed = (what: string): Stmt =>
  expr(
    call(
      "PrintFormat",
      str(`${what} failed: %u %s`),
      method("trade", "ResultRetcode"),
      method("trade", "ResultRetcodeDescription"),
    ),
  );
