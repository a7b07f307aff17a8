import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One per user (DESIGN D7): holds the user's live-event WebSockets with the hibernation API and fans out
 * events published by the services. Sockets are accepted by `fetch` after the worker checked the session.
 */
export class UserHub extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** RPC: sends one serialised event to every open socket of this user; answers how many received it. */
  async publish(event: string): Promise<number> {
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(event);
        sent++;
      } catch {
        // A socket closing while we send is not an error for the publisher.
      }
    }
    return sent;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients only listen; a "ping" keeps intermediaries from closing an idle socket.
    if (message === "ping") ws.send("pong");
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005/1006 are reserved and throw when echoed (docs/toolchain.md "D1, R2, Durable Objects, cron"): answer
    // them with a normal closure.
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }
}
