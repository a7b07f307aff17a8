/**
 * FAKE Dukascopy-style datafeed for the worker tests: serves the .bi5 files of fixture.ts, built here
 * (LZMA "alone" format via lzma1), at `/feed/{SYMBOL}/{YYYY}/{MM zero-based}/{DD}/{HH}h_ticks.bi5` on
 * 127.0.0.1 (a random port), and the EURUSD week of week.ts; every other hour is a 404. A "slow" file is
 * sent only after SLOW_FEED_DELAY_MS. GET /__feed/hits?path=P counts requests of a path.
 */
import { createServer, type Server } from "node:http";
import { hourFileUrl } from "../../worker/market/feed/mapping";
import { buildBi5, ticksOf } from "../../worker/market/test-helpers/bi5";
import { FEED_SYMBOL, FILES, SLOW_FEED_DELAY_MS } from "./fixture";
import { WEEK_SYMBOL, weekHours, weekTicks } from "./week";

function bodies(): { out: Map<string, Uint8Array>; slow: Set<string> } {
  const out = new Map<string, Uint8Array>();
  const slow = new Set<string>();
  for (const [hourText, file] of Object.entries(FILES)) {
    const hour = Number(hourText);
    const path = hourFileUrl("/feed", FEED_SYMBOL, hour);
    if (file.kind === "empty") out.set(path, new Uint8Array(0));
    else if (file.kind === "ticks" || file.kind === "slow") {
      out.set(path, buildBi5(ticksOf(hour, file.ticks), hour));
      if (file.kind === "slow") slow.add(path);
    } else {
      // A valid LZMA header over noise: the decoder must refuse it, never store garbage.
      const good = buildBi5(ticksOf(hour, [{ ms: 0, bid: 1, ask: 2 }]), hour);
      const bad = new Uint8Array(64).map((_, i) => (i * 89 + 7) & 0xff);
      bad.set(good.subarray(0, 13));
      out.set(path, bad);
    }
  }
  for (const hour of weekHours()) {
    out.set(hourFileUrl("/feed", WEEK_SYMBOL, hour), buildBi5(ticksOf(hour, weekTicks(hour)), hour));
  }
  return { out, slow };
}

export async function startFakeFeed(): Promise<{ port: number; server: Server }> {
  const { out: files, slow } = bodies();
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/__feed/hits") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ hits: hits.get(url.searchParams.get("path") ?? "") ?? 0 }));
      return;
    }
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const body = files.get(url.pathname);
    if (!body) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    const send = () => {
      if (res.destroyed) return; // the client gave up (timed out) meanwhile
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": String(body.length),
      });
      res.end(body);
    };
    if (slow.has(url.pathname)) setTimeout(send, SLOW_FEED_DELAY_MS).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake feed: no port");
  server.unref();
  return { port: address.port, server };
}
