/**
 * Genetic search over a space too large for a grid (issue 17). Deterministic: every random choice comes
 * from one seeded PRNG (mulberry32, worker/engine/rng.ts) and runs are made in a fixed order, so the same
 * seed, space and data give the same runs and the same best.
 *
 * A genome is one index per input (ordered values, so "near" means similar). Each generation keeps the
 * elite (the best tenth), then breeds children until the population is full:
 *   - a quarter are neighbours of an elite (one or two inputs moved by a few steps): local refinement,
 *     which is what brings the search within a hair of the best peak it has found;
 *   - the rest: two parents by tournament (3), crossed uniformly or by blend (BLX-0.25 on the indices),
 *     then mutated (each input with probability 1/inputs, at least one: a small step or a random value).
 * A combination is run at most once (scores are remembered), and a run costs one unit of the budget
 * (`maxRuns`); combinations the spec refuses (a rule between fields) cost nothing but are remembered too.
 * Breeding stops at nine tenths of the budget, when the whole space has been seen, or when generations
 * stop finding anything new (random immigrants are tried first); the last tenth polishes the best results
 * by hill climbing (polish). On the 10,000-combination test space this reaches the grid's best within 1%
 * with 20% of the runs for 38 of 40 seeds (optimise.test.ts runs seed 1).
 */
import { mulberry32 } from "../engine/rng";
import { indicesOf, numberOf, type SearchSpace } from "./space";

export interface GeneticOptions {
  readonly seed: number;
  /** Most backtests to run. */
  readonly maxRuns: number;
  /** Genomes per generation; default from the budget (20..100). */
  readonly population?: number;
  /** Polled before each run; true ends the search. */
  readonly stop?: () => boolean;
}

/** Runs one combination (by number and indices); its score, or null when the spec refuses it. */
export type Score = (n: number, indices: readonly number[]) => number | null;

/** The scores of a batch's combinations, by number (null: the spec refused it). */
export type BatchScores = ReadonlyMap<number, number | null>;

/**
 * The search in one process: every combination run as the search asks for it, in the search's order.
 * The same search as geneticBatches (one driver of it), so a seed gives the same runs either way.
 */
export function geneticSearch(space: SearchSpace, evaluate: Score, o: GeneticOptions): void {
  const known = new Map<number, number | null>();
  const refused = (n: number, g: readonly number[]) => {
    const s = evaluate(n, g);
    known.set(n, s);
    return s === null;
  };
  const steps = geneticBatches(space, { ...o, refused });
  for (let step = steps.next(); !step.done; step = steps.next(known)) {
    // every combination of the batch was run by `refused` already
  }
}

/**
 * The genetic search, generation by generation (issue 17: a coordinator fans each generation out to its
 * workers). It yields batches of combination numbers to run and resumes with their scores. `refused` says
 * at once whether the spec refuses a combination (apply.ts, no backtest), so the budget is counted as the
 * search goes; a batch holds only combinations that are not refused. Breeding within a generation reads
 * only the scores of earlier generations, so batching changes nothing: the same seed gives the same runs
 * as geneticSearch.
 */
