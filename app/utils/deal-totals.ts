/**
 * The Deals table's totals row (issue 16, as MT5's report ends its Deals table): commission, swap and profit
 * summed over every deal of the run (not the page shown), in cents so that they add up as the balance does,
 * and the final balance. Balance operations (the deposit) are not trading profit and stay out of Profit, so
 * Profit + Commission + Swap is the net profit. Pure.
 */

export interface DealTotalsInput {
  readonly Type: string;
  readonly Commission: string;
  readonly Swap: string;
  readonly Profit: string;
  readonly Balance: string;
}

export interface DealTotals {
  readonly commission: string;
  readonly swap: string;
  readonly profit: string;
  readonly balance: string;
}

const cents = (value: string): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

const money = (c: number): string => (c / 100).toFixed(2);

export function dealTotals(rows: readonly DealTotalsInput[]): DealTotals {
  let commission = 0;
  let swap = 0;
  let profit = 0;
  for (const r of rows) {
    commission += cents(r.Commission);
    swap += cents(r.Swap);
    if (r.Type !== "balance") profit += cents(r.Profit);
  }
  return {
    commission: money(commission),
    swap: money(swap),
    profit: money(profit),
    balance: rows.at(-1)?.Balance ?? "",
  };
}
