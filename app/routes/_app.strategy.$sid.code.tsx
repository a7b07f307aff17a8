import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import {
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { CreditsBanner } from "../components/billing/credits-banner";
import { codeFailure } from "../components/strategies/code-errors.server";
import { CodeGenerate } from "../components/strategies/code-generate";
import { CodeOverlay } from "../components/strategies/code-overlay";
import { CodeSource } from "../components/strategies/code-source";
import { CodeToolbar } from "../components/strategies/code-toolbar";
import {
  isMissingStrategy,
  notFound,
  recreateFormSchema,
  strategyId,
} from "../components/strategies/strategies.server";
import { PendingAccountLink } from "../components/ui/account-link";
import codeBacktestCss from "../styles/code-backtest.css?url";
import { requireSubscriber } from "../utils/auth.server";
import { CODE_STATE, isReadyState } from "../utils/code-progress";
import { readForm } from "../utils/form.server";
import { useLiveEvents } from "../utils/live-events";

export const links = () => [{ rel: "stylesheet", href: codeBacktestCss }];

/**
 * The code tab (spec 2 s2, s4). The page carries the code's state, not its text: the viewer fetches the text
 * lazily through this same loader with `?source=1` (also the no-JavaScript 'Show the code' link).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const withSource = new URL(request.url).searchParams.get("source") === "1";
  try {
    const view = await context.services.strategies.code.read(user.id, id);
    return {
      strId: view.strId,
      codeId: view.codeId,
      state: view.state,
      revision: `${view.specVersion ?? 0}-${view.lines ?? 0}`,
      source: withSource ? view.code : null,
      // Spec 2 s6: the credits banner speaks to free-plan users differently.
      free: user.subscription?.slug === "free",
    };
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

const failure = { credits: false, pending: false, error: null };

/**
 * Generate, Recreate/Retry and Complete ('Run Backtest' / 'Run backtest later'). Success redirects (the page
 * then shows the stored state); failures stay on the page with the spec's text or the credits banner.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const values = await readForm(request);
  const code = context.services.strategies.code;
  const back = `/strategy/${id}/code`;
  try {
    if (values.intent === "generate") await code.generate(user, id, false);
    else if (values.intent === "recreate") {
      const form = recreateFormSchema.safeParse(values);
      if (!form.success) return data({ ...failure, error: "Error processing code" }, 400);
      await code.generate(user, id, true, form.data.codeId);
    } else if (values.intent === "complete") {
      await code.complete(user.id, id);
      return redirect(values.next === "backtest" ? `/strategy/${id}/backtest` : back);
    } else return data({ ...failure, error: "Error processing code" }, 400);
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    const { status, ...shown } = codeFailure(e);
    return data(shown, status);
  }
  return redirect(back);
}

/** A refused generation may have removed the code (no credits): the page reloads its state even on a 4xx. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult !== undefined ? true : defaultShouldRevalidate;

export default function CodeTab() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [live, setLive] = useState<{ state: number | null } | null>(null);

  // Every fresh load is the truth again; live states only bridge the time until it comes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load object is the trigger
  useEffect(() => setLive(null), [page]);

  const intent = navigation.formData?.get("intent");
  const generating = navigation.state === "submitting" && (intent === "generate" || intent === "recreate");

  useLiveEvents((event) => {
    if (event.strId !== page.strId) return;
    if (event.type === "strategy-code-state") setLive({ state: event.state });
    if (event.type === "strategy-code") {
      setLive({ state: event.state });
      // A generation that ended outside this page's own request (another tab): load what it stored.
      if (navigation.state === "idle" && revalidator.state === "idle") revalidator.revalidate();
    }
  });

  const state = live ? live.state : generating ? null : page.state;
  const overlay = generating || (state !== null && state !== CODE_STATE.OK);
  const viewable = state === CODE_STATE.OK || isReadyState(state);
  const error = actionData?.error ?? null;

  return (
    <div className="code-tab">
      {actionData?.credits ? <CreditsBanner free={page.free} /> : null}
      {error && !overlay ? (
        <p className="form-error" role="alert">
          {error}
          {actionData?.pending ? <PendingAccountLink /> : null}
        </p>
      ) : null}
      {state === CODE_STATE.OK && !overlay ? <CodeToolbar strId={page.strId} codeId={page.codeId} /> : null}
      <div className={overlay ? "code-stage covered" : "code-stage"}>
        {viewable ? (
          <CodeSource strId={page.strId} revision={page.revision} source={page.source} />
        ) : state === null && !generating ? (
          <CodeGenerate />
        ) : (
          <div className="code-placeholder" />
        )}
        {overlay ? (
          <CodeOverlay
            state={state}
            codeId={page.codeId}
            error={error}
            refreshHref={`${location.pathname}${location.search}`}
          />
        ) : null}
      </div>
    </div>
  );
}
