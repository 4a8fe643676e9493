-- DropIndex
DROP INDEX "Message_toId_createdAt_idx";

-- DropIndex
DROP INDEX "User_aprobado_createdAt_idx";

-- CreateTable
CREATE TABLE "Tally" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "n" INTEGER NOT NULL DEFAULT 0
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Course" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "titulo" TEXT NOT NULL,
    "tituloBusqueda" TEXT NOT NULL DEFAULT '',
    "imagen" TEXT,
    "bienvenida" TEXT NOT NULL DEFAULT '',
    "duracionHoras" REAL,
    "dirigidoA" TEXT NOT NULL DEFAULT 'general',
    "estado" TEXT NOT NULL DEFAULT 'borrador',
    "publicadoEn" DATETIME,
    "fechaInicio" DATETIME,
    "fechaTermino" DATETIME,
    "herramientas" JSONB NOT NULL,
    "loAprenderan" JSONB NOT NULL,
    "cantidadParticipantes" INTEGER NOT NULL DEFAULT 0,
    "creadoPorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Course_creadoPorId_fkey" FOREIGN KEY ("creadoPorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Course" ("bienvenida", "cantidadParticipantes", "creadoPorId", "createdAt", "dirigidoA", "duracionHoras", "estado", "fechaInicio", "fechaTermino", "herramientas", "id", "imagen", "loAprenderan", "publicadoEn", "titulo", "updatedAt") SELECT "bienvenida", "cantidadParticipantes", "creadoPorId", "createdAt", "dirigidoA", "duracionHoras", "estado", "fechaInicio", "fechaTermino", "herramientas", "id", "imagen", "loAprenderan", "publicadoEn", "titulo", "updatedAt" FROM "Course";
DROP TABLE "Course";
ALTER TABLE "new_Course" RENAME TO "Course";
CREATE INDEX "Course_estado_cantidadParticipantes_createdAt_id_idx" ON "Course"("estado", "cantidadParticipantes", "createdAt", "id");
CREATE INDEX "Course_estado_createdAt_id_idx" ON "Course"("estado", "createdAt", "id");
CREATE INDEX "Course_dirigidoA_estado_createdAt_id_idx" ON "Course"("dirigidoA", "estado", "createdAt", "id");
CREATE INDEX "Course_createdAt_id_idx" ON "Course"("createdAt", "id");
CREATE INDEX "Course_tituloBusqueda_idx" ON "Course"("tituloBusqueda");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Message_toId_createdAt_id_idx" ON "Message"("toId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "User_aprobado_createdAt_id_idx" ON "User"("aprobado", "createdAt" DESC, "id" DESC);

-- Tally: counts kept by triggers (docs/decisions/009-flat-cost-at-scale.md). A later migration
-- that redefines "Course" or "User" (DROP TABLE + RENAME on SQLite) drops these triggers with
-- the table: recreate them there (tests/query-plans.test.ts fails when they are missing).
INSERT INTO "Tally" ("key", "n") SELECT 'course:' || "estado" || ':' || "dirigidoA", COUNT(*) FROM "Course" GROUP BY "estado", "dirigidoA";
INSERT INTO "Tally" ("key", "n") SELECT 'user:all', COUNT(*) FROM "User";
INSERT INTO "Tally" ("key", "n") SELECT 'user:pending', COUNT(*) FROM "User" WHERE "aprobado" = 0 AND "suspendidoEn" IS NULL;

CREATE TRIGGER "Course_tally_insert" AFTER INSERT ON "Course" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('course:' || NEW."estado" || ':' || NEW."dirigidoA", 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Course_tally_delete" AFTER DELETE ON "Course" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'course:' || OLD."estado" || ':' || OLD."dirigidoA";
END;
CREATE TRIGGER "Course_tally_update" AFTER UPDATE OF "estado", "dirigidoA" ON "Course"
WHEN OLD."estado" IS NOT NEW."estado" OR OLD."dirigidoA" IS NOT NEW."dirigidoA" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'course:' || OLD."estado" || ':' || OLD."dirigidoA";
  INSERT INTO "Tally" ("key", "n") VALUES ('course:' || NEW."estado" || ':' || NEW."dirigidoA", 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "User_tally_insert" AFTER INSERT ON "User" BEGIN
  UPDATE "Tally" SET "n" = "n" + 1 WHERE "key" = 'user:all';
  UPDATE "Tally" SET "n" = "n" + 1 WHERE "key" = 'user:pending' AND NEW."aprobado" = 0 AND NEW."suspendidoEn" IS NULL;
END;
CREATE TRIGGER "User_tally_delete" AFTER DELETE ON "User" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'user:all';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'user:pending' AND OLD."aprobado" = 0 AND OLD."suspendidoEn" IS NULL;
END;
CREATE TRIGGER "User_tally_update" AFTER UPDATE OF "aprobado", "suspendidoEn" ON "User" BEGIN
  UPDATE "Tally"
    SET "n" = "n" + (NEW."aprobado" = 0 AND NEW."suspendidoEn" IS NULL) - (OLD."aprobado" = 0 AND OLD."suspendidoEn" IS NULL)
    WHERE "key" = 'user:pending';
END;
