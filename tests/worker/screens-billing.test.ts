import { describe, expect, it } from "vitest";
import { z } from "zod";
import { api, chooseFree, env, getPage as get, hiddenField, postForm, signUp } from "./helpers";

/** The billing screens as a browser without JavaScript sees them: server HTML and plain form posts. */

const productRow = z.object({ credits: z.number(), price_minor: z.number() });

async function product(pid: string) {
  const row = await env.DB.prepare("SELECT credits, price_minor FROM products WHERE pid = ?1")
    .bind(pid)
    .first();
  return productRow.parse(row);
}

function card(number: string, extra: Record<string, string> = {}) {
  return {
    intent: "pay",
    pid: "builder-monthly-eur",
    number,
    expiry: "12/34",
    cvc: "123",
    name: "Ada Trader",
    terms: "on",
    ...extra,
  };
}

/** The fields the 3-D Secure challenge page carries back to the server. */
function challenge(html: string) {
  return { clientSecret: hiddenField(html, "clientSecret"), paymentId: hiddenField(html, "paymentId") };
}

/** Presses the challenge's Complete or Fail button for the Builder checkout. */
function authenticate(fields: ReturnType<typeof challenge>, outcome: "complete" | "fail", cookie: string) {
  const pid = "builder-monthly-eur";
  return postForm(`/subscribe?pid=${pid}`, { intent: "authenticate", pid, ...fields, outcome }, cookie);
}

function whole(minor: number): string {
  return Math.round(minor / 100).toLocaleString("en-US");
}

