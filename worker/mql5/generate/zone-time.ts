/**
 * Hours in a named time zone (timeFilter.hours.zone, issue 14) in the EA. MetaTrader has no time zone
 * database and its tester's TimeGMT() is the server clock, so the EA is told the broker's server zone
 * (InpServerZone, the backtest's convention names: "GMT+2/+3" New York close, "UTC", or a zone name) and
 * converts TimeCurrent() -> UTC -> the named zone with the daylight-saving rules of market/zone-rules.ts,
 * written out here in the same arithmetic (worker/engine/zoned-hours.ts is the engine's side).
 */
import { DEFAULT_SERVER_TIME } from "../../market/server-time";
import { type DstRule, ZONE_RULES } from "../../market/zone-rules";
import type { TimeFilter } from "../../strategy/spec";
import type { Expr, FunctionDecl, Stmt } from "../ir";
import { and, assign, bin, call, decl, expr, id, ifThen, int, not, or, ret, str } from "../ir";
import type { Context } from "./context";

const DST_CODE: Readonly<Record<DstRule, number>> = { none: 0, eu: 1, us: 2 };
const HOUR = 3600;
const DAY = 86400;
const cast = (type: "long" | "int" | "datetime", operand: Expr): Expr => ({ kind: "cast", type, operand });

/** The zone of the hours filter, when it names one. */
export function hoursZone(tf: TimeFilter | undefined): string | undefined {
  return tf?.hours?.zone;
}

function inputs(ctx: Context, zone: string): { server: Expr; hours: Expr } {
  const server = ctx.sharedInput(
    "Time filter",
    "string",
    "InpServerZone",
    str(DEFAULT_SERVER_TIME),
    'Broker server time zone: "GMT+2/+3" (New York close), "UTC" or a zone name like Europe/London',
  );
  const hours = ctx.sharedInput(
    "Time filter",
    "string",
    "InpHoursZone",
    str(zone),
    "Time zone of the entry hours",
  );
  return { server, hours };
}

/** ZoneRule(name, dst, stdOffset, base): the rule of a zone name; false for a name it does not know. */
function zoneRuleFunction(): FunctionDecl {
  const groups = new Map<string, { dst: number; std: number; names: string[] }>();
  for (const z of ZONE_RULES) {
    const key = `${z.dst} ${z.std}`;
    const g = groups.get(key) ?? { dst: DST_CODE[z.dst], std: z.std, names: [] };
    g.names.push(z.name);
    groups.set(key, g);
  }
  const set = (dst: number, std: number, base: number): Stmt[] => [
    assign("dst", int(dst)),
    assign("stdOffset", int(std)),
    assign("base", int(base)),
    ret(id("true")),
  ];
  const named = (names: readonly string[]) => or(...names.map((n) => bin("==", id("name"), str(n))));
  return {
    returnType: "bool",
    name: "ZoneRule",
    params: [
      { type: "string", name: "name" },
      { type: "int", name: "dst", byRef: true },
      { type: "int", name: "stdOffset", byRef: true },
      { type: "int", name: "base", byRef: true },
    ],
    doc: "Daylight-saving rule (0 none, 1 EU, 2 US), its standard offset and the zone's base offset, seconds",
    body: [
      // The MT5 convention: New York's summer time (US rule at New York's offset), UTC+2 in its winter.
      ifThen(named([DEFAULT_SERVER_TIME]), set(DST_CODE.us, -5 * HOUR, 2 * HOUR)),
      ifThen(named(["GMT"]), set(0, 0, 0)),
      ...[...groups.values()].map((g) => ifThen(named(g.names), set(g.dst, g.std, g.std))),
      ret(id("false")),
    ],
  };
}

