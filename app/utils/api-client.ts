import { storeRedirect } from "./session-record";

/** The envelope of DESIGN D1 as the browser receives it. */
export type ApiResult<T> =
  | { status: "ok"; data: T }
  | { status: "error"; errorCode: string; errorMessage: string; userMessage: string };

export class ApiError extends Error {
  constructor(
    readonly errorCode: string,
    readonly userMessage: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Where the browser is now: path and query. */
  currentPath: () => string;
  /** Full-page navigation (the session is gone, so client state is dropped too). */
  navigate: (to: string) => void;
  rememberPath: (path: string) => void;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/**
 * POSTs JSON to the API with credentials and unwraps the envelope (spec 1 s7: any status other than 'ok'
 * rejects with the response object). On USER_NOT_LOGGED it remembers the current path and query for an hour
 * and goes to /sign/up (spec 1 s4).
 */
export function createApiClient(deps: ApiClientDeps) {
  /** `parse` checks the answer's shape (a zod schema's parse, or a small guard): answers are never cast. */
  return async function call<T>(path: string, body: unknown, parse: (data: unknown) => T): Promise<T> {
    const res = await deps.fetch(path, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      throw new ApiError("BAD_RESPONSE", "An error occurred. Please try again.", `HTTP ${res.status}`);
    }
    if (isRecord(json) && json.status === "ok") return parse(json.data);
    const code = isRecord(json) && typeof json.errorCode === "string" ? json.errorCode : "UNKNOWN_ERROR";
    const userMessage =
      isRecord(json) && typeof json.userMessage === "string"
        ? json.userMessage
        : "An error occurred. Please try again.";
    const message =
      isRecord(json) && typeof json.errorMessage === "string" ? json.errorMessage : `HTTP ${res.status}`;
    if (code === "USER_NOT_LOGGED") {
      deps.rememberPath(deps.currentPath());
      deps.navigate("/sign/up");
    }
    throw new ApiError(code, userMessage, message);
  };
}

/** The client the screens use in the browser. */
export function browserApi() {
  return createApiClient({
    fetch: (...args) => fetch(...args),
    currentPath: () => `${window.location.pathname}${window.location.search}`,
    navigate: (to) => window.location.assign(to),
    rememberPath: (path) => storeRedirect(path),
  });
}
