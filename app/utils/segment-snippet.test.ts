import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptJson, segmentScriptUrl, segmentSnippet } from "./segment-snippet";

interface Stub {
  _writeKey: string;
  length: number;
  [index: number]: unknown[];
}

function run(writeKey: string): Stub {
  const window: { analytics?: Stub } = {};
  runInNewContext(segmentSnippet(writeKey), { window });
  if (!window.analytics) throw new Error("no stub");
  return window.analytics;
}

describe("segmentSnippet", () => {
  it("sets the write key and queues a page view for analytics.min.js to replay", () => {
    const stub = run("seg-key");
    expect(stub._writeKey).toBe("seg-key");
    expect(Array.from({ length: stub.length }, (_, i) => stub[i])).toEqual([["page"]]);
  });

  it("cannot be closed or broken out of by the write key", () => {
    const hostile = '</script><script>alert(1)</script>"+alert(2)+"';
    const code = segmentSnippet(hostile);
    expect(code).not.toContain("</script");
    expect(code).not.toContain("<script");
    expect(run(hostile)._writeKey).toBe(hostile);
  });
});

describe("scriptJson", () => {
  it("means the same value once parsed", () => {
    const value = { a: "<&>\u2028\u2029'\"" };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
    expect(scriptJson(value)).not.toMatch(/[<>&\u2028\u2029]/);
  });
});

describe("segmentScriptUrl", () => {
  it("keeps the write key inside one path segment", () => {
    expect(segmentScriptUrl("a/b?c")).toBe(
      "https://cdn.segment.com/analytics.js/v1/a%2Fb%3Fc/analytics.min.js",
    );
  });
});
