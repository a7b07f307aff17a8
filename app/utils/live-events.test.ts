import { describe, expect, it } from "vitest";
import { backoffDelay, connectUrl } from "./live-events";

describe("live events client", () => {
  it("backs off exponentially from 1 s and caps at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(-1)).toBe(1000);
    expect(backoffDelay(Number.NaN)).toBe(1000);
  });

  it("connects to /ai/connect on the page's host with the matching scheme", () => {
    expect(connectUrl({ protocol: "https:", host: "app.example.com" })).toBe(
      "wss://app.example.com/ai/connect",
    );
    expect(connectUrl({ protocol: "http:", host: "127.0.0.1:8787" })).toBe("ws://127.0.0.1:8787/ai/connect");
  });
});
