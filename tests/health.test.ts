// /healthz for load balancers (database and storage), and the configuration a scale-out needs.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { env, resetEnvCache, SESSION_SECRET_REQUIRED } from "~/lib/env.server.ts";
import * as healthz from "~/routes/healthz.ts";

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

describe("/healthz", () => {
  it("answers 200 when the database and the storage answer", async () => {
    const response = await healthz.loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", storage: "ok" });
  });

  it("answers 503 with the reason when the database does not", async () => {
    const spy = vi.spyOn(prisma, "$queryRawUnsafe").mockRejectedValueOnce(new Error("caída"));
    const response = await healthz.loader();
    spy.mockRestore();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "error",
      database: "error",
      storage: "ok",
      reason: "la base de datos no responde",
    });
  });

  it("answers 503 when the storage cannot be written", async () => {
    // A data directory whose "uploads" is a plain file: nothing can be stored under it.
    const dir = fs.mkdtempSync(path.join(process.env.ACADEMIA_TEST_DIR!, "roto-"));
    fs.writeFileSync(path.join(dir, "uploads"), "no soy un directorio");
    process.env.DATA_DIR = dir;
    resetEnvCache();
    const response = await healthz.loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: "ok", storage: "error" });
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
