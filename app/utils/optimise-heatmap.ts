/**
 * The heatmap of an optimisation's criterion over two of its inputs (issue 17): one cell per pair of the two
 * inputs' values. When other inputs vary too, a cell shows the best result among the runs with that pair (what
 * the trader can reach there), as MT5's 2D optimisation graph does. Pure: the chart (heatmap-chart.tsx) draws it.
 */

export interface HeatmapRun {
  readonly values: Readonly<Record<string, number>>;
  /** The criterion's value as shown (Result column); null when the run has none (no trades). */
  readonly result: number | null;
}

export interface HeatmapCell {
  readonly x: number;
  readonly y: number;
  /** The best result at (x, y); null when no run there has one. */
  readonly value: number | null;
  /** How many runs share the cell. */
  readonly runs: number;
}

export interface HeatmapGrid {
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  readonly cells: readonly HeatmapCell[];
  readonly min: number | null;
  readonly max: number | null;
}

/**
 * The grid of `runs` over inputs `x` and `y`; `lowerIsBetter` for "Drawdown min" (the best cell is the lowest).
 * Runs without one of the two inputs are left out.
 */
export function heatmapGrid(
  runs: readonly HeatmapRun[],
  x: string,
  y: string,
  lowerIsBetter = false,
): HeatmapGrid {
  const byPair = new Map<string, { x: number; y: number; value: number | null; runs: number }>();
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const run of runs) {
    const vx = run.values[x];
    const vy = run.values[y];
    if (vx === undefined || vy === undefined) continue;
    xs.add(vx);
    ys.add(vy);
    const key = `${vx}|${vy}`;
    const cell = byPair.get(key) ?? { x: vx, y: vy, value: null, runs: 0 };
    cell.runs++;
    const r = run.result;
    if (r !== null && Number.isFinite(r)) {
      if (cell.value === null || (lowerIsBetter ? r < cell.value : r > cell.value)) cell.value = r;
    }
    byPair.set(key, cell);
  }
  const cells = [...byPair.values()];
  let min: number | null = null;
  let max: number | null = null;
  for (const c of cells) {
    if (c.value === null) continue;
    min = min === null ? c.value : Math.min(min, c.value);
    max = max === null ? c.value : Math.max(max, c.value);
  }
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return { xs: sorted(xs), ys: sorted(ys), cells, min, max };
}

/**
 * The colour strength of a value in [0.12, 1]: the best end strongest, so the eye finds the good region in
 * either theme (one hue, its opacity varying; charts.css gives the hue per theme).
 */
export function cellStrength(value: number, min: number, max: number, lowerIsBetter = false): number {
  if (max === min) return 1;
  const t = (value - min) / (max - min);
  return 0.12 + 0.88 * (lowerIsBetter ? 1 - t : t);
}

/** The two inputs a heatmap shows: the asked ones if they are inputs of the run and differ, else the first two. */
export function heatmapAxes(
  names: readonly string[],
  askedX: string | null,
  askedY: string | null,
): { x: string; y: string } | null {
  if (names.length < 2) return null;
  const x = askedX && names.includes(askedX) ? askedX : names[0];
  const fallbackY = names.find((n) => n !== x) ?? names[1];
  const y = askedY && names.includes(askedY) && askedY !== x ? askedY : fallbackY;
  return { x, y };
}
