/**
 * StrategySpec v1 documents exactly as v1 writers stored them (the v1 examples of examples/strategies and
 * tests/mql5-runtime/specs before v2): the inputs of the migration tests (spec-version.test.ts and the D1
 * migration's worker test).
 */
export const V1_DOCUMENTS: readonly Record<string, unknown>[] = [
  {
    specVersion: 1,
    name: "SMA 10/20 crossover",
    description:
      "When SMA(10) of close crosses above SMA(20) on the last closed H1 bar, close any short and buy 1 lot; when it crosses below, close any long and sell 1 lot. No stop loss, no take profit.",
    timeframe: "H1",
    direction: "both",
    indicators: [
      {
        id: "fast",
        kind: "SMA",
        period: 10,
        appliedPrice: "CLOSE",
      },
      {
        id: "slow",
        kind: "SMA",
        period: 20,
        appliedPrice: "CLOSE",
      },
    ],
    entry: {
      long: {
        all: [
          {
            type: "crossesAbove",
            left: {
              type: "indicator",
              ref: "fast",
            },
            right: {
              type: "indicator",
              ref: "slow",
            },
          },
        ],
      },
      short: {
        all: [
          {
            type: "crossesBelow",
            left: {
              type: "indicator",
              ref: "fast",
            },
            right: {
              type: "indicator",
              ref: "slow",
            },
          },
        ],
      },
    },
    sizing: {
      type: "fixed",
      lots: 1,
    },
    maxOpenPositions: 1,
    closeOnOpposite: true,
  },
  {
    specVersion: 1,
    name: "MACD cross with RSI filter, London session, ATR stop",
    description:
      "Buy when the MACD main line crosses above its signal line while RSI(14) is between 40 and 70; sell on the mirror with RSI between 30 and 60. Entries only during the London session on weekdays. Stop loss 2 x ATR(14), take profit 3 x ATR(14), trailing stop 1.5 x ATR after 20 pips of profit, break-even after 30 pips. Risk 1% of the balance per trade.",
    timeframe: "H1",
    direction: "both",
    indicators: [
      {
        id: "macd",
        kind: "MACD",
        fast: 12,
        slow: 26,
        signal: 9,
        appliedPrice: "CLOSE",
      },
      {
        id: "rsi",
        kind: "RSI",
        period: 14,
        appliedPrice: "CLOSE",
      },
      {
        id: "atr",
        kind: "ATR",
        period: 14,
      },
    ],
    entry: {
      long: {
        all: [
          {
            type: "crossesAbove",
            left: {
              type: "indicator",
              ref: "macd",
              line: "main",
            },
            right: {
              type: "indicator",
              ref: "macd",
              line: "signal",
            },
          },
          {
            type: "between",
            operand: {
              type: "indicator",
              ref: "rsi",
            },
            lower: {
              type: "constant",
              value: 40,
            },
            upper: {
              type: "constant",
              value: 70,
            },
          },
        ],
      },
      short: {
        all: [
          {
            type: "crossesBelow",
            left: {
              type: "indicator",
              ref: "macd",
              line: "main",
            },
            right: {
              type: "indicator",
              ref: "macd",
              line: "signal",
            },
          },
          {
            type: "between",
            operand: {
              type: "indicator",
              ref: "rsi",
            },
            lower: {
              type: "constant",
              value: 30,
            },
            upper: {
              type: "constant",
              value: 60,
            },
          },
        ],
      },
    },
    sizing: {
      type: "riskPercent",
      percent: 1,
    },
    stopLoss: {
      unit: "atr",
      ref: "atr",
      multiple: 2,
    },
    takeProfit: {
      unit: "atr",
      ref: "atr",
      multiple: 3,
    },
    trailingStop: {
      distance: {
        unit: "atr",
        ref: "atr",
        multiple: 1.5,
      },
      start: {
        unit: "pips",
        value: 20,
      },
    },
    breakEven: {
      trigger: {
        unit: "pips",
        value: 30,
      },
      offset: {
        unit: "pips",
        value: 1,
      },
    },
    timeFilter: {
      sessions: ["london"],
      weekdays: [1, 2, 3, 4, 5],
    },
    maxOpenPositions: 1,
    closeOnOpposite: true,
  },
  {
    specVersion: 1,
    name: "Previous-bar breakout at night above EMA(50)",
    description:
      "Buy when the close breaks above the previous bar's high and the typical price is above EMA(50); sell on the mirror below the previous low and under the EMA. Entries 22:00-06:00 UTC (past midnight). 200-point stop, break-even after 1 x ATR(14).",
    timeframe: "H1",
    direction: "both",
    indicators: [
      {
        id: "ema",
        kind: "EMA",
        period: 50,
        appliedPrice: "CLOSE",
      },
      {
        id: "atr",
        kind: "ATR",
        period: 14,
      },
    ],
    entry: {
      long: {
        all: [
          {
            type: "greaterThan",
            left: {
              type: "price",
              field: "CLOSE",
            },
            right: {
              type: "price",
              field: "HIGH",
              shift: 1,
            },
          },
          {
            type: "greaterThan",
            left: {
              type: "price",
              field: "TYPICAL",
            },
            right: {
              type: "indicator",
              ref: "ema",
            },
          },
        ],
      },
      short: {
        all: [
          {
            type: "lessThan",
            left: {
              type: "price",
              field: "CLOSE",
            },
            right: {
              type: "price",
              field: "LOW",
              shift: 1,
            },
          },
          {
            type: "lessThan",
            left: {
              type: "price",
              field: "TYPICAL",
            },
            right: {
              type: "indicator",
              ref: "ema",
            },
          },
        ],
      },
    },
    sizing: {
      type: "fixed",
      lots: 0.1,
    },
    stopLoss: {
      unit: "points",
      value: 200,
    },
    breakEven: {
      trigger: {
        unit: "atr",
        ref: "atr",
        multiple: 1,
      },
    },
    timeFilter: {
      hours: {
        from: 22,
        to: 6,
      },
    },
    maxOpenPositions: 1,
    closeOnOpposite: true,
  },
];
