import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { z } from "zod";

export const ORIGIN = "http://app.test";

let counter = 0;
/** Storage is shared within a file: every test makes its own user (docs/toolchain.md "Tests in workerd"). */
export function uniqueEmail(prefix = "trader"): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

let ipCounter = 0;
/** A distinct client IP per test keeps per-IP rate limits from leaking between tests. */
export function uniqueIp(): string {
  ipCounter++;
  return `10.${Math.floor(Math.random() * 250)}.${ipCounter % 250}.${Math.floor(Math.random() * 250)}`;
}

export const envelope = z.union([
  z.object({ status: z.literal("ok"), data: z.unknown() }),
  z.object({
    status: z.literal("error"),
    errorCode: z.string(),
    errorMessage: z.string(),
    userMessage: z.string(),
    field: z.string().optional(),
  }),
]);

export interface ApiAnswer {
  status: number;
  body: z.infer<typeof envelope>;
  cookie: string | null;
  headers: Headers;
}

export async function api(
  action: string,
  body: unknown,
  opts: { cookie?: string | null; ip?: string; origin?: string | null; raw?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
  headers["cf-connecting-ip"] = opts.ip ?? uniqueIp();
  const res = await SELF.fetch(`${ORIGIN}/api/${action}`, {
    method: "POST",
    headers,
    body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const setCookie = res.headers.get("set-cookie");
  const match = setCookie?.match(/sf_session=([^;]*)/);
  return {
    status: res.status,
    body: envelope.parse(await res.json()),
    cookie: match ? `sf_session=${match[1]}` : null,
    headers: res.headers,
  };
}

export const TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

/** Signs a new user up through the API and answers the session cookie. */
export async function signUp(opts: { email?: string; name?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "correct horse battery";
  const res = await api("sign/up", {
    name: opts.name ?? "Ada Trader",
    email,
    password,
    turnstileToken: TOKEN,
  });
  if (res.status !== 200 || !res.cookie) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return { email, password, cookie: res.cookie };
}

/** Gives the user the Free plan through the subscribe form, as a person would. */
export async function chooseFree(cookie: string): Promise<Response> {
  return postForm("/subscribe", { plan: "free" }, cookie);
}

/** A page as a browser asks for it; redirects are not followed so that tests can read the Location. */
export function getPage(path: string, cookie = ""): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

type FormFields = Record<string, string> | URLSearchParams;

/**
 * The request a browser without JavaScript sends for a form: same-site origin (the CSRF check), url-encoded
 * body, a fresh client IP unless one is given (per-IP rate limits must not leak between tests).
 */
export function formRequest(fields: FormFields, cookie = "", ip: string = uniqueIp()): RequestInit {
  const headers: Record<string, string> = {
    host: "app.test",
    origin: ORIGIN,
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": ip,
  };
  if (cookie) headers.cookie = cookie;
  return { method: "POST", headers, body: new URLSearchParams(fields).toString(), redirect: "manual" };
}

/** Posts a form to the app (see formRequest). */
export function postForm(path: string, fields: FormFields, cookie = "", ip?: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, formRequest(fields, cookie, ip));
}

/** The value of a page's hidden form input ("" when absent), e.g. a 3-D Secure challenge's client secret. */
/** The New Strategy screen's first example prompt, which builds a spec without a question. */
export const EXAMPLE_PROMPT = "Go long when the 6 MA crosses the 12 MA.";

/** A strategy made through the New Strategy form, as a browser without JavaScript posts it; its id. */
export async function newStrategy(cookie: string, title = "My Strategy", description = EXAMPLE_PROMPT) {
  const res = await postForm("/strategy/ai/new", { title, description }, cookie);
  const location = res.headers.get("location") ?? "";
  const sid = /^\/strategy\/(\d+)\/build$/.exec(location)?.[1];
  if (res.status !== 302 || !sid) throw new Error(`no strategy: ${res.status} ${location}`);
  return sid;
}

export function hiddenField(html: string, name: string): string {
  return new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? "";
}

/** The page's text with React's entity escapes and text separators undone, so assertions read like the screen. */
export async function pageText(res: Response): Promise<string> {
  return (await res.text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
}

export function errorCode(answer: ApiAnswer): string | null {
  return answer.body.status === "error" ? answer.body.errorCode : null;
}

export { env };

type FetchHandler = (request: Request, env: unknown, ctx: ExecutionContext) => Promise<Response>;
const BUILD = "../../build/index.js";

/**
 * A fetch through the BUILT worker's handler, called in-process with the test bindings plus `vars`: the same
 * code and local storage as SELF, for the configurations SELF cannot have (production, integrations set).
 */
export async function fetchWithVars(
  vars: Record<string, string | undefined>,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const built = z
    .object({ default: z.object({ fetch: z.custom<FetchHandler>((v) => typeof v === "function") }) })
    .parse(await import(/* @vite-ignore */ BUILD));
  const ctx = createExecutionContext();
  const res = await built.default.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
