/**
 * The entry time filter (spec: it gates entries only; hours [from, to) in broker server time wrapping
 * past midnight when to <= from; weekdays 1 = Monday .. 7 = Sunday; sessions at fixed server hours).
 *
 * The EA reads TimeCurrent(), the broker's server time, live and in MetaTrader's tester alike; our
 * backtests evaluate the same hours in the backtest's server time zone (issue 16), so the two agree
 * with no offset to set. Hours in a named zone (hours.zone) need the server's zone as an input instead
 * (zone-time.ts).
 */
import { SESSION_HOURS, SESSIONS, type TimeFilter } from "../../strategy/spec";
import type { Expr, FunctionDecl, Stmt } from "../ir";
import { and, assign, bin, call, decl, field, id, ifThen, int, not, or, ret } from "../ir";
import type { Context } from "./context";
import { zonedHours } from "./zone-time";

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
  const body: Stmt[] = [
    decl("datetime", "now", call("TimeCurrent")),
    { kind: "decl", type: "MqlDateTime", name: "t" },
    { kind: "expr", expr: call("TimeToStruct", id("now"), id("t")) },
  ];
  if (tf.hours) {
    // Hours in a named zone (zone-time.ts) compare that zone's hour; the rest stays server time.
    const zoned = zonedHours(ctx);
    const clock = zoned === undefined ? "server time" : "InpHoursZone time";
    const from = ctx.input(
      "Time filter",
      "int",
      "InpHourFrom",
      int(tf.hours.from),
      `Entries from hour (${clock}, inclusive)`,
    );
    const to = ctx.input(
      "Time filter",
      "int",
      "InpHourTo",
      int(tf.hours.to),
      `Entries until hour (${clock}, exclusive)`,
    );
    const h = zoned === undefined ? hour : id("zonedHour");
    if (zoned !== undefined) body.push(decl("int", "zonedHour", zoned.hour));
    body.push(
      ifThen(
        bin("<", from, to),
        [ifThen(or(bin("<", h, from), bin(">=", h, to)), [ret(id("false"))])],
        // Wrapping window, e.g. 22 -> 2: outside only when both before `from` and at/after `to`.
        [ifThen(and(bin("<", h, from), bin(">=", h, to)), [ret(id("false"))])],
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
        `Enter in the ${SESSION_LABEL[s]} session (${start}:00-${end}:00 server time)`,
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
  return {
    returnType: "bool",
    name: "EntryTimeAllowed",
    params: [],
    body,
    doc: "Entry time filter (broker server time)",
  };
}
