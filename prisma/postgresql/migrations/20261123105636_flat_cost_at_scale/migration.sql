-- DropIndex
DROP INDEX "Course_createdAt_idx";

-- DropIndex
DROP INDEX "Course_dirigidoA_estado_createdAt_idx";

-- DropIndex
DROP INDEX "Course_estado_cantidadParticipantes_idx";

-- DropIndex
DROP INDEX "Course_estado_createdAt_idx";

-- DropIndex
DROP INDEX "Message_toId_createdAt_idx";

-- DropIndex
DROP INDEX "User_aprobado_createdAt_idx";

-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "tituloBusqueda" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "Tally" (
    "key" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Tally_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "Course_estado_cantidadParticipantes_createdAt_id_idx" ON "Course"("estado", "cantidadParticipantes", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Course_estado_createdAt_id_idx" ON "Course"("estado", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Course_dirigidoA_estado_createdAt_id_idx" ON "Course"("dirigidoA", "estado", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Course_createdAt_id_idx" ON "Course"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Course_tituloBusqueda_idx" ON "Course"("tituloBusqueda");

-- CreateIndex
CREATE INDEX "Message_toId_createdAt_id_idx" ON "Message"("toId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "User_aprobado_createdAt_id_idx" ON "User"("aprobado", "createdAt" DESC, "id" DESC);

-- Tally: counts kept by triggers (docs/decisions/009-flat-cost-at-scale.md).
INSERT INTO "Tally" ("key", "n") SELECT 'course:' || "estado" || ':' || "dirigidoA", COUNT(*) FROM "Course" GROUP BY "estado", "dirigidoA";
INSERT INTO "Tally" ("key", "n") SELECT 'user:all', COUNT(*) FROM "User";
INSERT INTO "Tally" ("key", "n") SELECT 'user:pending', COUNT(*) FROM "User" WHERE NOT "aprobado" AND "suspendidoEn" IS NULL;

CREATE FUNCTION "tally_add"(tally_key TEXT, delta INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "Tally" ("key", "n") VALUES (tally_key, delta)
    ON CONFLICT ("key") DO UPDATE SET "n" = "Tally"."n" + EXCLUDED."n";
$$;

CREATE FUNCTION "course_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "tally_add"('course:' || OLD."estado" || ':' || OLD."dirigidoA", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "tally_add"('course:' || NEW."estado" || ':' || NEW."dirigidoA", 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Course_tally_insert_delete" AFTER INSERT OR DELETE ON "Course"
  FOR EACH ROW EXECUTE FUNCTION "course_tally"();
CREATE TRIGGER "Course_tally_update" AFTER UPDATE OF "estado", "dirigidoA" ON "Course"
  FOR EACH ROW WHEN (OLD."estado" IS DISTINCT FROM NEW."estado" OR OLD."dirigidoA" IS DISTINCT FROM NEW."dirigidoA")
  EXECUTE FUNCTION "course_tally"();

CREATE FUNCTION "user_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_OP = 'DELETE' THEN PERFORM "tally_add"('user:all', -1); END IF;
    IF NOT OLD."aprobado" AND OLD."suspendidoEn" IS NULL THEN PERFORM "tally_add"('user:pending', -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN PERFORM "tally_add"('user:all', 1); END IF;
    IF NOT NEW."aprobado" AND NEW."suspendidoEn" IS NULL THEN PERFORM "tally_add"('user:pending', 1); END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_tally_insert_delete" AFTER INSERT OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "user_tally"();
CREATE TRIGGER "User_tally_update" AFTER UPDATE OF "aprobado", "suspendidoEn" ON "User"
  FOR EACH ROW EXECUTE FUNCTION "user_tally"();
