// The server's log (docs/decisions/030-logs-metrics-restarts.md): one JSON line per request (its id,
// sent back as X-Request-Id, its route's pattern, status, duration and signed-in user) and per mail
// event (outbox id, recipient's user id, attempts, SMTP answer); never a password, a token, a cookie,
// a message body or an address. The requests go through server/request-log.ts on a real HTTP server
// to the app's real route modules (a small adapter stands in for React Router's request handler).
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { createLogger, logLevel } from "~/lib/log.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as login from "~/routes/auth/login.tsx";
import * as notifications from "~/routes/notifications.tsx";
import * as resetPassword from "~/routes/auth/reset-password.tsx";
import { requestLog, routeLabeler, servedByApp, type ManifestRoute } from "../../server/request-log.ts";
import { createUser, TEST_PASSWORD } from "../factories.ts";
import { logLines, type LogLine } from "../setup.ts";
import { smtpCapture } from "../smtp.ts";

/** The build's flat manifest (ServerBuild["routes"]) of app/routes.ts, as React Router makes it. */
function manifestOf(entries: RouteConfigEntry[], parentId = "root", out: Record<string, ManifestRoute> = {}) {
  if (!out.root) out.root = { id: "root", path: "" };
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    out[id] = { id, parentId, path: entry.path, index: entry.index };
    if (entry.children) manifestOf(entry.children, id, out);
  }
  return out;
}

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
const MODULES: Array<[RegExp, RouteModule, (m: RegExpExecArray) => Record<string, string>]> = [
  [/^\/login$/, login as RouteModule, () => ({})],
  [/^\/notificaciones$/, notifications as RouteModule, () => ({})],
  [/^\/recuperar\/([^/]+)$/, resetPassword as RouteModule, (m) => ({ token: m[1]! })],
];

/** Calls the route module of a request's path as React Router would, and sends its answer. */
async function dispatch(req: express.Request, res: express.Response) {
  const url = new URL(req.url, "http://localhost:3000");
  const found = MODULES.map(([pattern, module, params]) => {
    const match = pattern.exec(url.pathname);
    return match ? { module, params: params(match) } : null;
  }).find(Boolean);
  if (!found) return void res.status(404).end();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  headers.set("x-academia-client-ip", "10.9.0.1");
  const request = new Request(url, {
    method: req.method,
    headers,
    body: req.method === "GET" ? undefined : Buffer.concat(chunks),
  });
  let outcome: unknown;
  try {
    const handler = req.method === "GET" ? found.module.loader : found.module.action;
    outcome = await handler?.({ request, params: found.params, context: undefined });
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    res.status(outcome.status);
    outcome.headers.forEach((value, name) => res.append(name, value));
    return void res.end(Buffer.from(await outcome.arrayBuffer()));
  }
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  res.status(init?.status ?? 200).json({});
}

