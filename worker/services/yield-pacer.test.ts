import { afterEach, describe, expect, it, vi } from "vitest";
import { SLICE_TARGET_MS } from "./strategies/slice-budget";
import { MAX_PAUSES_WITHOUT_YIELD, pauseIfDue, yieldNow } from "./yield-pacer";

/** Pauses (awaited as the runner awaits them) until a page's request queued behind the work gets in. */
async function pausesUntilPageServed(limit: number): Promise<number> {
  let served = false;
  setTimeout(() => {
    served = true;
  }, 0);
  for (let pauses = 1; pauses <= limit; pauses++) {
    await pauseIfDue();
    if (served) return pauses;
  }
  return Number.POSITIVE_INFINITY;
}

describe("yielding to waiting requests during long work (issue 11)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lets a waiting request in once the work has held the isolate a slice's time, not at every pause", async () => {
    // Each piece of work between two pauses takes half a millisecond.
    let now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => {
      now += 0.5;
      return now;
    });
    await yieldNow();
    expect(await pausesUntilPageServed(100)).toBe(SLICE_TARGET_MS / 0.5);
  });

  it("still lets it in every few pauses where the clock stands still while code runs", async () => {
    vi.spyOn(performance, "now").mockReturnValue(5_000);
    await yieldNow();
    expect(await pausesUntilPageServed(1_000)).toBe(MAX_PAUSES_WITHOUT_YIELD);
  });

  it("lets it in at once after work that held the isolate since before the last yield came back", async () => {
    let now = 10_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    await yieldNow();
    now += SLICE_TARGET_MS; // a long step with no pause in it
    expect(await pausesUntilPageServed(1_000)).toBe(1);
  });
});