/** Days since 1970-01-01 of a civil date (days_from_civil, as market/zone-rules.ts). */
function daysFromCivilFunction(): FunctionDecl {
  const y = id("y");
  return {
    returnType: "long",
    name: "DaysFromCivil",
    params: [
      { type: "int", name: "year" },
      { type: "int", name: "month" },
      { type: "int", name: "day" },
    ],
    doc: "Days since 1970-01-01 of a date",
    body: [
      decl("int", "y", id("year")),
      ifThen(bin("<=", id("month"), int(2)), [assign("y", bin("-", y, int(1)))]),
      decl("int", "era", bin("/", y, int(400))),
      decl("int", "yoe", bin("-", y, bin("*", id("era"), int(400)))),
      decl("int", "mp", bin("+", id("month"), int(9))),
      ifThen(bin(">", id("month"), int(2)), [assign("mp", bin("-", id("month"), int(3)))]),
      decl(
        "int",
        "doy",
        bin(
          "-",
          bin("+", bin("/", bin("+", bin("*", int(153), id("mp")), int(2)), int(5)), id("day")),
          int(1),
        ),
      ),
      decl(
        "int",
        "doe",
        bin(
          "+",
          bin(
            "-",
            bin("+", bin("*", id("yoe"), int(365)), bin("/", id("yoe"), int(4))),
            bin("/", id("yoe"), int(100)),
          ),
          id("doy"),
        ),
      ),
      ret(bin("-", bin("+", bin("*", cast("long", id("era")), int(146097)), id("doe")), int(719468))),
    ],
  };
}

function sundayFunctions(): FunctionDecl[] {
  const weekday = (d: Expr): Expr => bin("%", bin("+", d, int(4)), int(7));
  return [
    {
      returnType: "long",
      name: "NthSunday",
      params: [
        { type: "int", name: "year" },
        { type: "int", name: "month" },
        { type: "int", name: "n" },
      ],
      doc: "Day number of the n-th Sunday of a month",
      body: [
        decl("long", "first", call("DaysFromCivil", id("year"), id("month"), int(1))),
        ret(
          bin(
            "+",
            bin("+", id("first"), bin("%", bin("-", int(7), weekday(id("first"))), int(7))),
            bin("*", int(7), bin("-", id("n"), int(1))),
          ),
        ),
      ],
    },
    {
      returnType: "long",
      name: "LastSunday",
      params: [
        { type: "int", name: "year" },
        { type: "int", name: "month" },
      ],
      doc: "Day number of the last Sunday of a month",
      body: [
        decl(
          "long",
          "last",
          bin("-", call("DaysFromCivil", id("year"), bin("+", id("month"), int(1)), int(1)), int(1)),
        ),
        ret(bin("-", id("last"), weekday(id("last")))),
      ],
    },
  ];
}

/** ZoneOffsetAt(dst, stdOffset, base, utc): the zone's offset east of UTC, seconds, at a UTC instant. */
function zoneOffsetFunction(): FunctionDecl {
  const at = (day: Expr, seconds: Expr): Expr => bin("+", bin("*", day, int(DAY)), seconds);
  const std = id("stdOffset");
  return {
    returnType: "int",
    name: "ZoneOffsetAt",
    params: [
      { type: "int", name: "dst" },
      { type: "int", name: "stdOffset" },
      { type: "int", name: "base" },
      { type: "long", name: "utc" },
    ],
    doc: "Offset east of UTC (seconds) of a zone at a UTC time: EU and US summer time rules",
    body: [
      ifThen(bin("==", id("dst"), int(0)), [ret(id("base"))]),
      { kind: "decl", type: "MqlDateTime", name: "d" },
      expr(call("TimeToStruct", cast("datetime", id("utc")), id("d"))),
      decl("int", "y", { kind: "field", object: "d", field: "year" }),
      decl("long", "start", int(0)),
      decl("long", "end", int(0)),
      ifThen(
        bin("==", id("dst"), int(1)),
        [
          // EU: last Sunday of March to last Sunday of October, 01:00 UTC.
          assign("start", at(call("LastSunday", id("y"), int(3)), int(HOUR))),
          assign("end", at(call("LastSunday", id("y"), int(10)), int(HOUR))),
        ],
        [
          // US: 02:00 local standard time to 02:00 local summer time; from 2007 second Sunday of March to
          // first Sunday of November, before it first Sunday of April to last Sunday of October.
          ifThen(
            bin(">=", id("y"), int(2007)),
            [
              assign("start", at(call("NthSunday", id("y"), int(3), int(2)), bin("-", int(2 * HOUR), std))),
              assign("end", at(call("NthSunday", id("y"), int(11), int(1)), bin("-", int(HOUR), std))),
            ],
            [
              assign("start", at(call("NthSunday", id("y"), int(4), int(1)), bin("-", int(2 * HOUR), std))),
              assign("end", at(call("LastSunday", id("y"), int(10)), bin("-", int(HOUR), std))),
            ],
          ),
        ],
      ),
      ifThen(and(bin(">=", id("utc"), id("start")), bin("<", id("utc"), id("end"))), [
        ret(bin("+", id("base"), int(HOUR))),
      ]),
      ret(id("base")),
    ],
  };
}