describe("/subscribe", () => {
  it("lists the plans in USD monthly, and switches currency and cycle through the query", async () => {
    const { cookie } = await signUp();
    const usd = await (await get("/subscribe", cookie)).text();
    expect(usd).toContain("Choose your plan");
    expect(usd).toContain("Save 20%");
    expect(usd).toContain("Get Started");
    expect(usd).toContain("Free");
    expect(usd).toContain("Builder");
    const builder = await product("builder-monthly-usd");
    expect(usd).toContain(`$${whole(builder.price_minor)}`);
    expect(usd).toContain(`${builder.credits} credits per`);

    const eur = await (await get("/subscribe?currency=EUR&cycle=yearly", cookie)).text();
    const yearly = await product("builder-yearly-eur");
    expect(eur).toContain(`€${whole(yearly.price_minor / 12)}`);
    expect(eur).toContain(`Billed at €${whole(yearly.price_minor)} yearly`);
    expect(eur).toContain("pid=builder-yearly-eur");
    expect(eur).not.toContain("builder-monthly-usd");
  });

  it("shows the checkout step with the summary, the test notice and the card form", async () => {
    const { cookie } = await signUp();
    const html = await (
      await get("/subscribe?currency=EUR&cycle=monthly&pid=builder-monthly-eur", cookie)
    ).text();
    const builder = await product("builder-monthly-eur");
    expect(html).toContain("Builder");
    expect(html).toContain(`€${whole(builder.price_minor)}`);
    expect(html).toContain("billed monthly");
    expect(html).toContain("Test mode");
    expect(html).toContain("Choose another plan");
    expect(html).toContain('name="number"');
    expect(html).toContain('name="terms"');
    expect(html).toContain("No obligation and cancel anytime.");
  });

  it("requires the terms, and shows the provider's message for a declined card", async () => {
    const { cookie } = await signUp();
    const noTerms = await postForm(
      "/subscribe?pid=builder-monthly-eur",
      card("4242424242424242", { terms: "" }),
      cookie,
    );
    expect(noTerms.status).toBe(400);
    expect(await noTerms.text()).toContain("Please accept the Terms of Service and Privacy Policy.");

    const declined = await postForm("/subscribe?pid=builder-monthly-eur", card("4000000000000002"), cookie);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect((await get("/account", cookie)).headers.get("location")).toBe("/subscribe");

    // A declined attempt leaves the user free to pay again with another card.
    const retried = await postForm("/subscribe?pid=builder-monthly-eur", card("4242424242424242"), cookie);
    expect(retried.headers.get("location")).toBe("/subscribe/success");
  });

  it("shows the authentication failure when the 3-D Secure challenge fails", async () => {
    const { cookie } = await signUp();
    const html = await (
      await postForm("/subscribe?pid=builder-monthly-eur", card("4000002500003155"), cookie)
    ).text();
    const failed = await authenticate(challenge(html), "fail", cookie);
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain("We are unable to authenticate your payment method.");
  });

  it("pays with a test card without JavaScript, then shows the credits on /account", async () => {
    const { cookie } = await signUp();
    const paid = await postForm("/subscribe?pid=builder-monthly-eur", card("4242 4242 4242 4242"), cookie);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe("/subscribe/success");
    const success = await (await get("/subscribe/success", cookie)).text();
    expect(success).toContain("Payment successful");
    expect(success).toMatch(/http-equiv="refresh" content="5;url=\/"/i);

    const { credits } = await product("builder-monthly-eur");
    const account = await (await get("/account", cookie)).text();
    expect(account).toContain("Builder");
    expect(account).toContain(`0 of ${credits} used (0%)`);
    expect(account).toContain("Renews at");
    expect(account).toContain("Upgrade Plan");
    expect(account).toContain('href="/subscription/change"');
    expect((await get("/subscribe", cookie)).headers.get("location")).toBe("/account");
  });

  it("a checkout still processing at the provider: the pending text with an Account link", async () => {
    const { cookie } = await signUp();
    const asked = await postForm("/subscribe?pid=builder-monthly-eur", card("4000002500003155"), cookie);
    const html = await asked.text();
    const fields = challenge(html);
    expect(fields.paymentId).not.toBe("");
    // The bank has not answered yet: the provider's intent is processing (as Stripe reports for delayed
    // methods), so the challenge's Complete finds nothing to authenticate and the checkout stays pending.
    await env.DB.prepare(
      "UPDATE sandbox_objects SET data = json_set(data, '$.status', 'processing') WHERE id = ?1 AND kind = 'payment_intent'",
    )
      .bind(fields.paymentId)
      .run();
    const pending = await authenticate(fields, "complete", cookie);
    expect(pending.status).toBe(202);
    const page = (await pending.text()).replaceAll("<!-- -->", "");
    const alert = /<div class="form-error" role="alert">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "";
    expect(alert).toContain("Subscription is pending. Please check your account to proceed.");
    expect(alert).toMatch(/<a [^>]*href="\/account"[^>]*>Account<\/a>/);
  });

  it("asks for 3-D Secure and completes it with plain forms", async () => {
    const { cookie } = await signUp();
    const asked = await postForm("/subscribe?pid=builder-monthly-eur", card("4000002500003155"), cookie);
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("3-D Secure");
    const fields = challenge(html);
    expect(fields.clientSecret).not.toBe("");

    const someoneElse = await signUp();
    const stolen = await authenticate(fields, "complete", someoneElse.cookie);
    expect(stolen.status).toBe(404);

    const done = await authenticate(fields, "complete", cookie);
    expect(done.headers.get("location")).toBe("/subscribe/success");
  });
});

describe("/account", () => {
  it("shows the Free plan with its credits renewal and no cancel, and the profile", async () => {
    const { cookie, email } = await signUp();
    await chooseFree(cookie);
    const html = await (await get("/account", cookie)).text();
    expect(html).toContain("Subscription");
    expect(html).toContain("Payment Methods");
    expect(html).toContain("Credits renew at");
    expect(html).not.toContain("Cancel Subscription");
    const profile = await (await get("/account/profile", cookie)).text();
    expect(profile).toContain(email);
    expect(profile).toContain("Ada Trader");
  });

  it("schedules a cancellation after the confirm, and reverts it", async () => {
    const { cookie } = await signUp();
    await postForm("/subscribe?pid=builder-monthly-eur", card("4242424242424242"), cookie);
    const before = await (await get("/account", cookie)).text();
    expect(before).toContain("Cancel Subscription");
    const asked = await (await get("/account?cancel=1", cookie)).text();
    expect(asked).toContain("Are you sure you want to cancel your subscription?");
    expect(asked).toContain(">No<");
    expect(asked).toContain(">Yes<");

    const canceled = await postForm("/account?index&cancel=1", { intent: "cancel" }, cookie);
    expect(canceled.status).toBe(302);
    expect(canceled.headers.get("location")).toBe("/account");
    const scheduled = await (await get("/account", cookie)).text();
    expect(scheduled).toContain("scheduled to be canceled");
    expect(scheduled).toContain("Revert Cancelation");
    expect(scheduled).not.toContain("Cancel Subscription");

    const reverted = await postForm("/account?index", { intent: "revert" }, cookie);
    expect(reverted.headers.get("location")).toBe("/account");
    const after = await (await get("/account", cookie)).text();
    expect(after).not.toContain("Revert Cancelation");
    expect(after).toContain("Cancel Subscription");
  });
});

