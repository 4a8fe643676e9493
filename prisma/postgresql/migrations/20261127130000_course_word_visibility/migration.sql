-- A visitor's search counts its matches on the word index alone (docs/decisions/009-flat-cost-at-scale.md):
-- each CourseWord row keeps a copy of its course's estado and dirigidoA, so the catalog's visibility
-- (published, for this audience) is read from (estado, word, dirigidoA, courseId) instead of visiting
-- the course of each of up to 1 001 matches. The copies are the database's to keep: a word row is
-- filled when it is inserted, and a course's change of either column is copied to its words by the
-- triggers below (the app never writes them).

-- AlterTable
ALTER TABLE "CourseWord" ADD COLUMN     "dirigidoA" TEXT NOT NULL DEFAULT 'general',
ADD COLUMN     "estado" TEXT NOT NULL DEFAULT 'borrador';

UPDATE "CourseWord" w SET "estado" = c."estado", "dirigidoA" = c."dirigidoA"
  FROM "Course" c WHERE c."id" = w."courseId";

-- CreateIndex
CREATE INDEX "CourseWord_estado_word_dirigidoA_courseId_idx" ON "CourseWord"("estado", "word", "dirigidoA", "courseId");

-- A new word row gets its course's copies. FOR SHARE: a course being changed by another transaction
-- is waited for and read as committed, and one read here holds its change back until this row is
-- committed, when that change's own trigger below sees it: neither order leaves a stale copy.
CREATE FUNCTION "course_word_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."estado", c."dirigidoA" INTO NEW."estado", NEW."dirigidoA"
    FROM "Course" c WHERE c."id" = NEW."courseId" FOR SHARE;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "CourseWord_copies_insert" BEFORE INSERT ON "CourseWord"
  FOR EACH ROW EXECUTE FUNCTION "course_word_copies"();

CREATE FUNCTION "course_visibility_to_course_word"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CourseWord" SET "estado" = NEW."estado", "dirigidoA" = NEW."dirigidoA" WHERE "courseId" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Course_visibility_to_CourseWord" AFTER UPDATE OF "estado", "dirigidoA" ON "Course"
  FOR EACH ROW WHEN (OLD."estado" IS DISTINCT FROM NEW."estado" OR OLD."dirigidoA" IS DISTINCT FROM NEW."dirigidoA")
  EXECUTE FUNCTION "course_visibility_to_course_word"();
