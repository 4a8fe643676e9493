-- A course's gradebook in name order on the course's own index range (decision 047): each
-- enrolment keeps a copy of its account's apellido and nombre, as a class member does (decision
-- 024), so a page of a course of 3 000 reads its 25 index entries instead of sorting 3 000 rows
-- joined to their accounts. The copies are the database's to keep (the app never writes them): an
-- enrolment's are filled when it is inserted, and a renamed account's are copied to its
-- enrolments. SQLite adds the columns in place (a constant default): no rebuild, no trigger lost.

-- AlterTable
ALTER TABLE "Enrolment" ADD COLUMN "apellido" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Enrolment" ADD COLUMN "nombre" TEXT NOT NULL DEFAULT '';

UPDATE "Enrolment" SET ("apellido", "nombre") =
    (SELECT u."apellido", u."nombre" FROM "User" u WHERE u."id" = "Enrolment"."userId");

-- CreateIndex
CREATE INDEX "Enrolment_cursoId_apellido_nombre_userId_idx" ON "Enrolment"("cursoId", "apellido", "nombre", "userId");

-- A new enrolment gets its copies from its account (it exists: the foreign key).
CREATE TRIGGER "Enrolment_name_insert" AFTER INSERT ON "Enrolment" BEGIN
  UPDATE "Enrolment" SET ("apellido", "nombre") =
      (SELECT u."apellido", u."nombre" FROM "User" u WHERE u."id" = NEW."userId")
    WHERE "id" = NEW."id";
END;

-- A renamed account: its enrolments (the index on (userId, cursoId)).
CREATE TRIGGER "User_name_to_Enrolment" AFTER UPDATE OF "apellido", "nombre" ON "User"
  WHEN OLD."apellido" IS NOT NEW."apellido" OR OLD."nombre" IS NOT NEW."nombre" BEGIN
  UPDATE "Enrolment" SET "apellido" = NEW."apellido", "nombre" = NEW."nombre" WHERE "userId" = NEW."id";
END;
