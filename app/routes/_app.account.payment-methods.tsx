import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { SandboxCardFields, TestModeNotice } from "../components/billing/card-fields";
import {
  cardErrorFields,
  methodFailure,
  readSandboxCard,
  SandboxCardError,
  typedCard,
} from "../components/billing/payment.server";
import { NEEDS_JAVASCRIPT } from "../components/billing/payment-text";
import { brandName, expiryText, type SavedCard } from "../components/billing/saved-card";
import { StripeElements, StripeSetupForm } from "../components/billing/stripe-elements";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { FormError } from "../components/ui/fields";
import { IntentButton } from "../components/ui/intent-button";
import { Modal } from "../components/ui/modal";
import { useUrlFlag } from "../components/ui/url-flag";
import { browserApi } from "../utils/api-client";
import { requireUser } from "../utils/auth.server";
import { readForm } from "../utils/form.server";

const TAB = "/account/payment-methods";

/** Spec 3 s8 texts of this tab. */
const TEXT = {
  load: "Failed to load payment methods.",
  makeDefault: "Failed to set default payment method.",
  remove: "Failed to remove payment method.",
  setup: "Failed to initialize payment setup.",
  save: "Failed to save payment method.",
  payment: "Payment failed. Please try again.",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { billing } = context.services;
  const base = { provider: billing.provider.name, isTest: billing.provider.isTest };
  try {
    const methods: SavedCard[] = await billing.paymentMethods.list(user.id);
    return { ...base, methods, error: null };
  } catch (e) {
    return { ...base, methods: [], error: methodFailure(e, TEXT.load).message };
  }
}

type Intent = "add" | "attach" | "default" | "remove";

function fail(
  intent: Intent,
  message: string,
  status = 400,
  fields: Record<string, string> = {},
  typed: Record<string, string> = {},
) {
  return data({ intent, error: message, fields, typed }, status);
}

