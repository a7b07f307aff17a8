/**
 * The random source of generated ticks, re-seeded at every M1 bar from (seed, bar time): a bar's ticks
 * depend on nothing else, so the engine may skip generating the ticks of a bar in which nothing can
 * happen (flat, no request waiting) without changing the ticks of any other bar, and a run stays
 * reproducible. mulberry32 steps, like rng.ts; `next` is created once (no closure per bar or tick).
 */
export class BarRng {
  private state = 0;

  constructor(private readonly seed: number) {}

  reseed(barTimeMs: number): void {
    // murmur3's finaliser over (seed, minute index) spreads neighbouring minutes apart.
    let h = (this.seed ^ Math.imul(Math.floor(barTimeMs / 60_000) | 0, 0x9e3779b1)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    this.state = (h ^ (h >>> 16)) >>> 0;
  }

  readonly next = (): number => {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
