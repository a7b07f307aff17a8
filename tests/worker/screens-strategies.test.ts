import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  chooseFree,
  EXAMPLE_PROMPT,
  getPage as get,
  pageText as html,
  newStrategy,
  ORIGIN,
  postForm as post,
  signUp,
  uniqueIp,
} from "./helpers";

/** The strategy screens served as HTML, exercised the way a browser without JavaScript uses them. */

async function subscriber(welcomed = true): Promise<string> {
  const { cookie } = await signUp();
  const res = await chooseFree(cookie);
  if (res.status >= 400) throw new Error(`free plan refused: ${res.status}`);
  return welcomed ? `${cookie}; seen_welcome=1` : cookie;
}

describe("welcome", () => {
  it("sends a new user with no strategies to /welcome until Continue sets the flag", async () => {
    const cookie = await subscriber(false);
    const list = await get("/", cookie);
    expect(list.status).toBe(302);
    expect(list.headers.get("location")).toBe("/welcome");
    const page = await html(await get("/welcome", cookie));
    expect(page).toContain("Audit notice");
    expect(page).toContain("Risk disclaimer");
    const cont = await post("/welcome", {}, cookie);
    expect(cont.status).toBe(302);
    expect(cont.headers.get("location")).toBe("/strategy/ai/new");
    expect(cont.headers.get("set-cookie")).toMatch(/seen_welcome=1/);
    const after = await html(await get("/", `${cookie}; seen_welcome=1`));
    expect(after).toContain("My Strategies");
    expect(after).toContain("✨ New Strategy AI");
  });
});

describe("new strategy", () => {
  it("renders the form, prefills an example on the server and creates with the description as first message", async () => {
    const cookie = await subscriber();
    const form = await html(await get("/strategy/ai/new", cookie));
    expect(form).toContain('value="My Strategy"');
    expect(form).toContain('placeholder="Describe your strategy"');
    expect(form).toContain('href="/strategy/ai/new?example=2"');
    expect(form).toContain("Create Strategy");
    const example = await html(await get("/strategy/ai/new?example=2", cookie));
    expect(example).toContain(
      ">When the 60 moving average crosses the 120 moving average, go long. Do the opposite for short.</textarea>",
    );

    const sid = await newStrategy(cookie);
    expect((await get(`/strategy/${sid}`, cookie)).headers.get("location")).toBe(`/strategy/${sid}/build`);
    const build = await html(await get(`/strategy/${sid}/build`, cookie));
    expect(build).toContain(`data-role="user"`);
    expect(build).toContain(EXAMPLE_PROMPT);
    expect(build).toContain(`data-role="agent"`);
    expect(build).toContain("<summary>Summary");
    expect(build).toContain('placeholder="Type your message here"');
    expect(build).toContain("Generate Code");
  });

  it("shows the validation and the plan's limit errors", async () => {
    const cookie = await subscriber();
    const empty = await post("/strategy/ai/new", { title: "T", description: " " }, cookie);
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Description is required.");
    await newStrategy(cookie);
    const second = await post("/strategy/ai/new", { title: "Two", description: "d" }, cookie);
    expect(second.status).toBe(403);
    expect(await html(second)).toMatch(/Your plan allows 1 active strategy/);
  });
});

describe("lists", () => {
  it("lists, renames inline, archives and restores through plain forms", async () => {
    const cookie = await subscriber(false);
    const sid = await newStrategy(cookie, "Trend idea");
    // Having a strategy, the list no longer sends the user to /welcome.
    const list = await html(await get("/", cookie));
    expect(list).toContain("Trend idea");
    expect(list).toContain(`href="/strategy/${sid}/build"`);
    expect(list).toContain("Edit strategy");
    expect(list).toContain("Delete strategy");
    expect(list).not.toContain("View report");
    expect(list).toContain("Showing 1 of 1 Rows");

    const editing = await html(await get(`/?edit=${sid}`, cookie));
    expect(editing).toMatch(/<input[^>]*name="title"[^>]*maxLength="70"/i);
    const renamed = await post("/?index", { intent: "rename", strId: sid, title: "Renamed idea" }, cookie);
    expect(renamed.status).toBe(302);
    expect(await html(await get("/", cookie))).toContain("Renamed idea");
    // Longer than 70: ignored, the title stays.
    await post("/?index", { intent: "rename", strId: sid, title: "x".repeat(71) }, cookie);
    expect(await html(await get("/", cookie))).toContain("Renamed idea");

    const confirm = await html(await get(`/?confirm=delete-${sid}`, cookie));
    expect(confirm).toContain("Are you sure you want to delete this strategy?");
    expect(confirm).toContain("Cancel");
    expect(confirm).toContain("Confirm");
    const archived = await post(`/?index&confirm=delete-${sid}`, { intent: "archive", strId: sid }, cookie);
    expect(archived.status).toBe(302);
    expect(archived.headers.get("location")).toBe("/");
    expect(await html(await get("/", cookie))).not.toContain("Renamed idea");

    const archive = await html(await get("/strategy/deleted", cookie));
    expect(archive).toContain("Strategies Archive");
    expect(archive).toContain("Renamed idea");
    expect(archive).toContain("Days Elapsed");
    expect(archive).toContain("Restore");
    const restored = await post("/strategy/deleted", { strId: sid }, cookie);
    expect(restored.status).toBe(302);
    expect(await html(await get("/strategy/deleted", cookie))).toContain(
      "You don't have any deleted strategies to show here",
    );
    expect(await html(await get("/", cookie))).toContain("Renamed idea");
  });
});

