import { describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "./api-client";
import { readStoredRedirect, SESSION_KEY, storeRedirect } from "./session-record";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => {
      map.delete(k);
    },
    setItem: (k, v) => {
      map.set(k, v);
    },
  };
}

function respond(body: unknown, status = 200): typeof fetch {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("api client", () => {
  it("answers data of an ok envelope", async () => {
    const call = createApiClient({
      fetch: respond({ status: "ok", data: { strId: "7" } }),
      currentPath: () => "/",
      navigate: () => {},
      rememberPath: () => {},
    });
    const parse = (d: unknown) => {
      if (typeof d === "object" && d && "strId" in d && typeof d.strId === "string")
        return { strId: d.strId };
      throw new Error("bad answer");
    };
    await expect(call("/ai/strategy/new", { title: "t" }, parse)).resolves.toEqual({ strId: "7" });
  });

  it("rejects with the error code and user message of an error envelope", async () => {
    const call = createApiClient({
      fetch: respond(
        {
          status: "error",
          errorCode: "STRATEGY_NOT_FOUND",
          errorMessage: "x",
          userMessage: "Strategy not found.",
        },
        404,
      ),
      currentPath: () => "/",
      navigate: () => {},
      rememberPath: () => {},
    });
    await expect(call("/ai/strategy/get", {}, String)).rejects.toMatchObject({
      errorCode: "STRATEGY_NOT_FOUND",
      userMessage: "Strategy not found.",
    });
  });

  it("on USER_NOT_LOGGED remembers path and query for an hour and goes to /sign/up", async () => {
    const store = memoryStorage();
    const went: string[] = [];
    const now = Date.UTC(2026, 0, 1);
    const call = createApiClient({
      fetch: respond(
        { status: "error", errorCode: "USER_NOT_LOGGED", errorMessage: "", userMessage: "" },
        401,
      ),
      currentPath: () => "/strategy/9/results/3?tab=deals",
      navigate: (to) => went.push(to),
      rememberPath: (p) => storeRedirect(p, now, store),
    });
    await expect(call("/ai/strategy/get", {}, String)).rejects.toBeInstanceOf(ApiError);
    expect(went).toEqual(["/sign/up"]);
    expect(readStoredRedirect(now + 59 * 60_000, store)).toBe("/strategy/9/results/3?tab=deals");
    expect(readStoredRedirect(now + 61 * 60_000, store)).toBeNull();
    expect(JSON.parse(store.getItem(SESSION_KEY) ?? "{}")).toMatchObject({ expires: now + 60 * 60_000 });
  });

  it("rejects a body that is not JSON with a generic message", async () => {
    const call = createApiClient({
      fetch: async () => new Response("<html>", { status: 502 }),
      currentPath: () => "/",
      navigate: () => {},
      rememberPath: () => {},
    });
    await expect(call("/api/auth", {}, String)).rejects.toMatchObject({ errorCode: "BAD_RESPONSE" });
  });
});
