import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/lib/security-headers.server.ts";
import { isCrossSiteMutation, originCheckMiddleware } from "~/lib/csrf.server.ts";

function req(method: string, headers: Record<string, string>, path = "/salir") {
  return new Request(`http://localhost:3000${path}`, { method, headers: { Host: "localhost:3000", ...headers } });
}

describe("origin check", () => {
  it.each([
    ["POST", { Origin: "https://evil.com" }, true],
    ["POST", { Origin: "null" }, true],
    ["POST", { "Sec-Fetch-Site": "cross-site" }, true],
    ["DELETE", { Origin: "http://localhost:3000.evil.com" }, true],
    ["POST", { Origin: "http://localhost:3000" }, false],
    ["POST", {}, false],
    ["GET", { Origin: "https://evil.com" }, false],
    ["PUT", { Origin: "https://evil.com", Authorization: "Bearer abc" }, false],
  ] as const)("%s %j → cross-site %s", (method, headers, expected) => {
    expect(isCrossSiteMutation(req(method, headers))).toBe(expected);
  });

  it("the middleware answers 403 (JSON under /api) without running the route", async () => {
    let ran = false;
    const next = async () => {
      ran = true;
      return new Response("ok");
    };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const call = (request: Request) => originCheckMiddleware({ request, params: {}, context: {} as any } as any, next);
    const html = (await call(req("POST", { Origin: "https://evil.com" }))) as Response;
    expect(html.status).toBe(403);
    const api = (await call(req("DELETE", { Origin: "https://evil.com" }, "/api/auth/users/1"))) as Response;
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Origen no permitido." });
    expect(ran).toBe(false);
    await call(req("POST", { Origin: "http://localhost:3000" }));
    expect(ran).toBe(true);
  });
});

describe("content security policy", () => {
  it("allows scripts only with the request's nonce and forbids framing", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
  });
});
