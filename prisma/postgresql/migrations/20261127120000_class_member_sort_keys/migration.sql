-- A class's pages on the class's own index ranges (docs/decisions/024-class-progress.md): each
-- member keeps a copy of its account's apellido and nombre and of its enrolment's progreso,
-- atascado and ultimaActividadEn, so the page of a class of 3 000 sorted by name, progress or last
-- activity reads 50 index entries instead of sorting 3 000 rows joined to their enrolments and
-- accounts. The copies are the database's to keep: a member's row is filled when it is inserted,
-- and every change of those columns in User or Enrolment is copied to the person's members by
-- the triggers below (the app never writes them).

-- AlterTable
ALTER TABLE "ClassMember" ADD COLUMN     "apellido" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "atascado" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "nombre" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "progreso" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ultimaActividadEn" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

UPDATE "ClassMember" m SET "apellido" = u."apellido", "nombre" = u."nombre"
  FROM "User" u WHERE u."id" = m."userId";
UPDATE "ClassMember" m SET "progreso" = e."progreso", "atascado" = e."atascado", "ultimaActividadEn" = e."ultimaActividadEn"
  FROM "Enrolment" e WHERE e."userId" = m."userId" AND e."cursoId" = m."cursoId";

-- CreateIndex
CREATE INDEX "ClassMember_claseId_apellido_nombre_userId_idx" ON "ClassMember"("claseId", "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_progress_asc_idx" ON "ClassMember"("claseId", "progreso", "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_progress_desc_idx" ON "ClassMember"("claseId", "progreso" DESC, "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_activity_asc_idx" ON "ClassMember"("claseId", "ultimaActividadEn", "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_activity_desc_idx" ON "ClassMember"("claseId", "ultimaActividadEn" DESC, "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_stuck_idx" ON "ClassMember"("claseId", "atascado", "ultimaActividadEn" DESC, "apellido", "nombre", "userId");

-- A new member gets its copies from its account and its enrolment. FOR SHARE: an enrolment or an
-- account being changed by another transaction is waited for and read as committed, and one read
-- here holds its change back until this member is committed, when that change's own trigger
-- below sees the member: neither order leaves a stale copy.
CREATE FUNCTION "class_member_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."apellido", u."nombre" INTO NEW."apellido", NEW."nombre"
    FROM "User" u WHERE u."id" = NEW."userId" FOR SHARE;
  SELECT e."progreso", e."atascado", e."ultimaActividadEn" INTO NEW."progreso", NEW."atascado", NEW."ultimaActividadEn"
    FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId" FOR SHARE;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "ClassMember_copies_insert" BEFORE INSERT ON "ClassMember"
  FOR EACH ROW EXECUTE FUNCTION "class_member_copies"();

-- A renamed account: its members in every class (the index on (userId, cursoId)).
CREATE FUNCTION "user_name_to_class_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ClassMember" SET "apellido" = NEW."apellido", "nombre" = NEW."nombre" WHERE "userId" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_name_to_ClassMember" AFTER UPDATE OF "apellido", "nombre" ON "User"
  FOR EACH ROW WHEN (OLD."apellido" IS DISTINCT FROM NEW."apellido" OR OLD."nombre" IS DISTINCT FROM NEW."nombre")
  EXECUTE FUNCTION "user_name_to_class_member"();

-- An enrolment's progress, flag or last activity: its members in the course's classes.
CREATE FUNCTION "enrolment_progress_to_class_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ClassMember" SET "progreso" = NEW."progreso", "atascado" = NEW."atascado",
      "ultimaActividadEn" = NEW."ultimaActividadEn"
    WHERE "userId" = NEW."userId" AND "cursoId" = NEW."cursoId";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Enrolment_progress_to_ClassMember" AFTER UPDATE OF "progreso", "atascado", "ultimaActividadEn" ON "Enrolment"
  FOR EACH ROW WHEN (OLD."progreso" IS DISTINCT FROM NEW."progreso" OR OLD."atascado" IS DISTINCT FROM NEW."atascado"
    OR OLD."ultimaActividadEn" IS DISTINCT FROM NEW."ultimaActividadEn")
  EXECUTE FUNCTION "enrolment_progress_to_class_member"();
