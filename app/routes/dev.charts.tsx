import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReportTrade } from "../../worker/engine/report";
import { summarise } from "../../worker/engine/report";
import { BalanceChart } from "../components/charts/balance-chart";
import { CandleChart } from "../components/charts/candle-chart";
import { EntriesChart } from "../components/charts/entries-chart";
import { chartLinks } from "../components/charts/links";
import { ProfitLossChart } from "../components/charts/profit-loss-chart";
import { ThemeToggle } from "../components/theme-toggle";
import { useRootData } from "../root";

export const meta: MetaFunction = () => [{ title: "Charts (development) · StratForge" }];
export const links: LinksFunction = () => chartLinks();

const START = Date.UTC(2024, 0, 1) / 1000;
const END = Date.UTC(2024, 0, 31, 23, 59, 59) / 1000;
const SHORT_START = Date.UTC(2024, 0, 2) / 1000;
const SHORT_END = Date.UTC(2024, 0, 3, 23, 59, 59) / 1000;
const HOUR_MS = 3_600_000;

/**
 * 40 made-up EURUSD trades in January 2024, on weekdays between 01:00 and 21:00 UTC, from a fixed
 * seed so the page looks the same on every load.
 */
function sampleTrades(): {
  trades: ReportTrade[];
  orders: { date: number; type: string; orderId: number; price: number }[];
} {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const trades: ReportTrade[] = [];
  const orders: { date: number; type: string; orderId: number; price: number }[] = [];
  let day = 1;
  while (trades.length < 40 && day <= 31) {
    const date = new Date(Date.UTC(2024, 0, day));
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      const perDay = 1 + Math.floor(random() * 3);
      for (let k = 0; k < perDay && trades.length < 40; k++) {
        const openTime =
          date.getTime() + (1 + Math.floor(random() * 20)) * HOUR_MS + Math.floor(random() * 60) * 60_000;
        const closeTime = openTime + (1 + Math.floor(random() * 6)) * HOUR_MS;
        const profit = Math.round((random() - 0.42) * 40000) / 100;
        const direction = random() < 0.5 ? "long" : "short";
        trades.push({
          openTime,
          closeTime,
          direction,
          profit,
          mfe: Math.max(profit, 0),
          mae: Math.min(profit, 0),
        });
        const id = trades.length * 2;
        // Made up near the demo feed's level; only the tooltip shows it.
        const price = Math.round((1.02 + random() * 0.01) * 100000) / 100000;
        orders.push({
          date: openTime / 1000,
          type: direction === "long" ? "buy" : "sell",
          orderId: id - 1,
          price,
        });
        orders.push({
          date: closeTime / 1000,
          type: direction === "long" ? "sell" : "buy",
          orderId: id,
          price,
        });
      }
    }
    day++;
  }
  // summarise() expects trades in close order.
  trades.sort((a, b) => a.closeTime - b.closeTime);
  return { trades, orders };
}

/** Dev-only page: every chart on sample data, so a person can look at them in both themes. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.publicConfig.devTools) throw new Response("Not Found", { status: 404 });
  const { trades, orders } = sampleTrades();
  return { summary: summarise({ initialDeposit: 10_000, trades }), orders };
}

export default function DevCharts() {
  const { summary, orders } = useLoaderData<typeof loader>();
  const theme = useRootData()?.theme ?? "light";
  return (
    <main className="page" style={{ maxWidth: 1100, margin: "0 auto", padding: 24 }}>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
        <h1>Charts (development)</h1>
        <ThemeToggle theme={theme} returnTo="/dev/charts" />
      </div>
      <p className="muted">
        Sample data: 40 made-up trades through the report's summarise(); candles from the datafeed (EURUSD H1,
        January 2024).
      </p>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Balance</h2>
        <BalanceChart data={summary.balanceData} />
      </section>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Entries</h2>
        <EntriesChart data={summary.entriesData} />
      </section>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Profit and Loss</h2>
        <ProfitLossChart data={summary.profitLossData} />
      </section>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Candle (EURUSD H1)</h2>
        <CandleChart symbol="EURUSD" timeframe="H1" start={START} end={END} orders={orders} />
      </section>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Play (EURUSD M15, starts by itself)</h2>
        <CandleChart symbol="EURUSD" timeframe="m15" start={START} end={END} orders={orders} autoPlay />
      </section>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Play to the end (EURUSD H1, 2 to 3 January)</h2>
        <p className="muted small">
          About 48 candles: the run stops at the last one and shows the whole series.
        </p>
        <CandleChart
          symbol="EURUSD"
          timeframe="h1"
          start={SHORT_START}
          end={SHORT_END}
          orders={orders}
          autoPlay
        />
      </section>
      <section className="card" style={{ marginBottom: 24 }}>
        <h2>Errors</h2>
        <p className="muted small">Missing timeframe; then an unknown symbol (the server's detail).</p>
        <CandleChart symbol="EURUSD" start={START} end={END} />
        <CandleChart symbol="NOPE" timeframe="h1" start={START} end={END} />
      </section>
    </main>
  );
}
