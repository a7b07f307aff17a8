/**
 * FAKE Stripe server, for tests only: serves stripe-api.ts over HTTP on 127.0.0.1 (a random port), so that the
 * worker tests drive the `stripe` provider through the real stripe SDK and a real socket, as STRIPE_API_HOST,
 * STRIPE_API_PORT and STRIPE_API_PROTOCOL configure it. Started by vitest.config.ts for the run.
 *
 * Each API key (`Bearer sk_test_…`) is a world of its own. Besides Stripe's `/v1/*` paths, `/__fake/*` lets a
 * test play the parts that happen outside the server (Stripe.js in the browser) and read what was asked:
 *   POST /__fake/cards {behaviour}          -> {id}         a card as Stripe.js creates it
 *   POST /__fake/confirm {intent, card}     -> intent       Stripe.js's confirmCardPayment
 *   GET  /__fake/intents                    -> [intent]     every intent, oldest first
 *   GET  /__fake/requests                   -> [{method, path, params}]  every /v1 request, in order
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { z } from "zod";
import { createFakeStripeWorld, type FakeStripeWorld } from "./stripe-api";

const behaviour = z.enum(["success", "decline", "insufficient_funds", "authentication", "processing"]);
const cardBody = z.object({ behaviour });
const confirmBody = z.object({ intent: z.string(), card: z.string() });

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

function headersOf(req: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") h.set(k, v);
  return h;
}

export async function startFakeStripe(): Promise<{ port: number; server: Server }> {
  const worlds = new Map<string, FakeStripeWorld>();
  const worldOf = (headers: Headers): FakeStripeWorld => {
    const key = headers.get("authorization") ?? "";
    let w = worlds.get(key);
    if (!w) {
      w = createFakeStripeWorld();
      worlds.set(key, w);
    }
    return w;
  };

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake${Date.now()}` });
      res.end(JSON.stringify(body));
    };
    (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = (req.method ?? "GET").toUpperCase();
      const text = await bodyOf(req);
      const headers = headersOf(req);
      const world = worldOf(headers);
      if (url.pathname.startsWith("/v1/")) {
        const params = method === "GET" ? url.searchParams : new URLSearchParams(text);
        const answer = world.handle(method, url.pathname, params, headers);
        return send(answer.status, answer.body);
      }
      if (method === "POST" && url.pathname === "/__fake/cards") {
        return send(200, { id: world.createCard(cardBody.parse(JSON.parse(text)).behaviour) });
      }
      if (method === "POST" && url.pathname === "/__fake/confirm") {
        const b = confirmBody.parse(JSON.parse(text));
        return send(200, world.clientConfirm(b.intent, b.card));
      }
      if (method === "GET" && url.pathname === "/__fake/intents")
        return send(200, [...world.intents.values()]);
      if (method === "GET" && url.pathname === "/__fake/refunds") return send(200, world.refunds);
      if (method === "GET" && url.pathname === "/__fake/requests") {
        return send(
          200,
          world.requests.map((r) => ({
            method: r.method,
            path: r.path,
            params: [...r.params.entries()],
            idempotencyKey: r.idempotencyKey,
          })),
        );
      }
      return send(404, {
        error: { type: "invalid_request_error", message: `fake stripe: no route ${method} ${url.pathname}` },
      });
    })().catch((e: unknown) => send(500, { error: { type: "api_error", message: String(e) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The server lives as long as the test run and must not keep the process alive after it.
  server.unref();
  const addr = server.address();
  if (typeof addr !== "object" || !addr) throw new Error("fake stripe: no port");
  return { port: addr.port, server };
}
