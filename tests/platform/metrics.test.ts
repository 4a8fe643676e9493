// @postgresql: the connection pool's figures exist on PostgreSQL only
// GET /metrics (docs/decisions/030-logs-metrics-restarts.md): off unless METRICS_TOKEN is set and
// sent; requests by route pattern and status, the outbox, the page caches, the database pool, the
// event loop and memory; with WEB_CONCURRENCY workers, the sum of all of them.
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import client from "prom-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { pageCacheMiddleware, clearPageCache } from "~/lib/page-cache.server.ts";
import { databaseProvider, databaseUrl } from "~/lib/db-adapter.ts";
import { prisma } from "~/lib/db.server.ts";
import { resetEnvCache } from "~/lib/env.server.ts";
import { observeRequest } from "~/lib/metrics.server.ts";
import * as metricsRoute from "~/routes/metrics.ts";
import { requestLog, routeLabeler } from "../../server/request-log.ts";
import { args, getRequest } from "../factories.ts";
import { expectErrorLog } from "../setup.ts";

const TOKEN = "token-de-metricas-0123456789";
const saved = process.env.METRICS_TOKEN;
afterEach(() => {
  if (saved === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = saved;
  resetEnvCache();
});

function withToken(token: string | undefined) {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  resetEnvCache();
}

async function scrape(authorization?: string) {
  const headers = authorization ? { Authorization: authorization } : undefined;
  const request = new Request("http://localhost:3000/metrics", { headers });
  return (await metricsRoute.loader(args(request))) as Response;
}

/** A sample's value in the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? "";
    if (wanted.every((pair) => inside.split(",").includes(pair))) return Number(line.split(" ").at(-1));
  }
  return undefined;
}

describe("GET /metrics", () => {
  it("is 404 without METRICS_TOKEN, 401 without the bearer or with a wrong one, 200 with it", async () => {
    withToken(undefined);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    withToken(TOKEN);
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(ok.headers.get("Cache-Control")).toBe("no-store");
    const text = await ok.text();
    // The event loop's lag and the process's memory (prom-client's process metrics).
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("names no gauge with `_total`, the suffix of counters (the handles' total is sum(nodejs_active_handles))", async () => {
    withToken(TOKEN);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
    expect(types.filter((t) => t.type === "gauge").length).toBeGreaterThan(5);
    expect(types.filter((t) => t.type === "gauge" && t.name!.endsWith("_total"))).toEqual([]);
    // The counters keep theirs.
    expect(types).toContainEqual({ name: "academia_http_requests_total", type: "counter" });
    expect(types).toContainEqual({ name: "process_cpu_seconds_total", type: "counter" });
    expect(sample(text, "nodejs_active_handles", {})).toBeGreaterThanOrEqual(0);
  });

  it("counts requests and their durations by route pattern and status, never by URL", async () => {
    withToken(TOKEN);
    const app = express();
    app.use((req, res, next) => {
      res.locals.academiaApp = true;
      next();
    });
    app.use(requestLog({ label: routeLabeler(MANIFEST), trustProxy: false, onFinished: observeRequest }));
    app.use((req, res) => void res.status(req.path.endsWith("roto") ? 500 : 200).end());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const before = await (await scrape(`Bearer ${TOKEN}`)).text();
      const counted = (text: string, status: string) =>
        sample(text, "academia_http_requests_total", { method: "GET", route: "/cursos/:cursoId", status }) ?? 0;
      for (const id of ["c1", "c2", "c3"]) await fetch(`${base}/cursos/${id}`);
      expectErrorLog(); // a 5xx answer's line is an error line
      await fetch(`${base}/cursos/roto`);
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(counted(text, "200") - counted(before, "200")).toBe(3);
      expect(counted(text, "500") - counted(before, "500")).toBe(1);
      const histogram = { method: "GET", route: "/cursos/:cursoId", status: "200" };
      expect(sample(text, "academia_http_request_duration_seconds_count", histogram)).toBeGreaterThanOrEqual(3);
      expect(sample(text, "academia_http_request_duration_seconds_bucket", { ...histogram, le: "10" })).toBe(
        sample(text, "academia_http_request_duration_seconds_count", histogram),
      );
      expect(text).not.toMatch(/\/cursos\/c[123]/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("reports the outbox: waiting, failed, and the age of the oldest waiting mail", async () => {
    withToken(TOKEN);
    await prisma.outboxMail.deleteMany({});
    const empty = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(empty, "academia_outbox_mail", { status: "waiting" })).toBe(0);
    expect(sample(empty, "academia_outbox_oldest_waiting_seconds")).toBe(0);

    const mail = { kind: "contact.form" as const, to: "x@test.cl", subject: "s", text: "t" };
    const old = (await enqueueMail(mail))!;
    await enqueueMail(mail);
    const failed = (await enqueueMail(mail))!;
    await prisma.outboxMail.update({ where: { id: failed.id }, data: { status: "failed" } });
    await prisma.outboxMail.update({
      where: { id: old.id },
      data: { createdAt: new Date(Date.now() - 10 * 60 * 1000) },
    });
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, "academia_outbox_mail", { status: "waiting" })).toBe(2);
    expect(sample(text, "academia_outbox_mail", { status: "failed" })).toBe(1);
    const age = sample(text, "academia_outbox_oldest_waiting_seconds")!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);
  });

  it("an outbox that cannot be read leaves its gauges out of that scrape, not the last values", async () => {
    withToken(TOKEN);
    await prisma.outboxMail.deleteMany({});
    await enqueueMail({ kind: "contact.form", to: "x@test.cl", subject: "s", text: "t" });
    const read = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(read, "academia_outbox_mail", { status: "waiting" })).toBe(1);
    // The database fails this reading (a hung one is bounded to 2 s and ends the same way).
    const spy = vi
      .spyOn(prisma.outboxMail, "findFirst")
      .mockRejectedValueOnce(new Error("la base de datos no responde"));
    const unread = await scrape(`Bearer ${TOKEN}`);
    spy.mockRestore();
    expect(unread.status).toBe(200);
    const text = await unread.text();
    expect(sample(text, "academia_outbox_mail", { status: "waiting" })).toBeUndefined();
    expect(sample(text, "academia_outbox_oldest_waiting_seconds")).toBeNaN(); // not 0: "nothing waits"
    // The rest of the scrape is there.
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    // The next scrape reads it again.
    const again = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(again, "academia_outbox_mail", { status: "waiting" })).toBe(1);
  });

  it("counts the anonymous page cache's hits and misses", async () => {
    withToken(TOKEN);
    clearPageCache();
    const counts = async () => {
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      const n = (result: string) => sample(text, "academia_page_cache_total", { cache: "catalog", result }) ?? 0;
      return { hit: n("hit"), miss: n("miss") };
    };
    const before = await counts();
    const next = async () =>
      new Response("<html><h1>Cursos</h1></html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    for (let i = 0; i < 3; i++) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const response = (await pageCacheMiddleware({ request: getRequest("/cursos") } as any, next as any)) as Response;
      expect(response.headers.get("X-Page-Cache")).toBe(i === 0 ? "miss" : "hit");
    }
    const after = await counts();
    expect({ hit: after.hit - before.hit, miss: after.miss - before.miss }).toEqual({ hit: 2, miss: 1 });
  });

  it("reports the database pool on PostgreSQL (connections in use, idle, waiting); nothing on SQLite", async () => {
    withToken(TOKEN);
    await prisma.user.count();
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    if (databaseProvider(databaseUrl()) === "postgresql") {
      expect(sample(text, "academia_db_pool_connections", { state: "in_use" })).toBeGreaterThanOrEqual(0);
      expect(sample(text, "academia_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "academia_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      expect(sample(text, "academia_db_pool_connections", { state: "idle" })).toBeUndefined();
    }
  });
});

describe("with WEB_CONCURRENCY workers", () => {
  it("any worker's /metrics answers the sum over all workers, at once even when one has served nothing yet or is still starting", async () => {
    // tests/fixtures/cluster-metrics.ts: a primary and 5 workers: 3 counting their own requests
    // (worker i counts i + 1), one listening that has counted nothing (before answerClusterMetrics
    // it never answered the primary: every scrape waited 5 s and failed), one still starting; worker
    // 0 then asks for the metrics as GET /metrics does.
    const child = spawn(process.execPath, [path.resolve("tests/fixtures/cluster-metrics.ts")], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    // 'close', not 'exit': the output may still be in the pipe when the process has exited.
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(sample(out, "academia_http_requests_total", { route: "/cursos", status: "200" })).toBe(1 + 2 + 3);
    expect(client.register.getSingleMetric("academia_http_requests_total")).toBeDefined();
  });
});

/** The few routes the labels above need, as the build's manifest has them. */
const MANIFEST = {
  root: { id: "root", path: "" },
  "routes/courses/detail": { id: "routes/courses/detail", parentId: "root", path: "cursos/:cursoId" },
};
