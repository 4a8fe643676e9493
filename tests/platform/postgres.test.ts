// @postgresql: the PostgreSQL path itself (migrations, client factory)
// The PostgreSQL path (docs/decisions/004-postgresql.md): migrations from
// prisma/postgresql/migrations, diffed by the wasm engine, and the runtime client factory.
//
// Runs only when TEST_POSTGRES_URL points at a PostgreSQL server where the user may create
// databases (e.g. postgresql://postgres@127.0.0.1:5432/postgres). Each run creates its own
// databases and drops them afterwards. `bash scripts/pg-test.sh` starts a throwaway local
// cluster, runs this file and stops the cluster.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/lib/db.server";
import { PG_SCHEMA, SOURCE_SCHEMA, derivePgSchema } from "../../scripts/pg-schema.ts";
import { diffSchema } from "../../scripts/migrate/dev-commands.ts";
import {
  PG_MIGRATIONS_DIR,
  deployMigrations,
  migrationStatus,
  MIGRATIONS_DIR,
  readMigrations,
} from "../../server/migrate/index.ts";

const BASE_URL = process.env.TEST_POSTGRES_URL;
const title = BASE_URL
  ? "PostgreSQL"
  : "PostgreSQL: skipped, TEST_POSTGRES_URL is not set (run: bash scripts/pg-test.sh)";

if (!BASE_URL) {
  // Visible in the default reporter too (a skipped describe only shows its title with --reporter=verbose).
  console.warn(`tests/platform/postgres.test.ts: ${title}`);
}

