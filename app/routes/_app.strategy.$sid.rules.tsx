import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AppError } from "../../worker/http";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { TradeRulesForm } from "../components/strategies/trade-rules-form";
import codeBacktestCss from "../styles/code-backtest.css?url";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { keptLevels, parseTradeRules, tradeRulesForm } from "../utils/trade-rules-form.server";

export const links = () => [{ rel: "stylesheet", href: codeBacktestCss }];

const NO_SPEC = "Describe your strategy in the chat first: there are no rules to edit yet.";
const SAVED = /^\d{1,9}$/;

/**
 * The trade rules (issue 14): the current spec's exits, pending entry, limits and sizing as a form. A save
 * comes back here with `?saved=<version>` (the no-JavaScript post/redirect/get), which the page confirms.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  try {
    const { main } = await context.services.strategies.details(user.id, id);
    const saved = new URL(request.url).searchParams.get("saved");
    return {
      strId: String(id),
      version: main.version,
      form: main.spec ? tradeRulesForm(main.spec) : null,
      saved: saved && SAVED.test(saved) && Number(saved) === main.version ? main.version : null,
    };
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

/** Save: the posted rules over the version the form was opened on; a refused form comes back as posted. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const values = await readForm(request);
  const service = context.services.strategies;
  let current: Awaited<ReturnType<typeof service.details>>["main"];
  try {
    current = (await service.details(user.id, id)).main;
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
  const spec = current.spec;
  if (!spec) return data({ values, errors: {}, kept: {}, message: NO_SPEC }, 409);
  const base = Number(values.version ?? "");
  if (!Number.isInteger(base) || base < 1)
    return data(
      {
        values,
        errors: {},
        kept: keptLevels(spec),
        message: "The form could not be read. Please reload the page.",
      },
      400,
    );
  const parsed = parseTradeRules(spec, values);
  if (!parsed.ok) {
    const message = "Some rules are not valid: see the messages below. Nothing was saved.";
    return data({ values, errors: parsed.errors, kept: keptLevels(spec), message }, 400);
  }
  try {
    const saved = await service.spec.save(user.id, id, base, parsed.spec);
    return redirect(`/strategy/${id}/rules?saved=${saved.specVersion}`);
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    if (e instanceof AppError && e.status < 500)
      return data({ values, errors: {}, kept: keptLevels(spec), message: e.message }, e.status);
    throw e;
  }
}

export default function RulesTab() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (!loaded.form)
    return (
      <div className="card">
        <p>{NO_SPEC}</p>
        <Link to={`/strategy/${loaded.strId}/build`} className="button">
          Go to the chat
        </Link>
      </div>
    );
  // A refused post shows what was sent, with its messages, over the current choices.
  const form = posted
    ? { ...loaded.form, values: posted.values, errors: posted.errors, kept: posted.kept }
    : loaded.form;
  return (
    <TradeRulesForm
      key={`${loaded.version}-${posted ? "posted" : "loaded"}`}
      form={form}
      version={loaded.version}
      message={posted?.message ?? null}
      saved={loaded.saved === null || posted ? null : `Saved as version ${loaded.saved}.`}
    />
  );
}
