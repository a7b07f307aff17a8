import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One per strategy (DESIGN D6): runs that strategy's backtests one at a time. Declared now so the binding and
 * its migration exist from the first deploy; the backtest pipeline gives it its work.
 */
export class BacktestRunner extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return new Response("Backtests are not available yet", { status: 503 });
  }
}
