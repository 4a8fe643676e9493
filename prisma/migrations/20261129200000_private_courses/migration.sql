-- Private courses (docs/decisions/039-private-courses.md): a course's visibility, 'publico' (the open
-- catalog, every course so far) or 'privado' (its team, admins and its enrolled learners only).
-- The catalog's indexes carry it after estado, so the public lists stay ranges of one index.
-- The counts (Tally 'course:{estado}:{dirigidoA}') and a word's copy (CourseWord.estado) hold
-- 'privado' in place of a private course's estado: the catalog's counts and searches, which read
-- the published (or, for docentes, the draft) keys, leave private courses out without a new column.

ALTER TABLE "Course" ADD COLUMN "visibilidad" TEXT NOT NULL DEFAULT 'publico';

DROP INDEX "Course_estado_cantidadParticipantes_createdAt_id_idx";
DROP INDEX "Course_estado_createdAt_id_idx";
DROP INDEX "Course_dirigidoA_estado_createdAt_id_idx";
CREATE INDEX "Course_estado_visibilidad_cantidadParticipantes_createdAt_id_idx" ON "Course"("estado", "visibilidad", "cantidadParticipantes", "createdAt", "id");
CREATE INDEX "Course_estado_visibilidad_createdAt_id_idx" ON "Course"("estado", "visibilidad", "createdAt", "id");
CREATE INDEX "Course_dirigidoA_estado_visibilidad_createdAt_id_idx" ON "Course"("dirigidoA", "estado", "visibilidad", "createdAt", "id");

DROP TRIGGER "Course_tally_insert";
DROP TRIGGER "Course_tally_delete";
DROP TRIGGER "Course_tally_update";
DROP TRIGGER "CourseWord_copies_insert";
DROP TRIGGER "Course_visibility_to_CourseWord";

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
