/**
 * The entry time filter (spec: it gates entries only; hours [from, to) in UTC wrapping past
 * midnight when to <= from; weekdays 1 = Monday .. 7 = Sunday; sessions at fixed UTC hours).
 *
 * The EA reads UTC from TimeGMT(). MetaTrader's strategy tester makes TimeGMT() equal to the
 * simulated server time, so in the tester the EA subtracts InpTesterGmtOffsetHours (the broker's
 * server offset, which the trader sets) to get back to UTC and match our backtests.
 */
import { SESSION_HOURS, SESSIONS, type TimeFilter } from "../../strategy/spec";
import {
  and,
  assign,
  bin,
  call,
  decl,
  type Expr,
  type FunctionDecl,
  field,
  id,
  ifThen,
  int,
  not,
  or,
  ret,
  type Stmt,
} from "../ir";
import type { Context } from "./context";

// MqlDateTime.day_of_week counts 0 = Sunday .. 6 = Saturday.
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const SESSION_LABEL: Readonly<Record<(typeof SESSIONS)[number], string>> = {
  asia: "Asia",
  london: "London",
  newyork: "NewYork",
};

export function hasTimeFilter(tf: TimeFilter | undefined): tf is TimeFilter {
  return (
    tf !== undefined &&
    (tf.hours !== undefined || tf.weekdays !== undefined || (tf.sessions?.length ?? 0) > 0)
  );
}

export function timeFilterFunction(ctx: Context, tf: TimeFilter): FunctionDecl {
  const hour = field("t", "hour");
  const offset = ctx.sharedInput(
    "Time filter",
    "int",
    "InpTesterGmtOffsetHours",
    int(0),
    "Tester only: broker server time minus UTC, hours",
  );
  const body: Stmt[] = [
    decl("datetime", "now", call("TimeGMT")),
    ifThen(bin("!=", call("MQLInfoInteger", id("MQL_TESTER")), int(0)), [
      assign("now", bin("-", call("TimeCurrent"), bin("*", offset, int(3600)))),
    ]),
    { kind: "decl", type: "MqlDateTime", name: "t" },
    { kind: "expr", expr: call("TimeToStruct", id("now"), id("t")) },
  ];
  if (tf.hours) {
    const from = ctx.input(
      "Time filter",
      "int",
      "InpHourFrom",
      int(tf.hours.from),
      "Entries from hour (UTC, inclusive)",
    );
    const to = ctx.input(
      "Time filter",
      "int",
      "InpHourTo",
      int(tf.hours.to),
      "Entries until hour (UTC, exclusive)",
    );
    body.push(
      ifThen(
        bin("<", from, to),
        [ifThen(or(bin("<", hour, from), bin(">=", hour, to)), [ret(id("false"))])],
        // Wrapping window, e.g. 22 -> 2: outside only when both before `from` and at/after `to`.
        [ifThen(and(bin("<", hour, from), bin(">=", hour, to)), [ret(id("false"))])],
      ),
    );
  }
  if (tf.weekdays) {
    const allowed = new Set(tf.weekdays);
    WEEKDAYS.forEach((name, i) => {
      const day = i + 1;
      const input = ctx.input(
        "Time filter",
        "bool",
        `InpTrade${name}`,
        id(allowed.has(day) ? "true" : "false"),
        `Enter on ${name}`,
      );
      body.push(
        ifThen(and(bin("==", field("t", "day_of_week"), int(day % 7)), not(input)), [ret(id("false"))]),
      );
    });
  }
  if (tf.sessions && tf.sessions.length > 0) {
    const listed = new Set(tf.sessions);
    body.push(decl("bool", "inSession", id("false")));
    for (const s of SESSIONS) {
      const [start, end] = SESSION_HOURS[s];
      const input: Expr = ctx.input(
        "Time filter",
        "bool",
        `InpSession${SESSION_LABEL[s]}`,
        id(listed.has(s) ? "true" : "false"),
        `Enter in the ${SESSION_LABEL[s]} session (${start}:00-${end}:00 UTC)`,
      );
      body.push(
        ifThen(and(input, bin(">=", hour, int(start)), bin("<", hour, int(end))), [
          assign("inSession", id("true")),
        ]),
      );
    }
    body.push(ifThen(not(id("inSession")), [ret(id("false"))]));
  }
  body.push(ret(id("true")));
  return { returnType: "bool", name: "EntryTimeAllowed", params: [], body, doc: "Entry time filter (UTC)" };
}
