// WEB_CONCURRENCY=2 (server/index.ts): the production build served by two worker processes
// sharing one port. A session made through one worker is honoured by the other, a write shows
// on the next page whoever serves it, and SIGTERM stops the primary and its workers. The server
// runs on a copy of the e2e database, on its own port; no browser is needed, so it runs once.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ESTUDIANTE, DEMO_PASSWORD } from "../prisma/demo-accounts.ts";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.E2E_PORT ?? 3310) + 40;
const BASE = `http://127.0.0.1:${PORT}`;

/** The worker processes of a cluster primary (Linux: its children). */
function childrenOf(pid: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
}

async function up() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the clustered server did not start");
}

test("dos procesos atienden el mismo puerto; la sesión vale en ambos y SIGTERM los detiene @sin-js", async ({
  baseURL: _baseURL,
}) => {
  const source = path.join(root, ".tmp", `e2e-${process.env.E2E_PORT ?? "3310"}`);
  const dir = fs.mkdtempSync(path.join(root, ".tmp", "web-concurrency-"));
  // A consistent copy of the running e2e database (VACUUM INTO reads a snapshot).
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(path.join(source, "e2e.db"), { readOnly: true });
  db.exec(`VACUUM INTO '${path.join(dir, "copy.db").replaceAll("'", "''")}'`);
  db.close();
  const { ADMIN_EMAIL: _e, ADMIN_PASSWORD: _p, ...inherited } = process.env;
  let server: ChildProcess | undefined = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      DATABASE_URL: `file:${path.join(dir, "copy.db")}`,
      DATA_DIR: path.join(dir, "data"),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SMTP_URL: "",
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: "metricas-de-la-prueba-0123456789",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await up();
    expect(childrenOf(server.pid!)).toHaveLength(2);
    const scrape = () =>
      fetch(`${BASE}/metrics`, { headers: { Authorization: "Bearer metricas-de-la-prueba-0123456789" } });
    // A scrape before the workers have served anything answers (each worker answers the primary
    // from its start, not from its first request).
    const first = await scrape();
    expect(first.status).toBe(200);
    await first.text();

    // Sign in once; every following request (spread over both workers by the primary) is signed in.
    const login = await fetch(`${BASE}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ correo: DEMO_ESTUDIANTE.correo, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(302);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const pages = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${BASE}/user`, { headers: { Cookie: cookie }, redirect: "manual" })),
    );
    expect(pages.map((r) => r.status)).toEqual(Array(12).fill(200));
    await Promise.all(pages.map((r) => r.text()));
    // Labelled by the pattern React Router matched (the root's middleware notes it), never the URL:
    // a course page and its data request, an API call, the not-found page.
    const listed = (await (await fetch(`${BASE}/api/cursos/destacados`)).json()) as { cursos: Array<{ id: string }> };
    const courseId = listed.cursos[0]!.id;
    const labelled = [
      await fetch(`${BASE}/cursos/${courseId}`, { headers: { Cookie: cookie } }),
      await fetch(`${BASE}/cursos/${courseId}.data`, { headers: { Cookie: cookie } }),
      await fetch(`${BASE}/no/existe/esta-pagina`),
    ];
    expect(labelled.map((r) => r.status)).toEqual([200, 200, 404]);
    await Promise.all(labelled.map((r) => r.text()));
    const read = async () => {
      const metrics = await scrape();
      expect(metrics.status).toBe(200);
      const lines = (await metrics.text()).split("\n");
      const count = (labels: string) =>
        Number(
          lines
            .find((l) => l.startsWith("academia_http_requests_total{") && l.includes(labels))
            ?.split(" ")
            .at(-1),
        );
      return { lines, count };
    };
    // A request is counted when its answer has been handed to the socket ('finish'), which on a
    // loaded machine can come after the client has read it: wait until every one is.
    await expect
      .poll(async () => {
        const { count } = await read();
        return [count('route="/cursos/:cursoId",status="200"'), count('route="/*",status="404"')];
      })
      .toEqual([2, 1]);
    // GET /metrics, whichever worker answers it, counts both workers' requests (the primary sums
    // them: docs/decisions/030-logs-metrics-restarts.md).
    for (let i = 0; i < 4; i++) {
      const { lines, count } = await read();
      expect(count('route="/user",status="200"')).toBeGreaterThanOrEqual(12);
      expect(count('route="/cursos/:cursoId",status="200"')).toBe(2);
      expect(count('route="/api/cursos/destacados",status="200"')).toBe(1);
      expect(count('route="/*",status="404"')).toBe(1);
      expect(lines.some((l) => l.includes(courseId))).toBe(false);
    }

    // A write through one worker is seen by the next read, whichever worker serves it.
    const before = await (await fetch(`${BASE}/user/courses`, { headers: { Cookie: cookie } })).text();
    const featured = (await (await fetch(`${BASE}/api/cursos/destacados`)).json()) as {
      cursos: Array<{ id: string; titulo: string }>;
    };
    const course = featured.cursos.find((c) => !before.includes(c.titulo))!;
    const enrol = await fetch(`${BASE}/cursos/${course.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "inscribir" }),
    });
    expect(enrol.status).toBe(302);
    for (let i = 0; i < 6; i++) {
      const after = await (await fetch(`${BASE}/user/courses`, { headers: { Cookie: cookie } })).text();
      expect(after).toContain(course.titulo);
    }

    // SIGTERM: the primary stops its workers and exits 0.
    const exited = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    server = undefined;
  } finally {
    server?.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