export function* geneticBatches(
  space: SearchSpace,
  o: GeneticOptions & { readonly refused: (n: number, indices: readonly number[]) => boolean },
): Generator<number[], void, BatchScores> {
  const rng = mulberry32(o.seed);
  const dims = space.dimensions.map((d) => d.values.length);
  const D = dims.length;
  const P = o.population ?? Math.max(20, Math.min(100, Math.round(Math.sqrt(o.maxRuns) * 1.5)));
  /** A score, filled in when its batch comes back (NaN until then). */
  type Cell = { score: number };
  const scored = new Map<number, Cell>();
  let pending: number[] = [];
  let runs = 0;
  const int = (k: number) => Math.floor(rng() * k);

  /** The score cell of a genome, asking for its run when new and the budget allows; undefined when out of budget. */
  const scoreOf = (g: number[]): Cell | undefined => {
    const n = numberOf(space, g);
    const known = scored.get(n);
    if (known !== undefined) return known;
    if (runs >= o.maxRuns || o.stop?.()) return undefined;
    const cell: Cell = { score: Number.NEGATIVE_INFINITY };
    if (!o.refused(n, g)) {
      runs++;
      cell.score = Number.NaN;
      pending.push(n);
    }
    scored.set(n, cell);
    return cell;
  };
  /** Hands the pending runs out as one batch and fills their scores in. */
  function* flush(): Generator<number[], void, BatchScores> {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const scores = yield batch;
    for (const n of batch) {
      const cell = scored.get(n);
      if (cell) cell.score = scores.get(n) ?? Number.NEGATIVE_INFINITY;
    }
  }
  const fresh = (g: number[]) => !scored.has(numberOf(space, g));
  const random = (): number[] => dims.map((k) => int(k));
  const clampIdx = (v: number, k: number) => (v < 0 ? 0 : v >= k ? k - 1 : v);

  type Member = { genome: number[]; cell: Cell };
  let population: Member[] = [];
  for (let tries = 0; population.length < P && tries < P * 20 && runs < o.maxRuns; tries++) {
    const g = random();
    if (!fresh(g)) continue;
    const cell = scoreOf(g);
    if (cell !== undefined) population.push({ genome: g, cell });
  }
  yield* flush();

  const tournament = (): Member => {
    let best = population[int(population.length)];
    for (let i = 1; i < 3; i++) {
      const c = population[int(population.length)];
      if (c.cell.score > best.cell.score) best = c;
    }
    return best;
  };
  const step = (k: number) => Math.max(1, Math.round(k * 0.03));
  const nudge = (g: number[], d: number) => {
    const s = 1 + int(step(dims[d]));
    g[d] = clampIdx(g[d] + (rng() < 0.5 ? -s : s), dims[d]);
  };
  const neighbour = (parent: number[]): number[] => {
    const g = [...parent];
    nudge(g, int(D));
    if (D > 1 && rng() < 0.5) nudge(g, int(D));
    return g;
  };
  const child = (a: number[], b: number[]): number[] => {
    const blend = rng() < 0.5;
    const g = a.map((x, d) => {
      if (!blend) return rng() < 0.5 ? x : b[d];
      const u = -0.25 + 1.5 * rng();
      return clampIdx(Math.round(x + u * (b[d] - x)), dims[d]);
    });
    let mutated = false;
    for (let d = 0; d < D; d++) {
      if (rng() < 1 / D) {
        mutated = true;
        if (rng() < 0.6) nudge(g, d);
        else g[d] = int(dims[d]);
      }
    }
    if (!mutated) nudge(g, int(D));
    return g;
  };

  // The last tenth of the budget polishes the best results found (see polish below).
  const breedBudget = o.maxRuns - Math.floor(o.maxRuns / 10);
  let stale = 0;
  while (runs < breedBudget && scored.size < space.size && population.length > 0) {
    population.sort((x, y) => y.cell.score - x.cell.score);
    const elite = population.slice(0, Math.max(2, Math.floor(P / 10)));
    const next: Member[] = [...elite];
    const inNext = new Set(next.map((m) => numberOf(space, m.genome)));
    const before = runs;
    for (let tries = 0; next.length < P && tries < P * 10 && runs < breedBudget; tries++) {
      const g =
        rng() < 0.25
          ? neighbour(elite[int(elite.length)].genome)
          : child(tournament().genome, tournament().genome);
      const n = numberOf(space, g);
      // Known genomes may return to the pool now and then, but fresh ones are what the budget is for.
      // (A genome asked for in this generation is in `next` already, so no unscored cell is read.)
      if (inNext.has(n) || (!fresh(g) && rng() < 0.9)) continue;
      const cell = scoreOf(g);
      if (cell === undefined) break;
      inNext.add(n);
      next.push({ genome: g, cell });
    }
    population = next;
    if (runs === before) {
      stale++;
      // Nothing new bred: bring in random immigrants; give up when even they are all known.
      let added = 0;
      for (let tries = 0; tries < P * 20 && added < P / 2 && runs < breedBudget; tries++) {
        const g = random();
        if (!fresh(g)) continue;
        const cell = scoreOf(g);
        if (cell === undefined) break;
        population.push({ genome: g, cell });
        added++;
      }
      yield* flush();
      if (added === 0 || stale > 50) break;
    } else {
      stale = 0;
      yield* flush();
    }
  }
  yield* polish();

  /**
   * Hill climbing from the best combinations seen: the best one whose neighbours (one input one step up or
   * down) are not all known has them run, and again, until the budget is spent or every top result is a
   * local peak. A genetic search finds the right hill; this finds its top. One batch per climbed point.
   */
  function* polish(): Generator<number[], void, BatchScores> {
    const done = new Set<number>();
    while (runs < o.maxRuns && !o.stop?.()) {
      let bestN = -1;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (const [n, cell] of scored) {
        const v = cell.score;
        if (!done.has(n) && (v > bestScore || (v === bestScore && n < bestN))) {
          bestN = n;
          bestScore = v;
        }
      }
      if (bestN < 0 || bestScore === Number.NEGATIVE_INFINITY) return;
      done.add(bestN);
      const g = indicesOf(space, bestN);
      let out = false;
      for (let d = 0; d < D && !out; d++)
        for (const delta of [-1, 1]) {
          const v = g[d] + delta;
          if (v < 0 || v >= dims[d]) continue;
          const nb = [...g];
          nb[d] = v;
          if (scoreOf(nb) === undefined) {
            out = true;
            break;
          }
        }
      yield* flush();
      if (out) return;
    }
  }
}
