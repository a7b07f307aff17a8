import { describe, expect, it } from "vitest";
import { data, expectError } from "./answers";
import { newUser } from "./billing-helpers";
import { count } from "./d1";
import { api } from "./helpers";
import { CARDS, sandboxCard, subscribePaid } from "./sandbox-checkout";

// Issue 11: a Quant (unlimited credits) subscriber could buy add-on credits it can never use. The service
// refuses every way in (the list, the payment's initiate, a confirm with a card), charging and writing nothing.

const UNLIMITED = "Your plan has unlimited credits, so add-on credits are not needed.";

describe("add-ons on an unlimited plan", () => {
  it("are refused by addon/list, payment/initiate and payment/confirm, with no invoice, charge or grant", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "quant-monthly-eur");
    const invoicesBefore = await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1", u.userId);
    const chargesBefore = await count(
      "SELECT COUNT(*) AS n FROM sandbox_objects WHERE kind = 'payment_intent' AND customer_id IS NOT NULL",
    );

    expectError(await api("addon/list", {}, { cookie: u.cookie }), "UNLIMITED_PLAN_NO_ADDONS", UNLIMITED);
    const initiate = await api(
      "payment/initiate",
      { type: "addon", id: "addon-10-eur" },
      { cookie: u.cookie },
    );
    expectError(initiate, "UNLIMITED_PLAN_NO_ADDONS", UNLIMITED);
    expect(initiate.status).toBe(409);

    const paymentMethodId = await sandboxCard(u.cookie, CARDS.visa);
    const confirm = await api(
      "payment/confirm",
      { type: "addon", id: "addon-10-eur", paymentData: { paymentMethodId } },
      { cookie: u.cookie },
    );
    expectError(confirm, "UNLIMITED_PLAN_NO_ADDONS", UNLIMITED);

    expect(await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1", u.userId)).toBe(
      invoicesBefore,
    );
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM sandbox_objects WHERE kind = 'payment_intent' AND customer_id IS NOT NULL",
      ),
    ).toBe(chargesBefore);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'addon'", u.userId),
    ).toBe(0);
  });

  it("stay on sale to a plan with a credit limit", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "pro-monthly-eur");
    const list = data(await api("addon/list", {}, { cookie: u.cookie }));
    expect(list).toMatchObject({
      products: expect.arrayContaining([expect.objectContaining({ pid: "addon-10-eur" })]),
    });
    const initiate = await api(
      "payment/initiate",
      { type: "addon", id: "addon-10-eur" },
      { cookie: u.cookie },
    );
    expect(initiate.body).toMatchObject({ status: "ok" });
  });
});
