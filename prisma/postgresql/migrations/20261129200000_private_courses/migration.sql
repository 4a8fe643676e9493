-- Private courses (docs/decisions/039-private-courses.md): a course's visibility, 'publico' (the open
-- catalog, every course so far) or 'privado' (its team, admins and its enrolled learners only).
-- The catalog's indexes carry it after estado, so the public lists stay ranges of one index.
-- The counts (Tally 'course:{estado}:{dirigidoA}') and a word's copy (CourseWord.estado) hold
-- 'privado' in place of a private course's estado: the catalog's counts and searches, which read
-- the published (or, for docentes, the draft) keys, leave private courses out without a new column.

-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "visibilidad" TEXT NOT NULL DEFAULT 'publico';

-- DropIndex
DROP INDEX "Course_dirigidoA_estado_createdAt_id_idx";
DROP INDEX "Course_estado_cantidadParticipantes_createdAt_id_idx";
DROP INDEX "Course_estado_createdAt_id_idx";

-- CreateIndex
CREATE INDEX "Course_estado_visibilidad_cantidadParticipantes_createdAt_i_idx" ON "Course"("estado", "visibilidad", "cantidadParticipantes", "createdAt", "id");
CREATE INDEX "Course_estado_visibilidad_createdAt_id_idx" ON "Course"("estado", "visibilidad", "createdAt", "id");
CREATE INDEX "Course_dirigidoA_estado_visibilidad_createdAt_id_idx" ON "Course"("dirigidoA", "estado", "visibilidad", "createdAt", "id");

-- The catalog state a course is counted and searched under: its estado, or 'privado'.
CREATE FUNCTION "course_catalog_state"(estado TEXT, visibilidad TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN visibilidad = 'privado' THEN 'privado' ELSE estado END;
$$;

CREATE OR REPLACE FUNCTION "course_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "tally_add"('course:' || "course_catalog_state"(OLD."estado", OLD."visibilidad") || ':' || OLD."dirigidoA", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "tally_add"('course:' || "course_catalog_state"(NEW."estado", NEW."visibilidad") || ':' || NEW."dirigidoA", 1);
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER "Course_tally_update" ON "Course";
CREATE TRIGGER "Course_tally_update" AFTER UPDATE OF "estado", "dirigidoA", "visibilidad" ON "Course"
  FOR EACH ROW WHEN (OLD."estado" IS DISTINCT FROM NEW."estado" OR OLD."dirigidoA" IS DISTINCT FROM NEW."dirigidoA"
    OR OLD."visibilidad" IS DISTINCT FROM NEW."visibilidad")
  EXECUTE FUNCTION "course_tally"();

CREATE OR REPLACE FUNCTION "course_word_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "course_catalog_state"(c."estado", c."visibilidad"), c."dirigidoA" INTO NEW."estado", NEW."dirigidoA"
    FROM "Course" c WHERE c."id" = NEW."courseId" FOR SHARE;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION "course_visibility_to_course_word"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CourseWord" SET "estado" = "course_catalog_state"(NEW."estado", NEW."visibilidad"), "dirigidoA" = NEW."dirigidoA"
    WHERE "courseId" = NEW."id";
  RETURN NULL;
END;
$$;
DROP TRIGGER "Course_visibility_to_CourseWord" ON "Course";
CREATE TRIGGER "Course_visibility_to_CourseWord" AFTER UPDATE OF "estado", "dirigidoA", "visibilidad" ON "Course"
  FOR EACH ROW WHEN (OLD."estado" IS DISTINCT FROM NEW."estado" OR OLD."dirigidoA" IS DISTINCT FROM NEW."dirigidoA"
    OR OLD."visibilidad" IS DISTINCT FROM NEW."visibilidad")
  EXECUTE FUNCTION "course_visibility_to_course_word"();
