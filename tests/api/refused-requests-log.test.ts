// A refused request is the client's doing, not a fault of ours (docs/decisions/030-logs-metrics-restarts.md):
// a cross-site form post, a POST to a page without an action, a path no route has are `warn` lines
// without a stack; only a fault of ours (a 5xx) is an `error` line with its stack. The requests go through a real HTTP
// server, server/request-log.ts and React Router's own request handler (@react-router/express, as
// server/index.ts serves the app) to the app's real handleError and origin check, on a small build
// whose pages stand in for the app's.
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "~/entry.server.tsx";
import { FORBIDDEN_ORIGIN, originCheckMiddleware } from "~/lib/csrf.server.ts";
import { requestLog, servedByApp } from "../../server/request-log.ts";
import * as buildSettings from "../fixtures/build-parts.ts";
import { route } from "../fixtures/build-parts.ts";
import { expectErrorLog, logLines, type LogLine } from "../setup.ts";

const Page = () => null;
const build = {
  entry: {
    module: {
      // The document as the app renders it is beside the point: its status and headers are.
      default: (_request: Request, status: number, headers: Headers) =>
        new Response("<!doctype html><title>Academia</title>", { status, headers }),
      handleError,
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: Page, ErrorBoundary: Page, middleware: [originCheckMiddleware] } },
    // A page with a loader and no action, like /cursos.
    pagina: route("pagina", "pagina", { default: Page, loader: () => ({ hola: "mundo" }) }),
    // A page with a form.
    formulario: route("formulario", "formulario", { default: Page, action: () => ({ hecho: true }) }),
    // A resource route of the API.
    api: route("api", "api/cosa", { action: () => Response.json({ hecho: true }) }),
    // A page that answers 404 by throwing a Response, as the app's pages do for an unknown id.
    ausente: route("ausente", "ausente", {
      default: Page,
      loader: () => {
        throw new Response("No encontrado", { status: 404 });
      },
    }),
    // A fault of ours.
    falla: route("falla", "falla", {
      default: Page,
      loader: () => {
        throw new Error("Algo se rompió de nuestro lado");
      },
    }),
  },
  ...buildSettings,
} as unknown as ServerBuild;

let base = "";
let server: ReturnType<express.Express["listen"]>;
beforeAll(async () => {
  const app = express();
  app.use(requestLog({ label: (pathname) => pathname, trustProxy: false }));
  app.use(servedByApp);
  app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...form, ...headers },
    body: "campo=valor",
    redirect: "manual",
  });

/** The lines written so far, once the request's own line is out (it is written when the answer ends). */
async function linesOf(response: Response): Promise<readonly LogLine[]> {
  await response.arrayBuffer();
  const reqId = response.headers.get("X-Request-Id");
  await expect.poll(() => logLines().some((line) => line.msg === "request" && line.reqId === reqId)).toBe(true);
  return logLines().filter((line) => line.reqId === reqId);
}

const withStack = (lines: readonly LogLine[]) => lines.filter((line) => JSON.stringify(line).includes('"stack"'));
const atError = (lines: readonly LogLine[]) => lines.filter((line) => line.level === "error" || line.level === "fatal");

describe("a refused request", () => {
  it("a cross-site form post, as a document or as data: refused, a warn line without a stack, no error", async () => {
    for (const path of ["/formulario", "/formulario.data"]) {
      const response = await post(path, { Origin: "https://otro-sitio.example" });
      expect(response.status, path).toBe(400);
      const lines = await linesOf(response);
      expect(atError(lines), path).toEqual([]);
      expect(withStack(lines), path).toEqual([]);
      expect(lines, path).toContainEqual(
        expect.objectContaining({ level: "warn", msg: "Solicitud rechazada", status: 400, reason: FORBIDDEN_ORIGIN }),
      );
      expect(lines, path).toContainEqual(expect.objectContaining({ level: "info", msg: "request", status: 400 }));
    }
  });

  it("a cross-site post to the API: 403 from the origin check, no error", async () => {
    const response = await post("/api/cosa", { Origin: "https://otro-sitio.example" });
    expect(response.status).toBe(403);
    const lines = await linesOf(response);
    expect(atError(lines)).toEqual([]);
    expect(withStack(lines)).toEqual([]);
  });

  it("a POST to a page without an action, as a document or as data: 405, a warn line without a stack", async () => {
    for (const path of ["/pagina", "/pagina.data"]) {
      const response = await post(path, { Origin: base });
      expect(response.status, path).toBe(405);
      const lines = await linesOf(response);
      expect(atError(lines), path).toEqual([]);
      expect(withStack(lines), path).toEqual([]);
      expect(lines, path).toContainEqual(
        expect.objectContaining({
          level: "warn",
          msg: "Solicitud rechazada",
          status: 405,
          reason: "Method Not Allowed",
        }),
      );
      // The text React Router gives such a refusal quotes the path: not logged.
      expect(JSON.stringify(lines), path).not.toContain("did not provide an `action`");
    }
  });

  it("a page that throws a 404 Response, or a path no route has: no error line, no stack", async () => {
    for (const path of ["/ausente", "/ausente.data", "/no-existe", "/no-existe.data"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      const lines = await linesOf(response);
      expect(atError(lines), path).toEqual([]);
      expect(withStack(lines), path).toEqual([]);
    }
  });

  it("a same-origin form post is no refusal: no warn line", async () => {
    const response = await post("/formulario", { Origin: base });
    expect(response.status).toBe(200);
    const lines = await linesOf(response);
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
  });
});

describe("a fault of ours", () => {
  it("is still an error line with its stack", async () => {
    expectErrorLog(2); // handleError's line and the request's (a 500)
    const response = await fetch(`${base}/falla`);
    expect(response.status).toBe(500);
    const lines = await linesOf(response);
    const fault = atError(lines).find((line) => line.msg === "Error no controlado al atender una solicitud");
    expect(fault?.err).toMatchObject({
      message: "Algo se rompió de nuestro lado",
      stack: expect.stringContaining("Error"),
    });
  });
});
