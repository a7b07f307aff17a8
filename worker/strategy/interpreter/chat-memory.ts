import type { Facts, IndicatorMention } from "./facts";

// A message sent while there is no spec yet usually answers the assistant's question about the one before
// ("never mind the cloud, take a 10/30 SMA cross" after "... short the mirror, H1"). What the earlier
// messages settled and this one leaves open carries over: the chart, the sides, stops, targets, sizing,
// hours; their rules too when this message gives none. What this message says always wins.

export interface EarlierRead {
  facts: Facts;
  mentions: readonly IndicatorMention[];
  unknown: readonly string[];
}

/** Fills `facts` from the earlier reads (newest first); returns the mentions the merged rules need. */
export function carryOver(
  facts: Facts,
  mentions: readonly IndicatorMention[],
  earlier: readonly EarlierRead[],
): IndicatorMention[] {
  const out = [...mentions];
  const ownRules = facts.clauses.length > 0;
  for (const e of [...earlier].reverse()) {
    const f = e.facts;
    facts.timeframe ??= f.timeframe;
    facts.stopLoss ??= f.stopLoss;
    facts.takeProfit ??= f.takeProfit;
    facts.targetLine ??= f.targetLine;
    facts.trailing ??= f.trailing;
    facts.breakEven ??= f.breakEven;
    facts.sizing ??= f.sizing;
    facts.sessions ??= f.sessions;
    facts.hours ??= f.hours;
    facts.weekdays ??= f.weekdays;
    facts.maxPositions ??= f.maxPositions;
    facts.closeOnOpposite ??= f.closeOnOpposite;
    // "Sell the opposite" said before still holds for the new rule, unless this message names its sides.
    if (facts.direction === null && !facts.mirror) {
      facts.direction = f.direction;
      facts.mirror = f.mirror;
    }
    // Rules only when this message has none of its own, and not the ones that needed the question.
    if (!ownRules && e.unknown.length === 0 && f.clauses.length > 0 && facts.clauses.length === 0) {
      facts.clauses.push(...f.clauses);
      out.push(...e.mentions);
    }
  }
  return out;
}
