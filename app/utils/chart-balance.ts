/** The balance chart's points (spec 2 s2 "Graphs"): the server sends balances as numeric strings. */

export interface BalancePointInput {
  readonly id: number;
  readonly balance: string | number;
}

export interface BalancePoint {
  readonly id: number;
  readonly balance: number;
  /** The balance as the server wrote it, for the tooltip. */
  readonly text: string;
}

/** Readable points in id order; unreadable balances are left out rather than drawn at 0. */
export function balancePoints(data: readonly BalancePointInput[]): BalancePoint[] {
  const points: BalancePoint[] = [];
  for (const p of data) {
    const balance = typeof p.balance === "number" ? p.balance : Number(p.balance);
    if (!Number.isFinite(p.id) || (typeof p.balance === "string" && p.balance.trim() === "")) continue;
    if (!Number.isFinite(balance)) continue;
    points.push({ id: p.id, balance, text: String(p.balance) });
  }
  return points.sort((a, b) => a.id - b.id);
}

/** The y domain: min to max, widened by 1 either side when flat so the line sits mid-chart. */
export function balanceDomain(points: readonly BalancePoint[]): [number, number] {
  if (points.length === 0) return [0, 1];
  let min = points[0].balance;
  let max = min;
  for (const p of points) {
    if (p.balance < min) min = p.balance;
    if (p.balance > max) max = p.balance;
  }
  return min === max ? [min - 1, max + 1] : [min, max];
}

/** The x ticks: whole ids only (a short series would otherwise get 0.5 steps). */
export function wholeTicks(ticks: readonly number[]): number[] {
  return ticks.filter((t) => Number.isInteger(t));
}

/** The point nearest to an id (the mouse's position on the x axis). */
export function nearestPoint(points: readonly BalancePoint[], id: number): BalancePoint | undefined {
  let best: BalancePoint | undefined;
  for (const p of points) {
    if (!best || Math.abs(p.id - id) < Math.abs(best.id - id)) best = p;
  }
  return best;
}

export function balanceTooltip(point: BalancePoint): string[] {
  return [point.id === 0 ? "Deposit" : `Trade ${point.id}`, `Balance: ${point.text}`];
}