const RULE_ARGS = [id("dst"), id("stdOffset"), id("base")];
const ruleLocals = (): Stmt[] => [
  decl("int", "dst", int(0)),
  decl("int", "stdOffset", int(0)),
  decl("int", "base", int(0)),
];

/** ZonedHour(server): the hour (0-23) in InpHoursZone of a server time, through UTC with InpServerZone. */
function zonedHourFunction(server: Expr, hours: Expr): FunctionDecl {
  const offset = (t: Expr): Expr => call("ZoneOffsetAt", ...RULE_ARGS, t);
  const s = id("server");
  return {
    returnType: "int",
    name: "ZonedHour",
    params: [{ type: "long", name: "server" }],
    doc: "Hour of the entry hours' time zone at a server time",
    body: [
      ...ruleLocals(),
      expr(call("ZoneRule", server, ...RULE_ARGS)),
      // The server's offset at a server time (the later one inside a repeated hour, as the backtest).
      decl("int", "guess", offset(bin("-", s, offset(s)))),
      decl("long", "utc", bin("-", s, offset(bin("-", s, id("guess"))))),
      expr(call("ZoneRule", hours, ...RULE_ARGS)),
      decl("long", "local", bin("+", id("utc"), offset(id("utc")))),
      ret(cast("int", bin("/", bin("%", id("local"), int(DAY)), int(HOUR)))),
    ],
  };
}

/**
 * The EA's statements for the hours filter's zone: declares the inputs and helpers, and returns OnInit's
 * check of both names (an unknown name stops the EA instead of trading at the wrong hours) and the
 * expression of the zone's hour now. Undefined when the hours are server time.
 */
export function zonedHours(ctx: Context): { init: Stmt[]; hour: Expr } | undefined {
  const zone = hoursZone(ctx.spec.timeFilter);
  if (zone === undefined) return undefined;
  const { server, hours } = inputs(ctx, zone);
  ctx.helper("ZoneRule", zoneRuleFunction);
  ctx.helper("DaysFromCivil", daysFromCivilFunction);
  const [nth, last] = sundayFunctions();
  ctx.helper("NthSunday", () => nth);
  ctx.helper("LastSunday", () => last);
  ctx.helper("ZoneOffsetAt", zoneOffsetFunction);
  ctx.helper("ZonedHour", () => zonedHourFunction(server, hours));
  const init: Stmt[] = [
    ...ruleLocals(),
    ifThen(or(not(call("ZoneRule", server, ...RULE_ARGS)), not(call("ZoneRule", hours, ...RULE_ARGS))), [
      expr(call("Print", str("Unknown time zone in InpServerZone or InpHoursZone"))),
      ret(id("INIT_FAILED")),
    ]),
  ];
  return { init, hour: call("ZonedHour", cast("long", call("TimeCurrent"))) };
}
