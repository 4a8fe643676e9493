// The seed, run as `npm run db:seed` runs it (a child process on a fresh migrated database).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { detectFileKind } from "~/lib/file-types.ts";
import { makeCoverPng, pngSize } from "../../prisma/seed-assets.ts";

function freshDatabase() {
  const dir = process.env.ACADEMIA_TEST_DIR!;
  const id = crypto.randomUUID();
  const file = path.join(dir, `seed-${id}.db`);
  fs.copyFileSync(process.env.ACADEMIA_TEST_TEMPLATE!, file);
  return { file, dataDir: path.join(dir, `seed-${id}-data`) };
}

// The PDFs the first seed makes, read back by the second (the same bytes; prisma/seed-assets.ts).
const assetsCache = path.join(process.env.ACADEMIA_TEST_DIR!, `seed-assets-${crypto.randomUUID()}`);

function runSeed(file: string, dataDir: string, extraEnv: Record<string, string> = {}) {
  const { ADMIN_EMAIL: _a, ADMIN_PASSWORD: _b, ...env } = process.env;
  return execFileSync(process.execPath, ["prisma/seed.ts"], {
    env: { ...env, DATABASE_URL: `file:${file}`, DATA_DIR: dataDir, SEED_ASSETS_CACHE: assetsCache, ...extraEnv },
    encoding: "utf8",
  });
}

// These two read the seeded SQLite file directly; on the PostgreSQL run of the suite they are
// skipped (the seed's data access is the same Prisma code on both).
const sqliteOnly = it.skipIf(!!process.env.ACADEMIA_TEST_PG_TEMPLATE);

describe("seed", () => {
  sqliteOnly(
    "fills a demo catalog whose counters match its rows, with real PDFs and images",
    async () => {
      const { file, dataDir } = freshDatabase();
      const output = runSeed(file, dataDir);
      expect(output).toContain("admin@academia.cl");
      const db = new DatabaseSync(file, { readOnly: true });
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count("select count(*) n from Course")).toBeGreaterThanOrEqual(12);
      expect(count("select count(distinct dirigidoA) n from Course")).toBe(4);
      expect(count("select count(*) n from Course where estado = 'borrador'")).toBeGreaterThan(0);
      expect(count("select count(*) n from Book")).toBeGreaterThanOrEqual(6);
      expect(count("select count(*) n from User where aprobado = 0")).toBe(1);
      expect(count("select count(*) n from Message")).toBeGreaterThan(0);
      expect(
        count(
          "select count(*) n from Course c where c.cantidadParticipantes <> (select count(*) from Enrolment e where e.cursoId = c.id)",
        ),
      ).toBe(0);
      for (const role of ["admin", "docente", "estudiante", "comunidad"]) {
        expect(count(`select count(*) n from User where rol = '${role}' and aprobado = 1`)).toBeGreaterThan(0);
      }
      const book = db.prepare("select pdfKey, pages from Book limit 1").get() as { pdfKey: string; pages: number };
      const bytes = fs.readFileSync(path.join(dataDir, "uploads", book.pdfKey));
      expect(detectFileKind(bytes)).toBe("pdf");
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(book.pages);
      const course = db.prepare("select imagen from Course limit 1").get() as { imagen: string };
      expect(detectFileKind(fs.readFileSync(path.join(dataDir, "uploads", course.imagen)))).toBe("png");
      db.close();

      // Idempotent: a second run leaves the data alone.
      expect(runSeed(file, dataDir)).toContain("nada que sembrar");
    },
    90_000,
  ); // two seed runs in child processes: generous for a loaded CI machine

  sqliteOnly(
    "with ADMIN_EMAIL/ADMIN_PASSWORD creates that admin and no account with a known password",
    () => {
      const { file, dataDir } = freshDatabase();
      runSeed(file, dataDir, { ADMIN_EMAIL: "Jefa@Academia.cl", ADMIN_PASSWORD: "una clave de producción" });
      const db = new DatabaseSync(file, { readOnly: true });
      const users = db
        .prepare("select correo, rol from User")
        .all()
        .map((u) => ({ ...u }));
      expect(users).toEqual([{ correo: "jefa@academia.cl", rol: "admin" }]);
      expect((db.prepare("select count(*) n from Course").get() as { n: number }).n).toBeGreaterThanOrEqual(12);
      db.close();
    },
    60_000,
  );

  it("makes cover PNGs with the requested size", () => {
    const png = makeCoverPng({
      from: "#1e3a8a",
      to: "#0f766e",
      accent: "#fbbf24",
      theme: "tecnologia",
      width: 320,
      height: 180,
    });
    expect(detectFileKind(png)).toBe("png");
    expect(pngSize(png)).toEqual({ width: 320, height: 180 });
  });
});
