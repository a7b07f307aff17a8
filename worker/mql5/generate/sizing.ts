/**
 * The EA's volume of one entry from the spec's sizing (the engine's worker/engine/sizing.ts): fixed lots;
 * a percent of the balance or equity, or a money amount, lost at the stop (RiskLots); lots per X of
 * equity; lots by equity (or balance) tiers. Every form ends in NormalizeVolume (down to the volume step, within the symbol's limits).
 */
import type { Sizing } from "../../strategy/spec";
import { bin, call, dbl, type Expr, id } from "../ir";
import type { Context } from "./context";

/** Declares the sizing's inputs (group Trading). */
export function sizingInputs(ctx: Context, sizing: Sizing): void {
  switch (sizing.type) {
    case "fixed":
      ctx.input("Trading", "double", "InpLots", dbl(sizing.lots), "Volume, lots");
      return;
    case "riskPercent":
      ctx.input(
        "Trading",
        "double",
        "InpRiskPercent",
        dbl(sizing.percent),
        `Risk per trade, % of ${sizing.of ?? "balance"}`,
      );
      return;
    case "riskMoney":
      ctx.input("Trading", "double", "InpRiskMoney", dbl(sizing.amount), "Risk per trade, account currency");
      return;
    case "lotsPerEquity":
      ctx.input("Trading", "double", "InpLots", dbl(sizing.lots), "Volume, lots per equity step");
      ctx.input("Trading", "double", "InpLotsPer", dbl(sizing.per), "Equity step, account currency");
      return;
    case "equityTiers":
      sizing.tiers.forEach((t, i) => {
        const figure = sizing.of ?? "equity";
        ctx.input(
          "Trading",
          "double",
          `InpTier${i + 1}Below`,
          dbl(t.below),
          `Tier ${i + 1}: ${figure} below`,
        );
        ctx.input("Trading", "double", `InpTier${i + 1}Lots`, dbl(t.lots), `Tier ${i + 1}: volume, lots`);
      });
      ctx.input("Trading", "double", "InpLots", dbl(sizing.lots), "Volume above the last tier, lots");
      return;
  }
}

/** The volume of an entry; `slDistance` names the local holding the stop's distance. */
export function lotsExpr(sizing: Sizing, slDistance: string): Expr {
  switch (sizing.type) {
    case "fixed":
      return call("NormalizeVolume", id("InpLots"));
    case "riskPercent":
    case "riskMoney":
      return call("RiskLots", id(slDistance));
    case "lotsPerEquity":
      return call(
        "NormalizeVolume",
        bin("*", bin("/", call("AccountInfoDouble", id("ACCOUNT_EQUITY")), id("InpLotsPer")), id("InpLots")),
      );
    case "equityTiers": {
      // The first tier whose bound is above the figure when the order is sent, else InpLots (spec-orders.ts).
      const figure = call(
        "AccountInfoDouble",
        id(sizing.of === "balance" ? "ACCOUNT_BALANCE" : "ACCOUNT_EQUITY"),
      );
      let lots: Expr = id("InpLots");
      for (let i = sizing.tiers.length; i >= 1; i--)
        lots = {
          kind: "cond",
          test: bin("<", figure, id(`InpTier${i}Below`)),
          ifTrue: id(`InpTier${i}Lots`),
          ifFalse: lots,
        };
      return call("NormalizeVolume", lots);
    }
  }
}

/** The amount RiskLots risks: a % of the balance or equity, or the money input. */
export function riskAmount(sizing: Sizing): Expr {
  if (sizing.type === "riskMoney") return id("InpRiskMoney");
  const account =
    sizing.type === "riskPercent" && sizing.of === "equity" ? "ACCOUNT_EQUITY" : "ACCOUNT_BALANCE";
  return bin("/", bin("*", call("AccountInfoDouble", id(account)), id("InpRiskPercent")), dbl(100));
}

/** Does the EA need RiskLots? */
export function needsRiskLots(sizing: Sizing): boolean {
  return sizing.type === "riskPercent" || sizing.type === "riskMoney";
}
