import { describe, expect, it } from "vitest";
import { backoffDelay, connectUrl, reconnectDelay } from "./live-events";

describe("live events client", () => {
  it("backs off exponentially from 1 s and caps at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(-1)).toBe(1000);
    expect(backoffDelay(Number.NaN)).toBe(1000);
  });

  it("spreads reconnects over the upper half of the backoff, so dropped tabs do not all return at once", () => {
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    expect(reconnectDelay(3, () => 0.999999)).toBe(8000);
    expect(reconnectDelay(50, () => 0)).toBe(15000);
    // Math.random by default: a hundred tabs dropped together come back at many different moments.
    const delays = new Set(Array.from({ length: 100 }, () => reconnectDelay(2)));
    expect(delays.size).toBeGreaterThan(50);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });

  it("connects to /ai/connect on the page's host with the matching scheme", () => {
    expect(connectUrl({ protocol: "https:", host: "app.example.com" })).toBe(
      "wss://app.example.com/ai/connect",
    );
    expect(connectUrl({ protocol: "http:", host: "127.0.0.1:8787" })).toBe("ws://127.0.0.1:8787/ai/connect");
  });
});
