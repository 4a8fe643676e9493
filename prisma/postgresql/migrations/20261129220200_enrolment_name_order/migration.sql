-- A course's gradebook in name order on the course's own index range (decision 047): each
-- enrolment keeps a copy of its account's apellido and nombre, as a class member does (decision
-- 024), so a page of a course of 3 000 reads its 25 index entries instead of sorting 3 000 rows
-- joined to their accounts. The copies are the database's to keep (the app never writes them): an
-- enrolment's are filled when it is inserted, and a renamed account's are copied to its enrolments.

-- AlterTable
ALTER TABLE "Enrolment" ADD COLUMN     "apellido" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nombre" TEXT NOT NULL DEFAULT '';

UPDATE "Enrolment" e SET "apellido" = u."apellido", "nombre" = u."nombre"
  FROM "User" u WHERE u."id" = e."userId";

-- CreateIndex
CREATE INDEX "Enrolment_cursoId_apellido_nombre_userId_idx" ON "Enrolment"("cursoId", "apellido", "nombre", "userId");

-- A new enrolment gets its copies from its account. FOR SHARE: an account being renamed by another
-- transaction is waited for and read as committed, and one read here holds its rename back until
-- this enrolment is committed, when the rename's own trigger below sees it: no stale copy.
CREATE FUNCTION "enrolment_name_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."apellido", u."nombre" INTO NEW."apellido", NEW."nombre"
    FROM "User" u WHERE u."id" = NEW."userId" FOR SHARE;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Enrolment_name_insert" BEFORE INSERT ON "Enrolment"
  FOR EACH ROW EXECUTE FUNCTION "enrolment_name_copies"();

-- A renamed account: its enrolments (the index on (userId, cursoId)).
CREATE FUNCTION "user_name_to_enrolment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Enrolment" SET "apellido" = NEW."apellido", "nombre" = NEW."nombre" WHERE "userId" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_name_to_Enrolment" AFTER UPDATE OF "apellido", "nombre" ON "User"
  FOR EACH ROW WHEN (OLD."apellido" IS DISTINCT FROM NEW."apellido" OR OLD."nombre" IS DISTINCT FROM NEW."nombre")
  EXECUTE FUNCTION "user_name_to_enrolment"();