let base = "";
let server: ReturnType<express.Express["listen"]>;
beforeAll(async () => {
  const app = express();
  app.use(requestLog({ label: routeLabeler(manifestOf(routes)), trustProxy: true }));
  app.use(express.static("public", { index: false }));
  app.use(servedByApp);
  app.use((req, res, next) => void dispatch(req, res).catch(next));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const requestLines = () => logLines().filter((line) => line.msg === "request");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("a request's line", () => {
  it("has its id (X-Request-Id), route, status, duration and user; never a password, cookie or token", async () => {
    const user = await createUser();
    const secretCookie = "academia_device=galleta-secreta-de-prueba-123456";
    const bearer = "token-secreto-de-prueba-abcdef";
    const signIn = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:3000",
        Cookie: secretCookie,
        Authorization: `Bearer ${bearer}`,
      },
      body: new URLSearchParams({ correo: user.correo, password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(302);
    const reqId = signIn.headers.get("X-Request-Id")!;
    expect(reqId).toMatch(UUID);
    const session = (signIn.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect(session).toMatch(/^academia_session=./);

    // Signed in: the next request's line names the user (read with the session, no query of its own).
    const page = await fetch(`${base}/notificaciones`, { headers: { Cookie: session } });
    expect(page.status).toBe(200);
    // A path holding a token is logged as its route's pattern.
    const resetToken = "enlace-secreto-de-recuperacion-0123456789";
    await fetch(`${base}/recuperar/${resetToken}`);

    const [signInLine, pageLine, resetLine] = requestLines();
    expect(signInLine).toMatchObject({
      level: "info",
      reqId,
      method: "POST",
      route: "/login",
      status: 302,
      userId: user.id,
    });
    expect(new Date(signInLine!.time as string).toISOString()).toBe(signInLine!.time);
    expect(signInLine!.durationMs).toEqual(expect.any(Number));
    expect(pageLine).toMatchObject({ route: "/notificaciones", status: 200, userId: user.id });
    expect(pageLine!.reqId).toBe(page.headers.get("X-Request-Id"));
    expect(resetLine).toMatchObject({ route: "/recuperar/:token", method: "GET" });
    expect(resetLine).not.toHaveProperty("userId");

    const written = JSON.stringify(logLines());
    for (const secret of [TEST_PASSWORD, "galleta-secreta", bearer, session.split("=")[1]!, resetToken, user.correo]) {
      expect(written).not.toContain(secret);
    }
  });

  it("is labelled by route pattern, never by URL; files and data requests too", () => {
    const label = routeLabeler(manifestOf(routes));
    expect(label("/cursos/abc123")).toBe("/cursos/:cursoId");
    expect(label("/cursos/abc123.data")).toBe("/cursos/:cursoId");
    expect(label("/_root.data")).toBe("/");
    expect(label("/user/avisos")).toBe("/user/avisos");
    expect(label("/user/cualquier/cosa")).toBe("/user/*");
    expect(label("/no/existe/nada")).toBe("/*");
    expect(label("/calendario/token-secreto.ics")).toBe("/calendario/:token");
    expect(label("/api/cursos/lista")).toBe("/api/cursos/lista");
  });

  it("a file from the public directory is 'static'; an id from a trusted balancer is kept beside ours", async () => {
    const response = await fetch(`${base}/favicon.svg`, { headers: { "X-Request-Id": "nginx-7f3a9c" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Request-Id")).toMatch(UUID);
    const forged = await fetch(`${base}/login`, { headers: { "X-Request-Id": 'x", "level": "fatal' } });
    expect(forged.headers.get("X-Request-Id")).toMatch(UUID);
    const [file, page] = requestLines();
    expect(file).toMatchObject({ route: "static", status: 200, upstreamReqId: "nginx-7f3a9c" });
    expect(file!.reqId).toBe(response.headers.get("X-Request-Id"));
    // Not a short plain token: not logged at all.
    expect(page).not.toHaveProperty("upstreamReqId");
  });
});

describe("the mail sender's lines", () => {
  const smtp = smtpCapture();

  it("name the outbox row, the recipient's user id, the attempt and the SMTP answer, not the address", async () => {
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const user = await createUser();
    const { id } = (await enqueueMail({
      kind: "message.notice",
      to: user.correo,
      toUserId: user.id,
      subject: "Asunto privado",
      text: "Cuerpo privado del mensaje",
    }))!;
    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { from: "a@test.cl" });
    const sent = logLines().find((line) => line.msg === "mail sent");
    expect(sent).toMatchObject({ level: "info", outboxId: id, toUserId: user.id, attempts: 1 });
    expect(sent!.smtp).toMatch(/^250 /);
    const written = JSON.stringify(logLines());
    for (const secret of [user.correo, "Asunto privado", "Cuerpo privado"]) expect(written).not.toContain(secret);
  });
});

describe("the logger", () => {
  /** A logger writing to memory, and what it wrote. */
  function memoryLogger(options: Parameters<typeof createLogger>[0] = {}) {
    const out: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk.toString());
        done();
      },
    });
    return { logger: createLogger({ ...options, destination }), out };
  }

  it("reads LOG_LEVEL (info by default) and leaves out the lines below it", () => {
    expect(logLevel(undefined)).toBe("info");
    expect(logLevel(" DEBUG ")).toBe("debug");
    expect(logLevel("ruidoso")).toBe("info");
    const { logger, out } = memoryLogger({ level: "warn" });
    logger.info("no se ve");
    logger.warn({ outboxId: "x" }, "se ve");
    expect(out).toHaveLength(1);
    const line = JSON.parse(out[0]!) as LogLine;
    expect(line).toMatchObject({ level: "warn", msg: "se ve", outboxId: "x", pid: process.pid });
  });

  it("hides a secret field passed by mistake", () => {
    const { logger, out } = memoryLogger();
    logger.info({ password: "p4ss", user: { token: "t0k", correo: "a@b.cl" }, headers: { cookie: "c" } }, "x");
    expect(out.join("")).not.toMatch(/p4ss|t0k|a@b\.cl|"c"/);
  });

  it("writes readable lines, not JSON, in development", () => {
    const { logger, out } = memoryLogger({ pretty: true });
    logger.info({ route: "/login" }, "request");
    const text = out.join("");
    expect(text).toContain("request");
    expect(text).toContain("/login");
    expect(() => JSON.parse(text)).toThrow();
  });
});
