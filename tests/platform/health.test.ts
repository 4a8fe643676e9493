// @postgresql: raw SQL (the ping and the migrations table)
// /healthz (liveness) and /healthz/ready (readiness: database, migrations, storage, not shutting
// down) for load balancers, and the configuration a scale-out needs.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { env, resetEnvCache, SESSION_SECRET_REQUIRED } from "~/lib/env.server.ts";
import { markStopping, READY_CHECK_MS } from "~/features/monitoring/health.server.ts";
import * as healthz from "~/routes/healthz.ts";
import * as ready from "~/routes/healthz-ready.ts";

const saved = {
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  SESSION_SECRET: process.env.SESSION_SECRET,
};
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

describe("/healthz (liveness)", () => {
  it("answers 200 while the process answers, without asking the database", async () => {
    const spy = vi.spyOn(prisma, "$queryRawUnsafe").mockRejectedValue(new Error("caída"));
    const raw = vi.spyOn(prisma, "$queryRaw");
    const response = healthz.loader();
    const asked = spy.mock.calls.length + raw.mock.calls.length;
    spy.mockRestore();
    raw.mockRestore();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
    expect(asked).toBe(0);
  });
});

describe("/healthz/ready (readiness)", () => {
  it("answers 200 when the database answers, the migrations are applied and the storage can be written", async () => {
    const response = await ready.loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", migrations: "ok", storage: "ok" });
  });

  it("answers 503 with the reason when the database does not", async () => {
    const spy = vi.spyOn(prisma, "$queryRawUnsafe").mockRejectedValueOnce(new Error("caída"));
    const response = await ready.loader();
    spy.mockRestore();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: "error",
      database: "error",
      storage: "ok",
      reason: "la base de datos no responde",
    });
  });

  it("answers 503 once its bound has passed when the database hangs (a fake clock)", async () => {
    const spy = vi.spyOn(prisma, "$queryRawUnsafe").mockReturnValueOnce(new Promise(() => {}) as never);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let answered = false;
      const pending = Promise.resolve(ready.loader()).finally(() => (answered = true));
      // The other checks answer; the hung one holds the answer until READY_CHECK_MS have passed.
      await vi.advanceTimersByTimeAsync(READY_CHECK_MS - 1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const response = await pending;
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ database: "error" });
    } finally {
      vi.useRealTimers();
      spy.mockRestore();
    }
  });

  it("answers 503 while a migration of this build is not applied", async () => {
    const [newest] = await prisma.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1",
    );
    const name = newest!.migration_name;
    await prisma.$executeRaw`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = ${name}`;
    try {
      const response = await ready.loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        database: "ok",
        migrations: "error",
        reason: "faltan migraciones por aplicar",
      });
    } finally {
      await prisma.$executeRaw`UPDATE _prisma_migrations SET finished_at = started_at WHERE migration_name = ${name}`;
    }
    expect((await ready.loader()).status).toBe(200);
  });

  it("answers 503 when the storage cannot be written", async () => {
    // A data directory whose "uploads" is a plain file: nothing can be stored under it.
    const dir = fs.mkdtempSync(path.join(process.env.ACADEMIA_TEST_DIR!, "roto-"));
    fs.writeFileSync(path.join(dir, "uploads"), "no soy un directorio");
    process.env.DATA_DIR = dir;
    resetEnvCache();
    const response = await ready.loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: "ok", storage: "error" });
  });

  it("answers 503 from the moment the instance starts shutting down; liveness stays 200", async () => {
    markStopping();
    const response = await ready.loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ stopping: true, reason: "la instancia se está deteniendo" });
    expect(healthz.loader().status).toBe(200);
  });
});

describe("configuration", () => {
  it("PostgreSQL needs SESSION_SECRET (every instance must sign alike); SQLite makes one", () => {
    process.env.DATABASE_URL = "postgresql://academia@127.0.0.1:5432/academia";
    delete process.env.SESSION_SECRET;
    resetEnvCache();
    expect(() => env()).toThrow(SESSION_SECRET_REQUIRED);
    process.env.SESSION_SECRET = "s".repeat(40);
    resetEnvCache();
    expect(env().sessionSecret).toBe("s".repeat(40));
  });
});
