// Restarts that lose nothing (docs/decisions/030-logs-metrics-restarts.md): the real server
// (node server/index.ts, on this file's database) gets SIGTERM while a request is in flight and
// while its mail sender holds a claimed mail whose SMTP exchange hangs. It stops taking connections,
// finishes the request, gives the mail back to the outbox after SHUTDOWN_TIMEOUT_S, and exits 0.
// The build it serves is tests/fixtures/server-build.ts: the app's real jobs, shutdown steps and
// health routes, and a slow route (no `npm run build` needed before the unit tests).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { SLOW_STARTED } from "../fixtures/server-build.ts";

const root = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every server a test started: killed after it, whatever happened (a timed-out test skips its finally). */
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});

type Started = {
  child: ChildProcess;
  base: string;
  lines: () => Array<Record<string, unknown>>;
  exit: Promise<number>;
};

/** node server/index.ts on this file's database, serving the fixture build. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "./tests/fixtures/app-alias.ts", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The database this test file got (tests/setup.ts), already migrated.
      DATABASE_URL: process.env.DATABASE_URL,
      SKIP_MIGRATIONS: "true",
      ACADEMIA_SERVER_BUILD: "tests/fixtures/server-build.ts",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SMTP_URL: "",
      // One process (the default is one per core): the signals and log lines are a single server's.
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  // 'close', not 'exit': the process's last lines may still be in the pipe when it has exited.
  const exit = new Promise<number>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (i > 600 || child.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Whole lines only: the last one may be half read.
  const lines = () =>
    out
      .slice(0, out.lastIndexOf("\n") + 1)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, base, lines, exit };
}

/** Until the server has the slow request in hand (its own line says so), however loaded the machine. */
const inServersHands = (server: Started) =>
  until(() => server.lines().some((line) => line.msg === SLOW_STARTED), "the slow request reached the server");

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("SIGTERM", () => {
  it("stops taking connections, finishes the request in flight, gives back its claimed mail and exits 0", async () => {
    // An SMTP server that takes the mail's text and never answers: the send hangs after the claim.
    let receiving = false;
    const hold: Array<() => void> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        receiving = true;
        stream.resume();
        stream.on("end", () => hold.push(() => callback(new Error("apagado"))));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const smtpPort = (smtp.server.address() as net.AddressInfo).port;
    await prisma.outboxMail.updateMany({ where: { status: "pending" }, data: { status: "sent" } });
    const { id } = (await enqueueMail({ kind: "contact.form", to: "a@test.cl", subject: "s", text: "t" }))!;
    const server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_SEND_INTERVAL_S: "0.2",
      MAIL_LEASE_S: "300",
      SHUTDOWN_TIMEOUT_S: "3",
    });
    try {
      await until(() => receiving, "the sender reached the SMTP server's DATA");
      const claimed = await prisma.outboxMail.findUniqueOrThrow({ where: { id } });
      expect(claimed.claimedBy).not.toBeNull();
      expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 250_000); // leased for MAIL_LEASE_S

      const inFlight = fetch(`${server.base}/lento?ms=1500`);
      await inServersHands(server);
      server.child.kill("SIGTERM");
      // No new connection is taken…
      await until(async () => (await fetch(`${server.base}/healthz`).catch(() => null)) === null, "refused");
      // …the one in flight gets its whole answer…
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("hecho en 1500 ms");
      // …and, the hung send outlasting SHUTDOWN_TIMEOUT_S, the mail is given back and the process exits 0.
      // (Not a hang: the test's own timeout. Not a lease: the row is due again at once, below.)
      expect(await server.exit).toBe(0);
      const row = await prisma.outboxMail.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "pending", claimedBy: null, attempts: 0 });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

      const lines = server.lines();
      expect(lines.find((line) => line.msg === "request" && line.route === "/lento")).toMatchObject({ status: 200 });
      // It waited out SHUTDOWN_TIMEOUT_S (its own timer said so) and only then gave the mail back.
      const late = lines.findIndex((line) => String(line.msg).startsWith("Plazo de detención cumplido"));
      expect(lines[late]).toMatchObject({ level: "warn", timeoutS: 3 });
      expect(lines.findIndex((line) => line.msg === "mail given back")).toBeGreaterThan(late);
      expect(lines.find((line) => line.msg === "mail given back")).toMatchObject({ outboxId: id });
      expect(lines.at(-1)).toMatchObject({ msg: "Detenido", released: 1 });
    } finally {
      server.child.kill("SIGKILL");
      for (const release of hold) release();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  }, 120_000);

  it("with nothing in hand, exits once the requests are done, an idle keep-alive connection notwithstanding", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_S: "20" });
    const agent = new http.Agent({ keepAlive: true });
    try {
      // A keep-alive connection left open and idle, as a browser or a balancer keeps one.
      const idle = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(`${server.base}/healthz/ready`, { agent }, (res) => res.resume().on("end", () => resolve(res)))
          .on("error", reject),
      );
      expect(idle.statusCode).toBe(200);
      // Kept open 65 s, longer than a proxy keeps its side (60 s): the proxy closes first, never
      // the server under a request the proxy has just sent.
      expect(idle.headers["keep-alive"]).toBe("timeout=65");
      const inFlight = fetch(`${server.base}/lento?ms=1000`);
      await inServersHands(server);
      server.child.kill("SIGTERM");
      expect((await inFlight).status).toBe(200);
      expect(await server.exit).toBe(0);
      // Before SHUTDOWN_TIMEOUT_S: its timer never fired (the idle connection did not hold the stop).
      expect(server.lines().filter((line) => String(line.msg).startsWith("Plazo de detención cumplido"))).toEqual([]);
      expect(server.lines().at(-1)).toMatchObject({ msg: "Detenido", released: 0 });
    } finally {
      agent.destroy();
      server.child.kill("SIGKILL");
    }
  }, 120_000);

  it("a second signal while draining changes nothing (systemd or Ctrl-C signal every process, the cluster's primary again)", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_S: "20" });
    try {
      const inFlight = fetch(`${server.base}/lento?ms=1500`);
      await inServersHands(server);
      server.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill("SIGTERM");
      server.child.kill("SIGINT");
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("hecho en 1500 ms");
      expect(await server.exit).toBe(0);
      expect(server.lines().filter((line) => line.msg === "Detenido")).toHaveLength(1);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 120_000);
});
