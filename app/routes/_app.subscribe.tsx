import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "../utils/auth.server";
import { messageFor, readForm } from "../utils/form.server";

export const meta: MetaFunction = () => [{ title: "Choose your plan · StratForge" }];

const choice = z.object({ plan: z.literal("free", { error: "Unknown plan" }) });

/** Minimal subscribe page of the foundation: the Free plan gets a new user into the app. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = choice.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: "Failed to initiate subscription." }, 400);
  try {
    await context.services.subscriptions.startFree(user.id, "free");
  } catch (e) {
    const { message, status } = messageFor(e, {}, "Failed to initiate subscription.");
    return data({ error: message }, status);
  }
  return redirect("/");
}

export default function Subscribe() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main className="page">
      <div className="page-header">
        <h1>Choose your plan</h1>
      </div>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {actionData.error}
        </div>
      ) : null}
      <div className="plans">
        <div className="plan">
          <h2>Free</h2>
          <p className="muted">Try the assistant and backtest your first idea.</p>
          <div className="price">$0</div>
          <ul>
            <li>1 strategy build/download</li>
            <li>1 save</li>
            <li>Code up to 1,000 lines</li>
          </ul>
          <Form method="post">
            <input type="hidden" name="plan" value="free" />
            <button type="submit" className="button primary block" disabled={navigation.state !== "idle"}>
              Get Started
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}