/**
 * payment_method_setup + attach (the sandbox's card form in one POST, or a card Stripe.js confirmed),
 * payment_method_default and payment_method_detach (spec 3 s7). Success redirects to the tab, flags dropped.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  const intent = values.intent;
  const id = values.id ?? values.paymentMethodId ?? "";
  const methods = context.services.billing.paymentMethods;
  if (intent === "add") return addSandboxCard(context.services, user.id, values);
  if (intent === "attach") {
    try {
      await methods.attach(user.id, id);
    } catch (e) {
      return fail("attach", methodFailure(e, TEXT.save).message);
    }
    return redirect(TAB);
  }
  if (intent === "default") {
    try {
      await methods.makeDefault(user.id, id);
    } catch (e) {
      return fail("default", methodFailure(e, TEXT.makeDefault).message);
    }
    return redirect(TAB);
  }
  if (intent === "remove") {
    try {
      await methods.detach(user.id, id);
    } catch (e) {
      const f = methodFailure(e, TEXT.remove, ["CANNOT_DELETE_DEFAULT_PAYMENT_METHOD"]);
      return fail("remove", f.message, f.status);
    }
    return redirect(TAB);
  }
  return fail("add", TEXT.save);
}

async function addSandboxCard(s: AppLoadContext["services"], userId: string, values: Record<string, string>) {
  const { billing } = s;
  const sandbox = billing.sandbox;
  if (!sandbox) return fail("add", NEEDS_JAVASCRIPT);
  const typed = typedCard(values);
  const card = readSandboxCard(values);
  if (!card.ok) return fail("add", "", 400, card.fields, typed);
  let clientSecret: string;
  try {
    clientSecret = (await billing.paymentMethods.setup(userId)).client_secret;
  } catch (e) {
    return fail("add", methodFailure(e, TEXT.setup).message, 400, {}, typed);
  }
  let paymentMethodId: string;
  try {
    const method = await sandbox.createCard(card.card, s.now());
    const customerId = await billing.customers.find(userId);
    const setup = customerId ? await sandbox.confirmSetup(clientSecret, method.id, customerId) : null;
    if (!setup?.paymentMethodId) return fail("add", TEXT.payment, 400, {}, typed);
    paymentMethodId = setup.paymentMethodId;
  } catch (e) {
    const f = methodFailure(e, TEXT.payment);
    // Shown once: next to the number or expiry it is about, else (a decline) above the form.
    const fields = e instanceof SandboxCardError ? cardErrorFields(e) : {};
    const above = Object.keys(fields).length === 0 ? f.message : "";
    return fail("add", above, f.status, fields, typed);
  }
  try {
    await billing.paymentMethods.attach(userId, paymentMethodId);
  } catch (e) {
    return fail("add", methodFailure(e, TEXT.save).message, 400, {}, typed);
  }
  return redirect(TAB);
}

export default function PaymentMethodsTab() {
  const { methods, error, provider, isTest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const add = useUrlFlag("add");
  const remove = useUrlFlag("remove");
  const removing = methods.find((m) => m.id === remove.value) ?? null;
  const failed = error ?? (actionData?.intent === "default" ? actionData.error : null);
  const addLabel = methods.length > 0 ? "Add New Card" : "Add Payment Method";
  return (
    <section aria-label="Payment Methods">
      <div className="tab-head">
        <h2>Payment Methods</h2>
        <Link to={add.openHref("1")} className="button primary" preventScrollReset>
          {addLabel}
        </Link>
      </div>
      <FormError>{failed}</FormError>
      {methods.length === 0 && !error ? (
        <p className="muted empty-methods">
          You have no saved cards yet. Cards you pay with are saved for renewals.
        </p>
      ) : null}
      <ul className="payment-methods">
        {methods.map((m) => (
          <li key={m.id} className="card payment-method" data-last4={m.last4}>
            <div className="payment-method-card">
              <strong className="brand">{brandName(m.brand)}</strong>
              <span className="last4">{`•••• ${m.last4}`}</span>
              <span className="muted">{`Expires ${expiryText(m)}`}</span>
              {m.is_default ? <span className="default-badge">Default</span> : null}
            </div>
            <div className="payment-method-actions">
              {m.is_default ? null : (
                <IntentButton intent="default" fields={{ id: m.id }} disabled={busy} preventScrollReset>
                  Make Default
                </IntentButton>
              )}
              <Link to={remove.openHref(m.id)} className="button danger" preventScrollReset>
                Remove
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Are you sure you want to remove this payment method?"
        description={removing ? `${brandName(removing.brand)} •••• ${removing.last4}` : undefined}
        cancelLabel="Cancel"
        confirmLabel="Remove"
        cancelHref={remove.closeHref}
        fields={{ intent: "remove", id: removing?.id ?? "" }}
        error={actionData?.intent === "remove" ? actionData.error : null}
      />
      <Modal open={add.value === "1"} title={addLabel} closeHref={add.closeHref} className="add-card-dialog">
        {provider === "sandbox" ? (
          <Form method="post" className="card-form" preventScrollReset>
            {isTest ? <TestModeNotice /> : null}
            {actionData?.intent === "add" && actionData.error ? (
              <div className="form-error" role="alert">
                {actionData.error}
              </div>
            ) : null}
            <input type="hidden" name="intent" value="add" />
            <SandboxCardFields
              fields={actionData?.intent === "add" ? actionData.fields : {}}
              typed={actionData?.intent === "add" ? actionData.typed : {}}
            />
            <div className="modal-actions">
              <Link to={add.closeHref} className="button" replace preventScrollReset>
                Cancel
              </Link>
              <button type="submit" className="button primary" disabled={busy}>
                Save Card
              </button>
            </div>
          </Form>
        ) : (
          <StripeAddCard
            error={actionData?.intent === "attach" || actionData?.intent === "add" ? actionData.error : null}
            busy={busy}
          />
        )}
      </Modal>
    </section>
  );
}

interface SetupAnswer {
  publicKey: string;
  client_secret: string;
}

/** payment_method_setup's answer, checked (never cast). */
function setupAnswer(d: unknown): SetupAnswer {
  if (typeof d === "object" && d !== null && "publicKey" in d && "client_secret" in d) {
    const { publicKey, client_secret } = d;
    if (typeof publicKey === "string" && typeof client_secret === "string")
      return { publicKey, client_secret };
  }
  throw new Error("unexpected payment_method_setup answer");
}

/** The Stripe branch: payment_method_setup, Stripe.js confirms the SetupIntent, the action attaches the card. */
function StripeAddCard({ error, busy }: { error: string | null; busy: boolean }) {
  const submit = useSubmit();
  const [setup, setSetup] = useState<SetupAnswer | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    browserApi()("/api/payment_method_setup", {}, setupAnswer)
      .then((answer) => {
        if (live) setSetup(answer);
      })
      .catch(() => {
        if (live) setSetupError(TEXT.setup);
      });
    return () => {
      live = false;
    };
  }, []);
  const onSaved = useCallback(
    (paymentMethodId: string) => submit({ intent: "attach", paymentMethodId }, { method: "post" }),
    [submit],
  );
  const shown = error ?? setupError;
  return (
    <div className="card-form">
      <FormError>{shown}</FormError>
      {setup ? (
        <StripeElements publicKey={setup.publicKey} clientSecret={setup.client_secret}>
          <StripeSetupForm
            label="Save Card"
            returnUrl={TAB}
            busy={busy}
            failure={TEXT.payment}
            onSaved={onSaved}
          />
        </StripeElements>
      ) : setupError ? null : (
        <p className="muted" role="status">
          <noscript>{NEEDS_JAVASCRIPT} </noscript>
          Loading the secure card form...
        </p>
      )}
    </div>
  );
}
