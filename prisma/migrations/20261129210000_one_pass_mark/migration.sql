-- One pass mark (docs/decisions/043-one-pass-mark.md): a course's exigencia is its pass mark as
-- well as the percentage that earns a 4,0. Every course so far passed its quizzes at 70 %
-- (each stored QuizAttempt.aprobado was graded against 70), so every course's exigencia becomes
-- 70, and so does the default. SQLite changes a column's default by rebuilding the table, which
-- drops its triggers and cannot rename a table another trigger reads: they are dropped and
-- created again below, unchanged.

DROP TRIGGER "CourseWord_copies_insert";

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
    "visibilidad" TEXT NOT NULL DEFAULT 'publico',
    "publicadoEn" DATETIME,
    "fechaInicio" DATETIME,
    "fechaTermino" DATETIME,
    "herramientas" JSONB NOT NULL,
    "loAprenderan" JSONB NOT NULL,
    "cantidadParticipantes" INTEGER NOT NULL DEFAULT 0,
    "exigencia" INTEGER NOT NULL DEFAULT 70,
    "creadoPorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Course_creadoPorId_fkey" FOREIGN KEY ("creadoPorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Course" ("bienvenida", "cantidadParticipantes", "creadoPorId", "createdAt", "dirigidoA", "duracionHoras", "estado", "exigencia", "fechaInicio", "fechaTermino", "herramientas", "id", "imagen", "loAprenderan", "publicadoEn", "titulo", "tituloBusqueda", "updatedAt", "visibilidad") SELECT "bienvenida", "cantidadParticipantes", "creadoPorId", "createdAt", "dirigidoA", "duracionHoras", "estado", "exigencia", "fechaInicio", "fechaTermino", "herramientas", "id", "imagen", "loAprenderan", "publicadoEn", "titulo", "tituloBusqueda", "updatedAt", "visibilidad" FROM "Course";
DROP TABLE "Course";
ALTER TABLE "new_Course" RENAME TO "Course";
CREATE INDEX "Course_estado_visibilidad_cantidadParticipantes_createdAt_id_idx" ON "Course"("estado", "visibilidad", "cantidadParticipantes", "createdAt", "id");
CREATE INDEX "Course_estado_visibilidad_createdAt_id_idx" ON "Course"("estado", "visibilidad", "createdAt", "id");
CREATE INDEX "Course_dirigidoA_estado_visibilidad_createdAt_id_idx" ON "Course"("dirigidoA", "estado", "visibilidad", "createdAt", "id");
CREATE INDEX "Course_createdAt_id_idx" ON "Course"("createdAt", "id");
CREATE INDEX "Course_tituloBusqueda_idx" ON "Course"("tituloBusqueda");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

CREATE TRIGGER "Course_report_delete" AFTER DELETE ON "Course" BEGIN
  DELETE FROM "Tally" WHERE "key" IN ('report:curso:' || OLD."id" || ':inscritos',
    'report:curso:' || OLD."id" || ':comenzaron', 'report:curso:' || OLD."id" || ':certificados');
END;
CREATE TRIGGER "Course_tally_insert" AFTER INSERT ON "Course" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('course:' || CASE WHEN NEW."visibilidad" = 'privado' THEN 'privado' ELSE NEW."estado" END || ':' || NEW."dirigidoA", 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Course_tally_delete" AFTER DELETE ON "Course" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1
    WHERE "key" = 'course:' || CASE WHEN OLD."visibilidad" = 'privado' THEN 'privado' ELSE OLD."estado" END || ':' || OLD."dirigidoA";
END;
CREATE TRIGGER "Course_tally_update" AFTER UPDATE OF "estado", "dirigidoA", "visibilidad" ON "Course"
WHEN OLD."estado" IS NOT NEW."estado" OR OLD."dirigidoA" IS NOT NEW."dirigidoA" OR OLD."visibilidad" IS NOT NEW."visibilidad" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1
    WHERE "key" = 'course:' || CASE WHEN OLD."visibilidad" = 'privado' THEN 'privado' ELSE OLD."estado" END || ':' || OLD."dirigidoA";
  INSERT INTO "Tally" ("key", "n") VALUES ('course:' || CASE WHEN NEW."visibilidad" = 'privado' THEN 'privado' ELSE NEW."estado" END || ':' || NEW."dirigidoA", 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "CourseWord_copies_insert" AFTER INSERT ON "CourseWord" BEGIN
  UPDATE "CourseWord" SET ("estado", "dirigidoA") =
      (SELECT CASE WHEN c."visibilidad" = 'privado' THEN 'privado' ELSE c."estado" END, c."dirigidoA"
        FROM "Course" c WHERE c."id" = NEW."courseId")
    WHERE "courseId" = NEW."courseId" AND "word" = NEW."word";
END;
CREATE TRIGGER "Course_visibility_to_CourseWord" AFTER UPDATE OF "estado", "dirigidoA", "visibilidad" ON "Course"
  WHEN OLD."estado" IS NOT NEW."estado" OR OLD."dirigidoA" IS NOT NEW."dirigidoA" OR OLD."visibilidad" IS NOT NEW."visibilidad" BEGIN
  UPDATE "CourseWord" SET "estado" = CASE WHEN NEW."visibilidad" = 'privado' THEN 'privado' ELSE NEW."estado" END,
      "dirigidoA" = NEW."dirigidoA"
    WHERE "courseId" = NEW."id";
END;

UPDATE "Course" SET "exigencia" = 70;
