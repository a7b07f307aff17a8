import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  paymentConfirmSchema,
  paymentIdSchema,
  paymentInitiateSchema,
  paymentMethodSchema,
  pidSchema,
  sandboxAuthenticateSchema,
  sandboxCardSchema,
  sandboxConfirmSchema,
  userProductSchema,
} from "../forms/billing";
import { AppError } from "../http/errors";
import { billingErrors } from "../services/billing/errors";
import { SandboxCardError } from "../services/billing/providers/sandbox";
import { PaymentMethodError } from "../services/billing/providers/types";
import { type ApiEnv, ok } from "./app";
import { signedIn } from "./guards";
import { jsonBody } from "./validate";

const empty = z.object({}).passthrough();

/** Spec 3 s7: the billing operations under POST /api/{operation}, and the Stripe webhook. */
export const billingApi = new Hono<ApiEnv>()
  .post("/api/subscribe/initiate", signedIn, jsonBody(pidSchema), async (c) => {
    const user = c.get("user");
    const { pid } = c.req.valid("json");
    const s = c.get("services");
    const answer = await s.billing.payments.subscribeInitiate(user.id, pid, (product) =>
      s.subscriptions.startZeroPriced(user, product),
    );
    return ok(answer);
  })
  .post("/api/subscribe/checkout/initiate", signedIn, jsonBody(pidSchema), async (c) => {
    const user = c.get("user");
    const { pid } = c.req.valid("json");
    return ok(await c.get("services").billing.payments.checkoutInitiate(user.id, pid));
  })
  .post("/api/subscribe/checkout/confirm", signedIn, jsonBody(paymentIdSchema), async (c) => {
    const user = c.get("user");
    const { paymentId } = c.req.valid("json");
    return ok(await c.get("services").billing.payments.checkoutConfirm(user.id, paymentId));
  })
  .post("/api/subscription/list", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok({ products: await c.get("services").billing.plans.list(user.id) });
  })
  .post("/api/subscription", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok(await c.get("services").subscriptions.current(user.id));
  })
  .post("/api/subscription/cancel", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    await c.get("services").billing.plans.cancel(user.id);
    return ok({});
  })
  .post("/api/subscription/cancel/revert", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    await c.get("services").billing.plans.revert(user.id);
    return ok({});
  })
  .post("/api/subscription/retry/sponsor", signedIn, jsonBody(userProductSchema), async (c) => {
    const user = c.get("user");
    const { userProductId } = c.req.valid("json");
    await c.get("services").billing.plans.retrySponsor(user.id, user.email, userProductId);
    return ok({});
  })
  .post("/api/subscription/change/list", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok(await c.get("services").billing.plans.changeList(user.id));
  })
  .post("/api/subscription/downgrade", signedIn, jsonBody(pidSchema), async (c) => {
    const user = c.get("user");
    const { pid } = c.req.valid("json");
    await c.get("services").billing.plans.downgrade(user.id, pid);
    return ok({});
  })
  .post("/api/addon/list", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok({ products: await c.get("services").billing.addons.list(user.id) });
  })
  .post("/api/user/addons", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok({ addons: await c.get("services").billing.addons.owned(user.id) });
  })
  .post("/api/user/invoices", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok({ list: await c.get("services").billing.invoices.list(user.id) });
  })
  .post("/api/payment/initiate", signedIn, jsonBody(paymentInitiateSchema), async (c) => {
    const user = c.get("user");
    const { type, id } = c.req.valid("json");
    return ok(await c.get("services").billing.payments.initiate(user.id, type, id));
  })
  .post("/api/payment/confirm", signedIn, jsonBody(paymentConfirmSchema), async (c) => {
    const user = c.get("user");
    const { type, id, paymentData } = c.req.valid("json");
    return ok(await c.get("services").billing.payments.confirm(user.id, type, id, paymentData));
  })
  .post("/api/payment_methods", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok({ list: await c.get("services").billing.paymentMethods.list(user.id) });
  })
  .post("/api/payment_method_setup", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    return ok(await c.get("services").billing.paymentMethods.setup(user.id));
  })
  .post("/api/payment_method_attach", signedIn, jsonBody(paymentMethodSchema), async (c) => {
    const user = c.get("user");
    const { payment_method_id } = c.req.valid("json");
    return ok(await c.get("services").billing.paymentMethods.attach(user.id, payment_method_id));
  })
  .post("/api/payment_method_detach", signedIn, jsonBody(paymentMethodSchema), async (c) => {
    const user = c.get("user");
    const { payment_method_id } = c.req.valid("json");
    await c.get("services").billing.paymentMethods.detach(user.id, payment_method_id);
    return ok({});
  })
  .post("/api/payment_method_default", signedIn, jsonBody(paymentMethodSchema), async (c) => {
    const user = c.get("user");
    const { payment_method_id } = c.req.valid("json");
    await c.get("services").billing.paymentMethods.makeDefault(user.id, payment_method_id);
    return ok({});
  })
  .post("/webhooks/stripe", async (c) => {
    const payload = await c.req.raw.text();
    const result = await c
      .get("services")
      .billing.webhooks.handle(payload, c.req.header("stripe-signature") ?? null);
    return ok(result);
  })
  .route("/api/sandbox", sandboxApi());