describe("strategy page", () => {
  it("sends a chat message without JavaScript and shows the reply", async () => {
    const cookie = await subscriber();
    const sid = await newStrategy(cookie);
    const sent = await post(
      `/strategy/${sid}/build`,
      { intent: "message", message: "Use a stop loss of 30 pips." },
      cookie,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/strategy/${sid}/build`);
    const page = await html(await get(`/strategy/${sid}/build`, cookie));
    expect(page).toContain("Use a stop loss of 30 pips.");
    expect(page.match(/data-role="agent"/g)?.length).toBe(2);
    // An empty message is not sent.
    const empty = await post(`/strategy/${sid}/build`, { intent: "message", message: "  " }, cookie);
    expect(empty.status).toBe(302);
    const again = await html(await get(`/strategy/${sid}/build`, cookie));
    expect(again.match(/data-role="user"/g)?.length).toBe(2);
  });

  it("shows 'Algo code not found' on backtest and results without code", async () => {
    const cookie = await subscriber();
    const sid = await newStrategy(cookie);
    for (const tab of ["backtest", "results"]) {
      const res = await get(`/strategy/${sid}/${tab}`, cookie);
      expect(res.status).toBe(200);
      expect(await html(res)).toContain("Algo code not found");
    }
    expect((await get(`/strategy/${sid}/nonsense`, cookie)).status).toBe(404);
  });

  it("answers another user's strategy with 404 'Strategy not found.', for pages and posts", async () => {
    const alice = await subscriber();
    const bob = await subscriber();
    const sid = await newStrategy(alice);
    for (const path of [`/strategy/${sid}/build`, "/strategy/99999999/build", "/strategy/abc/build"]) {
      const res = await get(path, bob);
      expect(res.status).toBe(404);
      expect(await html(res)).toContain("Strategy not found.");
    }
    const message = await post(`/strategy/${sid}/build`, { intent: "message", message: "hi" }, bob);
    expect(message.status).toBe(404);
    await post("/?index", { intent: "archive", strId: sid }, bob);
    await post("/?index", { intent: "rename", strId: sid, title: "Hijacked" }, bob);
    const list = await html(await get("/", alice));
    expect(list).toContain("My Strategy");
    expect(list).not.toContain("Hijacked");
  });
});

/** Issue 11: what a person can type too much of is refused with a sentence, and what was typed comes back. */
describe("readable refusals", () => {
  it("New Strategy without JavaScript: a description over 20,000 characters is refused and kept", async () => {
    const cookie = await subscriber();
    const description = `Go long on the cross. ${"d".repeat(20_000)}`;
    const res = await post("/strategy/ai/new", { title: "Kept", description }, cookie);
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Description must be at most 20,000 characters.");
    expect(page).not.toMatch(/Too big|expected string/);
    expect(page).toContain(description);
    expect(page).toMatch(/<input[^>]*name="title"[^>]*value="Kept"/);
  });

  it("the chat without JavaScript: a message over 8,000 characters is refused with the limit and kept", async () => {
    const cookie = await subscriber();
    const created = await post(
      "/strategy/ai/new",
      { title: "Chat", description: "Go long when the 6 MA crosses the 12 MA." },
      cookie,
    );
    const sid = /^\/strategy\/(\d+)\/build$/.exec(created.headers.get("location") ?? "")?.[1];
    expect(sid).toBeDefined();
    const message = "m".repeat(10_000);
    const res = await post(`/strategy/${sid}/build`, { intent: "message", message }, cookie);
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Messages can be at most 8,000 characters.");
    expect(page).toContain(message);
  });

  it("the JSON API answers library limits and wrong types with sentences", async () => {
    const cookie = await subscriber();
    const call = async (action: string, body: unknown) => {
      const res = await SELF.fetch(`${ORIGIN}/ai/${action}`, {
        method: "POST",
        headers: {
          cookie,
          origin: ORIGIN,
          "content-type": "application/json",
          "cf-connecting-ip": uniqueIp(),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const cases: [string, unknown, string, string][] = [
      [
        "strategy/new",
        { title: "T", description: "d".repeat(20_001) },
        "description",
        "Description must be at most 20,000 characters.",
      ],
      ["strategy/new", { title: 5, description: "d" }, "title", "Must be text."],
      ["strategy/new", { title: "T" }, "description", "This field is required."],
      [
        "strategy/update/info",
        { strId: "1", title: "t".repeat(71) },
        "title",
        "Title must be at most 70 characters.",
      ],
      [
        "strategy/update",
        { strId: "1", instructions: "i".repeat(8_001) },
        "instructions",
        "Messages can be at most 8,000 characters.",
      ],
    ];
    for (const [action, body, field, message] of cases) {
      const answer = await call(action, body);
      expect(answer.status, message).toBe(400);
      expect(answer.body, message).toMatchObject({
        errorCode: "VALIDATION_ERROR",
        field,
        userMessage: message,
      });
    }
  });
});
