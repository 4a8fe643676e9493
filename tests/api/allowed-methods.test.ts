// Odd requests never answer 5xx (docs/product.md#security): the production server's method guard
// (server/allowed-methods.ts) in front of a stand-in for React Router. TRACE and other unknown
// methods are answered 405 with Allow and never reach the app (which threw or logged a stack
// trace for them); the methods the app serves pass through untouched. The whole production
// stack is checked end to end in e2e/robustness.spec.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_METHODS, allowedMethods, PAGE_METHODS } from "../../server/allowed-methods.ts";
// The 405 the OpenAPI document gives every call (components/responses/MetodoNoPermitido).
import { METHOD_NOT_ALLOWED } from "~/lib/api.server.ts";

let server: http.Server;
let port = 0;
const reached: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(allowedMethods);
  app.all("/{*splat}", (req, res) => {
    reached.push(req.method);
    res.status(200).send("app");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function send(method: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the production server's method guard", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "SEARCH", "QUERY", "LOCK", "PURGE"])(
    "%s answers 405 with Allow and never reaches the app",
    async (method) => {
      reached.length = 0;
      for (const path of ["/", "/cursos", "/admin", "/no-existe"]) {
        const response = await send(method, path);
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
        expect(response.body).toBe(METHOD_NOT_ALLOWED);
        expect(response.headers["cache-control"]).toBe("no-store");
      }
      const api = await send(method, "/api/cursos/lista");
      expect(api.status).toBe(405);
      expect(api.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(api.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(api.body)).toEqual({ error: METHOD_NOT_ALLOWED });
      expect(reached).toEqual([]);
    },
  );

  it("methods Node's HTTP parser does not know (FOO, TRACK) are a 400 from Node itself, before any app code", async () => {
    reached.length = 0;
    for (const method of ["FOO", "TRACK"]) expect((await send(method, "/")).status).toBe(400);
    expect(reached).toEqual([]);
  });

  it("the API takes GET, HEAD, POST, PUT, PATCH and DELETE; pages GET, HEAD and POST", async () => {
    reached.length = 0;
    const apiMethods = ALLOWED_METHODS.filter((m) => m !== "OPTIONS");
    for (const method of apiMethods) expect((await send(method, "/api/cursos/lista")).status).toBe(200);
    const pageMethods = PAGE_METHODS.filter((m) => m !== "OPTIONS");
    for (const method of pageMethods) {
      const response = await send(method, "/cursos");
      expect(response.status).toBe(200);
      // The app decides its own caching: the guard adds no second Cache-Control to what passes.
      expect(response.headers["cache-control"]).toBeUndefined();
    }
    expect(reached).toEqual([...apiMethods, ...pageMethods]);

    reached.length = 0;
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await send(method, "/admin/courses");
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    }
    expect(reached).toEqual([]);
  });

  it("OPTIONS answers 204 with Allow, without reaching the app (which logged an error for it)", async () => {
    reached.length = 0;
    const page = await send("OPTIONS", "/cursos");
    expect(page.status).toBe(204);
    expect(page.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    const api = await send("OPTIONS", "/api/cursos/lista");
    expect(api.status).toBe(204);
    expect(api.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(reached).toEqual([]);
  });

  it("adds Cache-Control: no-store to its own answers only: what passes keeps the app's caching", async () => {
    expect((await send("TRACE", "/")).headers["cache-control"]).toBe("no-store");
    expect((await send("OPTIONS", "/")).headers["cache-control"]).toBe("no-store");
    // The stand-in app sets none: a hashed asset, a page or a file decides its own (it was no-store).
    expect((await send("GET", "/assets/root-abc123.js")).headers["cache-control"]).toBeUndefined();
  });
});