/**
 * The sandbox provider's client side (what Stripe.js does in the browser), reached by the app's own card
 * form. Exists only while the sandbox is the provider; the intent must belong to the signed-in user.
 */
function sandboxApi() {
  function sandboxOf(services: ApiEnv["Variables"]["services"]) {
    const sandbox = services.billing.sandbox;
    if (!sandbox) throw new AppError("ACTION_NOT_FOUND", 404, "This action does not exist.");
    return sandbox;
  }
  function cardError(e: unknown): never {
    if (e instanceof SandboxCardError) {
      throw new AppError("CARD_ERROR", 400, e.message, e.code, { field: "number" });
    }
    if (e instanceof PaymentMethodError) throw billingErrors.paymentMethodNotFound();
    throw e;
  }
  async function ownIntent(services: ApiEnv["Variables"]["services"], userId: string, clientSecret: string) {
    const sandbox = sandboxOf(services);
    const intent = await sandbox.intentBySecret(clientSecret);
    const customerId = await services.billing.customers.find(userId);
    if (!intent || intent.customerId !== customerId) throw billingErrors.paymentNotFound();
    return sandbox;
  }
  // Without the sandbox provider the card form's endpoint does not exist, whatever the body.
  const sandboxOn: MiddlewareHandler<ApiEnv> = async (c, next) => {
    sandboxOf(c.get("services"));
    await next();
  };
  return new Hono<ApiEnv>()
    .post("/card", signedIn, sandboxOn, jsonBody(sandboxCardSchema), async (c) => {
      const sandbox = sandboxOf(c.get("services"));
      const input = c.req.valid("json");
      const card = await sandbox.createCard(input, c.get("services").now()).catch(cardError);
      return ok({ paymentMethodId: card.id, brand: card.brand, last4: card.last4, isTest: true });
    })
    .post("/confirm_payment", signedIn, jsonBody(sandboxConfirmSchema), async (c) => {
      const user = c.get("user");
      const { clientSecret, paymentMethodId } = c.req.valid("json");
      const sandbox = await ownIntent(c.get("services"), user.id, clientSecret);
      const intent = await sandbox.confirmPayment(clientSecret, paymentMethodId).catch(cardError);
      if (!intent) throw billingErrors.paymentNotFound();
      return ok({ paymentIntentId: intent.id, status: intent.status, error: intent.lastError });
    })
    .post("/authenticate", signedIn, jsonBody(sandboxAuthenticateSchema), async (c) => {
      const user = c.get("user");
      const { clientSecret, outcome } = c.req.valid("json");
      const sandbox = await ownIntent(c.get("services"), user.id, clientSecret);
      const intent = await sandbox.authenticate(clientSecret, outcome).catch(cardError);
      if (!intent) throw billingErrors.paymentNotFound();
      return ok({ paymentIntentId: intent.id, status: intent.status, error: intent.lastError });
    })
    .post("/confirm_setup", signedIn, jsonBody(sandboxConfirmSchema), async (c) => {
      const user = c.get("user");
      const { clientSecret, paymentMethodId } = c.req.valid("json");
      const sandbox = sandboxOf(c.get("services"));
      const customerId = await c.get("services").billing.customers.find(user.id);
      if (!customerId) throw billingErrors.paymentNotFound();
      const setup = await sandbox.confirmSetup(clientSecret, paymentMethodId, customerId).catch(cardError);
      if (!setup) throw billingErrors.paymentNotFound();
      return ok({ setupIntentId: setup.id, status: setup.status, paymentMethodId: setup.paymentMethodId });
    });
}
