-- DropIndex
DROP INDEX "AttemptAnswer_preguntaId_idx";

-- DropIndex
DROP INDEX "QuizAttempt_cursoId_idx";

-- CreateIndex
CREATE INDEX "AttemptAnswer_preguntaId_esCorrecta_idx" ON "AttemptAnswer"("preguntaId", "esCorrecta");

-- CreateIndex
CREATE INDEX "QuizAttempt_cursoId_userId_moduloId_aprobado_porcentaje_idx" ON "QuizAttempt"("cursoId", "userId", "moduloId", "aprobado", "porcentaje");

-- Tally keys of the admin summary (app/features/reports, docs/decisions/013-admin-insight.md):
-- accounts by role, enrolments and certificates in all and per month (UTC, 'YYYY-MM'); kept by
-- triggers like the keys of decision 009 (the outbox's keys are the next migration's).
INSERT INTO "Tally" ("key", "n") SELECT 'user:rol:' || lower("rol"), COUNT(*) FROM "User" GROUP BY lower("rol");
INSERT INTO "Tally" ("key", "n") SELECT 'enrol:all', COUNT(*) FROM "Enrolment";
INSERT INTO "Tally" ("key", "n")
  SELECT 'enrol:' || to_char("registradoEn", 'YYYY-MM'), COUNT(*) FROM "Enrolment" GROUP BY 1;
INSERT INTO "Tally" ("key", "n") SELECT 'cert:all', COUNT(*) FROM "Certificate";
INSERT INTO "Tally" ("key", "n")
  SELECT 'cert:' || to_char("emitidoEn", 'YYYY-MM'), COUNT(*) FROM "Certificate" GROUP BY 1;

CREATE FUNCTION "user_role_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM "tally_add"('user:rol:' || lower(OLD."rol"), -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "tally_add"('user:rol:' || lower(NEW."rol"), 1); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_role_tally_insert_delete" AFTER INSERT OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "user_role_tally"();
CREATE TRIGGER "User_role_tally_update" AFTER UPDATE OF "rol" ON "User"
  FOR EACH ROW WHEN (lower(OLD."rol") IS DISTINCT FROM lower(NEW."rol")) EXECUTE FUNCTION "user_role_tally"();

CREATE FUNCTION "enrolment_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM "tally_add"('enrol:all', 1); END IF;
  IF TG_OP = 'DELETE' THEN PERFORM "tally_add"('enrol:all', -1); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM "tally_add"('enrol:' || to_char(OLD."registradoEn", 'YYYY-MM'), -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "tally_add"('enrol:' || to_char(NEW."registradoEn", 'YYYY-MM'), 1); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Enrolment_tally_insert_delete" AFTER INSERT OR DELETE ON "Enrolment"
  FOR EACH ROW EXECUTE FUNCTION "enrolment_tally"();
CREATE TRIGGER "Enrolment_tally_update" AFTER UPDATE OF "registradoEn" ON "Enrolment"
  FOR EACH ROW WHEN (to_char(OLD."registradoEn", 'YYYY-MM') IS DISTINCT FROM to_char(NEW."registradoEn", 'YYYY-MM'))
  EXECUTE FUNCTION "enrolment_tally"();

CREATE FUNCTION "certificate_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM "tally_add"('cert:all', 1); END IF;
  IF TG_OP = 'DELETE' THEN PERFORM "tally_add"('cert:all', -1); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM "tally_add"('cert:' || to_char(OLD."emitidoEn", 'YYYY-MM'), -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "tally_add"('cert:' || to_char(NEW."emitidoEn", 'YYYY-MM'), 1); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Certificate_tally_insert_delete" AFTER INSERT OR DELETE ON "Certificate"
  FOR EACH ROW EXECUTE FUNCTION "certificate_tally"();
CREATE TRIGGER "Certificate_tally_update" AFTER UPDATE OF "emitidoEn" ON "Certificate"
  FOR EACH ROW WHEN (to_char(OLD."emitidoEn", 'YYYY-MM') IS DISTINCT FROM to_char(NEW."emitidoEn", 'YYYY-MM'))
  EXECUTE FUNCTION "certificate_tally"();
