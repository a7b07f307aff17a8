import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { seenWelcomeCookie } from "../components/strategies/strategies.server";
import { strategiesStylesheet } from "../components/strategies/styles";
import { requireSubscriber } from "../utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Welcome · StratForge" }];
export const links = () => [strategiesStylesheet];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSubscriber(request, context);
  return null;
}

/** Continue: remembers that the user has read this page (spec 2 s9 seen_welcome) and starts a strategy. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireSubscriber(request, context);
  return redirect("/strategy/ai/new", { headers: { "set-cookie": seenWelcomeCookie(request) } });
}

export default function Welcome() {
  return (
    <main className="page">
      <div className="card welcome-card">
        <h1>Welcome to StratForge</h1>
        <p>
          Describe a trading idea in plain words, refine it with the AI assistant, generate an expert advisor
          for MetaTrader 5 and backtest it on historical data.
        </p>
        <section aria-labelledby="audit-heading">
          <h2 id="audit-heading">Audit notice</h2>
          <p className="muted">
            Your messages to the assistant, the strategies it builds and the code it generates are stored with
            your account and may be reviewed to investigate problems, prevent abuse and improve the service.
            Do not share passwords, account numbers or other personal data in the chat.
          </p>
        </section>
        <section aria-labelledby="risk-heading">
          <h2 id="risk-heading">Risk disclaimer</h2>
          <p className="muted">
            Trading foreign exchange and CFDs on margin carries a high level of risk and may not be suitable
            for every investor: you can lose more than your deposit. Backtests are simulations on past data;
            they do not guarantee future results. Generated code is provided as is, without advice of any
            kind: review it and test it on a demo account before trading with real money.
          </p>
        </section>
        <Form method="post">
          <button type="submit" className="button primary">
            Continue
          </button>
        </Form>
      </div>
    </main>
  );
}
