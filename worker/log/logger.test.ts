import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

function capture() {
  const lines: { stream: string; line: string }[] = [];
  const sink = {
    log: (line: string) => lines.push({ stream: "log", line }),
    warn: (line: string) => lines.push({ stream: "warn", line }),
    error: (line: string) => lines.push({ stream: "error", line }),
  };
  return { lines, log: createLogger(sink, () => Date.UTC(2026, 10, 26, 15)) };
}

describe("structured logs", () => {
  it("writes one JSON object per event with level, event, time and the fields", () => {
    const { lines, log } = capture();
    log.info("renewals.done", { renewed: 3, failed: 0 });
    expect(lines).toHaveLength(1);
    expect(lines[0].stream).toBe("log");
    expect(JSON.parse(lines[0].line)).toEqual({
      level: "info",
      event: "renewals.done",
      at: "2026-11-26T15:00:00.000Z",
      renewed: 3,
      failed: 0,
    });
  });

  it("logs an error's name, message and stack on the error stream (an Error alone would print as {})", () => {
    const { lines, log } = capture();
    log.error("backtest.failed", new RangeError("no bars"), { backtestId: 7 });
    const record = JSON.parse(lines[0].line);
    expect(lines[0].stream).toBe("error");
    expect(record).toMatchObject({
      level: "error",
      event: "backtest.failed",
      backtestId: 7,
      errorName: "RangeError",
      errorMessage: "no bars",
    });
    expect(record.stack).toContain("RangeError: no bars");
  });

  it("keeps the event when a field cannot be serialised", () => {
    const { lines, log } = capture();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    log.warn("odd", { cyclic, big: 1n });
    expect(JSON.parse(lines[0].line)).toEqual({
      level: "warn",
      event: "odd",
      at: "2026-11-26T15:00:00.000Z",
      unserialisable: ["cyclic", "big"],
    });
  });
});
