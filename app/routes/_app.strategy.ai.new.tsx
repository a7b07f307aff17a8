import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import {
  type ClientActionFunctionArgs,
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { EXAMPLE_PROMPTS } from "../../worker/strategy";
import { isLimitReached, newStrategySchema } from "../components/strategies/strategies.server";
import { strategiesStylesheet } from "../components/strategies/styles";
import { requireSubscriber } from "../utils/auth.server";
import { fieldErrors, readForm } from "../utils/form.server";

export const meta: MetaFunction = () => [{ title: "New Strategy · StratForge" }];
export const links = () => [strategiesStylesheet];

const GENERIC = "An error occurred. Please try again.";
// Served by the loader (the prompts are tested with the interpreter in the worker; the page's bundle stays
// free of the strategy library).
const EXAMPLES: readonly string[] = EXAMPLE_PROMPTS;

/** `?example=N` (1-based) prefills the description on the server, so the examples work without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSubscriber(request, context);
  const example = new URL(request.url).searchParams.get("example");
  const index = Number(example) - 1;
  const description = Number.isInteger(index) && index >= 0 ? (EXAMPLES[index] ?? "") : "";
  return { description, examples: EXAMPLES };
}

/**
 * Creates the strategy with its description as the first chat message (the service's `start`, shared with
 * `POST /ai/strategy/new`), so the build tab opens with the assistant's reply and the outline.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const values = await readForm(request);
  // Sent back with every refusal, so the page rendered anew without JavaScript keeps what was typed.
  const typed = { title: values.title ?? "", description: values.description ?? "" };
  const parsed = newStrategySchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ error: errors.title ?? errors.description ?? GENERIC, limit: false, typed }, 400);
  }
  let strId: string;
  try {
    ({ strId } = await context.services.strategies.start(user.id, parsed.data));
  } catch (e) {
    if (isLimitReached(e)) return data({ error: e.userMessage, limit: true, typed }, 403);
    console.error(e);
    return data({ error: GENERIC, limit: false, typed }, 500);
  }
  return redirect(`/strategy/${strId}/build`);
}

/**
 * With JavaScript, a request that never gets the action's answer (a dropped connection, a server error page)
 * would reach the error boundary and lose the form: spec 2 s8 wants 'An error occurred. Please try again.'
 * with the form as it was. A redirect (the success) passes through.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch (e) {
    if (e instanceof Response) throw e;
    // A refusal the form reader throws (too large a form) carries its own text for the person.
    const told = isRouteErrorResponse(e) && e.status < 500 && typeof e.data === "string" ? e.data : null;
    return { error: told ?? GENERIC, limit: false, typed: null };
  }
}

export default function NewStrategy() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [description, setDescription] = useState(result?.typed?.description ?? loaded.description);
  const [error, setError] = useState(result?.error ?? null);
  // A new example link or a new answer from the action replaces what the form shows.
  useEffect(() => setDescription(loaded.description), [loaded.description]);
  useEffect(() => setError(result?.error ?? null), [result]);

  return (
    <main className="page">
      <div className="new-strategy">
        <h1>New Strategy</h1>
        <Form method="post" className="card" onChange={() => setError(null)}>
          {error ? (
            <div className="form-error" role="alert">
              {error}
              {result?.limit ? (
                <>
                  {" "}
                  <Link to="/strategy/deleted">Strategies Archive</Link> ·{" "}
                  <Link to="/subscription/change">Change plan</Link>
                </>
              ) : null}
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="title">Title</label>
            <input
              id="title"
              name="title"
              defaultValue={result?.typed?.title ?? "My Strategy"}
              required
              maxLength={255}
            />
          </div>
          <div className="field">
            <label htmlFor="description">Description</label>
            <textarea
              id="description"
              name="description"
              className="strategy-description"
              placeholder="Describe your strategy"
              required
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="examples">
            <span className="muted">Examples:</span>
            {loaded.examples.map((text, i) => (
              <Link
                key={text}
                to={`?example=${i + 1}`}
                className="example-prompt"
                replace
                preventScrollReset
                onClick={(e) => {
                  // With JavaScript, fill the field in place without a round trip.
                  e.preventDefault();
                  setDescription(text);
                  setError(null);
                }}
              >
                {text}
              </Link>
            ))}
          </div>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Creating..." : "Create Strategy"}
          </button>
        </Form>
      </div>
    </main>
  );
}