function dbUrl(name: string): string {
  const u = new URL(BASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const created: string[] = [];
async function freshDatabase(label: string): Promise<string> {
  const name = `academia_test_${label}_${crypto.randomBytes(4).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  return dbUrl(name);
}

async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!BASE_URL)(title, () => {
  const migrations = readMigrations(PG_MIGRATIONS_DIR);
  let url: string;

  beforeAll(async () => {
    url = await freshDatabase("main");
  });

  afterAll(async () => {
    if (!BASE_URL) return;
    await admin(async (c) => {
      for (const name of created) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  });

  it("uses an up-to-date derived schema (node scripts/pg-schema.ts)", () => {
    expect(fs.readFileSync(PG_SCHEMA, "utf8")).toBe(derivePgSchema(fs.readFileSync(SOURCE_SCHEMA, "utf8")));
  });

  it("has its own migrations folder with a postgresql lock file", () => {
    expect(migrations.length).toBeGreaterThanOrEqual(1);
    expect(migrations[0]!.name).toMatch(/^\d{14}_init$/);
    const lock = fs.readFileSync(path.join(PG_MIGRATIONS_DIR, "migration_lock.toml"), "utf8");
    expect(lock).toMatch(/^provider = "postgresql"$/m);
  });

  it("deploys every migration into a fresh database, with sha256 checksums", async () => {
    const result = await deployMigrations(url);
    expect(result.applied).toEqual(migrations.map((m) => m.name));

    const tables = (
      await query<{ t: string }>(url, "SELECT tablename::text AS t FROM pg_tables WHERE schemaname = 'public'")
    ).map((r) => r.t);
    for (const table of [
      "User",
      "Session",
      "Course",
      "Module",
      "Enrolment",
      "Certificate",
      "Book",
      "Message",
      "OutboxMail",
      "AuditLog",
      "_prisma_migrations",
    ]) {
      expect(tables).toContain(table);
    }
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      url,
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    expect(rows[0]!.checksum).toBe(crypto.createHash("sha256").update(migrations[0]!.sql).digest("hex"));
    expect(rows[0]!.finished_at).not.toBeNull();
  });

  it("is idempotent, up to date, and the migrations match the derived schema", async () => {
    expect((await deployMigrations(url)).applied).toEqual([]);
    const status = await migrationStatus({ url });
    expect(status.upToDate).toBe(true);
    // A stale prisma/postgresql/migrations (schema changed, no PostgreSQL migration) shows here.
    expect(await diffSchema({ url })).toBe("");
    // The engine's shadow databases (diff) are dropped afterwards.
    const shadows = await admin((c) =>
      c.query("SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'"),
    );
    expect(shadows.rows).toEqual([]);
  });

  it("samples the word indexes' columns widely enough to estimate a search's range (migration word_statistics)", async () => {
    const rows = await query<{ table: string; target: number }>(
      url,
      `SELECT c.relname::text AS "table", a.attstattarget::int AS target FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       WHERE a.attname = 'word' AND c.relname IN ('CourseWord', 'UserWord', 'BookWord') ORDER BY 1`,
    );
    expect(rows).toEqual([
      { table: "BookWord", target: 1000 },
      { table: "CourseWord", target: 1000 },
      { table: "UserWord", target: 1000 },
    ]);
  });

  it("keeps no trigger or function of the per-person page stamps (migration drop_personal_page_stamps)", async () => {
    const triggers = await query(
      url,
      "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%personal%'",
    );
    const functions = await query(
      url,
      `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND p.proname LIKE '%personal%'`,
    );
    expect({ triggers, functions }).toEqual({ triggers: [], functions: [] });
  });

  it("refuses the SQLite migrations folder (P3019)", async () => {
    await expect(deployMigrations(url, { migrationsDir: MIGRATIONS_DIR })).rejects.toThrow(/P3019/);
  });

  it("applies each migration once when deploys race on a fresh database", async () => {
    const raceUrl = await freshDatabase("race");
    const results = await Promise.all([1, 2, 3, 4].map(() => deployMigrations(raceUrl)));
    expect(results.flatMap((r) => r.applied)).toHaveLength(migrations.length);
    const rows = await query(raceUrl, `SELECT migration_name FROM "_prisma_migrations"`);
    expect(rows).toHaveLength(migrations.length);
  });

  it("round-trips data through the runtime client factory (Json, relations, P2002)", async () => {
    const prisma = createPrismaClient(url);
    try {
      const user = await prisma.user.create({
        data: {
          nombre: "Ana",
          apellido: "Pérez",
          correo: "ana@example.com",
          rol: "docente",
          passwordHash: "x",
          fechaNacimiento: new Date("1990-05-17T00:00:00.000Z"),
        },
      });
      expect(user.aprobado).toBe(false);
      expect(user.createdAt).toBeInstanceOf(Date);

      const course = await prisma.course.create({
        data: {
          titulo: "Álgebra",
          duracionHoras: 12.5,
          herramientas: ["Calculadora", "Cuaderno"],
          loAprenderan: ["Ecuaciones", "Matrices: «básico»; ‘avanzado’"],
          creadoPorId: user.id,
          modulos: {
            create: [
              { posicion: 0, titulo: "Intro" },
              { posicion: 1, titulo: "Ecuaciones" },
            ],
          },
        },
      });
      const read = await prisma.course.findUniqueOrThrow({
        where: { id: course.id },
        include: { creadoPor: true, modulos: { orderBy: { posicion: "asc" } } },
      });
      expect(read.herramientas).toEqual(["Calculadora", "Cuaderno"]);
      expect(read.loAprenderan).toEqual(["Ecuaciones", "Matrices: «básico»; ‘avanzado’"]);
      expect(read.duracionHoras).toBe(12.5);
      expect(read.creadoPor?.correo).toBe("ana@example.com");
      expect(read.modulos.map((m) => m.titulo)).toEqual(["Intro", "Ecuaciones"]);

      // Interactive transaction + counter update, as the enrolment service does.
      await prisma.$transaction(async (tx) => {
        await tx.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
        await tx.course.update({
          where: { id: course.id },
          data: { cantidadParticipantes: { increment: 1 } },
        });
      });
      expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).cantidadParticipantes).toBe(1);

      // Unique constraint → P2002 (app/features/accounts/register.server.ts relies on the code).
      await expect(
        prisma.user.create({
          data: { nombre: "Otra", apellido: "Ana", correo: "ana@example.com", rol: "estudiante", passwordHash: "y" },
        }),
      ).rejects.toMatchObject({ code: "P2002" });
      await expect(prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } })).rejects.toMatchObject({
        code: "P2002",
      });

      // Library search goes through the normalised searchText column (portable); `contains`
      // itself is case-sensitive on PostgreSQL.
      await prisma.book.create({
        data: {
          title: "Cien años de soledad",
          author: "Gabriel García Márquez",
          pages: 471,
          description: "",
          pdfKey: "k1",
          pdfSize: 1,
          searchText: "cien anos de soledad gabriel garcia marquez",
        },
      });
      expect(await prisma.book.count({ where: { searchText: { contains: "garcia" } } })).toBe(1);
      expect(await prisma.book.count({ where: { title: { contains: "cien" } } })).toBe(0);

      // Cascades and SET NULL behave as on SQLite.
      await prisma.user.delete({ where: { id: user.id } });
      expect(await prisma.enrolment.count()).toBe(0);
      expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).creadoPorId).toBeNull();

      expect(await prisma.$queryRawUnsafe("SELECT 1 AS one")).toEqual([{ one: 1 }]);
      // The app's sessions plan without parallel workers (APP_PG_OPTIONS).
      expect(await prisma.$queryRawUnsafe("SHOW max_parallel_workers_per_gather")).toEqual([
        { max_parallel_workers_per_gather: "0" },
      ]);
    } finally {
      await prisma.$disconnect();
    }
  });
});