const okData = z.object({ status: z.literal("ok"), data: z.record(z.string(), z.unknown()) });

/** Buys an add-on through the JSON API with the success card, as the payment page's script would. */
async function buyAddon(cookie: string, pid: string) {
  const started = okData.parse((await api("payment/initiate", { type: "addon", id: pid }, { cookie })).body);
  const clientSecret = z.string().parse(started.data.clientSecret);
  const made = okData.parse(
    (
      await api(
        "sandbox/card",
        { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
        { cookie },
      )
    ).body,
  );
  const paymentMethodId = z.string().parse(made.data.paymentMethodId);
  const confirmed = okData.parse(
    (await api("sandbox/confirm_payment", { clientSecret, paymentMethodId }, { cookie })).body,
  );
  const paymentIntentId = z.string().parse(confirmed.data.paymentIntentId);
  const paid = okData.parse(
    (await api("payment/confirm", { type: "addon", id: pid, paymentData: { paymentIntentId } }, { cookie }))
      .body,
  );
  expect(paid.data.status).toBe("succeeded");
}

describe("add-ons", () => {
  it("lists the packs of the subscription's currency with Buy links, and the tab shows what was bought", async () => {
    const { cookie } = await signUp();
    await postForm("/subscribe?pid=builder-monthly-eur", card("4242424242424242"), cookie);
    const shop = await (await get("/addons", cookie)).text();
    expect(shop).toContain("Buy Add-on");
    expect(shop).toMatch(/href="\/payment\?type=addon&amp;id=addon-\d+-eur"/);
    expect(shop).not.toMatch(/id=addon-\d+-usd/);

    const empty = await (await get("/account/addons", cookie)).text();
    expect(empty).toContain("Browse add-ons");

    const pack = z
      .object({ pid: z.string(), name: z.string(), credits: z.number() })
      .parse(
        await env.DB.prepare(
          "SELECT pid, name, credits FROM products WHERE kind = 'addon' AND currency = 'EUR' ORDER BY price_minor LIMIT 1",
        ).first(),
      );
    await buyAddon(cookie, pack.pid);
    const tab = await (await get("/account/addons", cookie)).text();
    expect(tab).toContain(pack.name);
    expect(tab).toContain(`0 / ${pack.credits} (0%)`);
    expect(tab).toContain("Active");
    const { credits } = await product("builder-monthly-eur");
    const account = await (await get("/account", cookie)).text();
    expect(account).toContain(`0 of ${credits + pack.credits} used (0%)`);
  });
});

/** The markup a person sees: no scripts (the hydration data repeats the action's answer), no text separators. */
function shown(markup: string): string {
  return markup.replace(/<script\b[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");
}

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

async function invoicesOf(cookie: string): Promise<number> {
  const answer = await api("user/invoices", {}, { cookie });
  return z.object({ data: z.object({ list: z.array(z.unknown()) }) }).parse(answer.body).data.list.length;
}

const MONTH = "Your card&#x27;s expiration month is invalid.";

describe("card forms without JavaScript (issue 11)", () => {
  it("checkout: a month of 13 or 00 is named next to the expiry, nothing is charged, the typed card stays", async () => {
    const { cookie } = await signUp();
    for (const expiry of ["13/34", "00/30"]) {
      const res = await postForm(
        "/subscribe?pid=builder-monthly-eur",
        card("4242 4242 4242 4242", { expiry }),
        cookie,
      );
      expect(res.status).toBe(400);
      const page = shown(await res.text());
      expect(occurrences(page, MONTH)).toBe(1);
      // The message is the expiry field's own (described by it), and the form keeps what was typed.
      const describedBy = /name="expiry"[^>]*aria-describedby="([^"]+)"/.exec(page)?.[1];
      expect(describedBy).toBeTruthy();
      expect(page).toContain(`id="${describedBy}" role="alert">${MONTH}`);
      expect(page).toMatch(/name="number"[^>]*value="4242 4242 4242 4242"/);
      expect(page).toMatch(new RegExp(`name="expiry"[^>]*value="${expiry}"`));
      expect(page).toMatch(/name="name"[^>]*value="Ada Trader"/);
      expect(page).toMatch(/name="terms"[^>]*checked/);
      expect(page).not.toMatch(/name="cvc"[^>]*value=/);
    }
    expect(await invoicesOf(cookie)).toBe(0);
  });

  it("payment page: a wrong month keeps 'Use a new card' chosen with its message and typed card", async () => {
    const { cookie } = await signUp();
    await postForm("/subscribe?pid=builder-monthly-eur", card("4242424242424242"), cookie);
    const before = await invoicesOf(cookie);
    const res = await postForm(
      "/payment?type=addon&id=addon-10-eur",
      { intent: "pay", paymentMethodId: "new", number: "4242 4242 4242 4242", expiry: "13/34", cvc: "123" },
      cookie,
    );
    expect(res.status).toBe(400);
    const page = shown(await res.text());
    expect(occurrences(page, MONTH)).toBe(1);
    expect(page).toMatch(/<option value="new" selected="">Use a new card/);
    expect(page).toMatch(/name="number"[^>]*value="4242 4242 4242 4242"/);
    expect(page).toMatch(/name="expiry"[^>]*value="13\/34"/);
    expect(await invoicesOf(cookie)).toBe(before);
  });

  it("Add Card: a wrong month, then 0002 and 9995 each show their own message once", async () => {
    const { cookie } = await signUp();
    await postForm("/subscribe?pid=builder-monthly-eur", card("4242424242424242"), cookie);
    const add = (number: string, expiry = "12/34") =>
      postForm("/account/payment-methods?add=1", { intent: "add", number, expiry, cvc: "123" }, cookie);

    const month = await add("4242 4242 4242 4242", "00/30");
    expect(month.status).toBe(400);
    const monthPage = shown(await month.text());
    expect(occurrences(monthPage, MONTH)).toBe(1);
    expect(monthPage).toMatch(/name="expiry"[^>]*value="00\/30"/);

    const declined = shown(await (await add("4000000000000002")).text());
    expect(occurrences(declined, "Your card was declined.")).toBe(1);

    const insufficient = shown(await (await add("4000000000009995")).text());
    expect(occurrences(insufficient, "Your card has insufficient funds.")).toBe(1);
    expect(insufficient).not.toContain("Your card was declined.");

    const cards = await api("payment_methods", {}, { cookie });
    expect(JSON.stringify(cards.body)).not.toMatch(/"last4":"(0002|9995)"/);
  });
});

describe("/account?cancel=1 and add-ons by plan (issue 11)", () => {
  const QUESTION = "Are you sure you want to cancel your subscription?";

  it("opens no cancel dialog for a Free user, whom the server refuses", async () => {
    const { cookie } = await signUp();
    await chooseFree(cookie);
    const page = shown(await (await get("/account?cancel=1", cookie)).text());
    expect(page).toContain("Credits renew at");
    expect(page).not.toContain(QUESTION);
    expect(page).not.toContain('role="dialog"');
  });

  it("hides every way to buy add-ons from a Quant subscriber", async () => {
    const { cookie } = await signUp();
    await postForm(
      "/subscribe?pid=quant-monthly-eur",
      card("4242424242424242", { pid: "quant-monthly-eur" }),
      cookie,
    );
    const shop = shown(await (await get("/addons", cookie)).text());
    expect(shop).toContain("Your plan has unlimited credits, so add-on credits are not needed.");
    expect(shop).not.toContain("/payment?type=addon");
    const tab = shown(await (await get("/account/addons", cookie)).text());
    expect(tab).not.toContain('href="/addons"');
    const pay = await get("/payment?type=addon&id=addon-10-eur", cookie);
    expect(pay.status).toBe(409);
    const payPage = shown(await pay.text());
    expect(payPage).toContain("Your plan has unlimited credits, so add-on credits are not needed.");
    expect(payPage).not.toContain("Pay €");
  });
});
