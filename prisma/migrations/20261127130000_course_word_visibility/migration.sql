-- A visitor's search counts its matches on the word index alone (docs/decisions/009-flat-cost-at-scale.md):
-- each CourseWord row keeps a copy of its course's estado and dirigidoA, so the catalog's visibility
-- (published, for this audience) is read from (estado, word, dirigidoA, courseId) instead of visiting
-- the course of each of up to 1 001 matches. The copies are the database's to keep: a word row is
-- filled when it is inserted, and a course's change of either column is copied to its words by the
-- triggers below (the app never writes them).

ALTER TABLE "CourseWord" ADD COLUMN "estado" TEXT NOT NULL DEFAULT 'borrador';
ALTER TABLE "CourseWord" ADD COLUMN "dirigidoA" TEXT NOT NULL DEFAULT 'general';
UPDATE "CourseWord" SET ("estado", "dirigidoA") =
  (SELECT c."estado", c."dirigidoA" FROM "Course" c WHERE c."id" = "CourseWord"."courseId");
CREATE INDEX "CourseWord_estado_word_dirigidoA_courseId_idx" ON "CourseWord"("estado", "word", "dirigidoA", "courseId");

CREATE TRIGGER "CourseWord_copies_insert" AFTER INSERT ON "CourseWord" BEGIN
  UPDATE "CourseWord" SET ("estado", "dirigidoA") =
      (SELECT c."estado", c."dirigidoA" FROM "Course" c WHERE c."id" = NEW."courseId")
    WHERE "courseId" = NEW."courseId" AND "word" = NEW."word";
END;

CREATE TRIGGER "Course_visibility_to_CourseWord" AFTER UPDATE OF "estado", "dirigidoA" ON "Course"
  WHEN OLD."estado" IS NOT NEW."estado" OR OLD."dirigidoA" IS NOT NEW."dirigidoA" BEGIN
  UPDATE "CourseWord" SET "estado" = NEW."estado", "dirigidoA" = NEW."dirigidoA" WHERE "courseId" = NEW."id";
END;
