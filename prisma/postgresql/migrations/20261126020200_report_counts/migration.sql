-- CreateTable
CREATE TABLE "QuizPairTally" (
    "moduloId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "intentos" INTEGER NOT NULL DEFAULT 0,
    "aprobados" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "QuizPairTally_pkey" PRIMARY KEY ("moduloId", "userId")
);

-- CreateIndex
CREATE INDEX "QuizPairTally_cursoId_userId_idx" ON "QuizPairTally"("cursoId", "userId");

-- A course's report from counts the database keeps (issue 24 §7, docs/decisions/013-admin-insight.md):
--   report:curso:{id}:inscritos | comenzaron | certificados   (its current participants)
--   report:modulo:{id}:con-intento | aprobados | intentos     (current participants' pairs)
--   report:pregunta:{id}:respuestas | incorrectas             (every recorded answer)
-- "QuizPairTally" holds each (module, learner) pair's attempts and passed attempts (no row
-- without attempts): the triggers read it to know when a pair starts, first passes or ends.
-- Decrements are plain UPDATEs (never an upsert), so the keys of a deleted course, module or
-- question, removed by their own triggers, are not written again by the cascade's other rows.
-- The same logic as the SQLite twin, in PL/pgSQL functions.
INSERT INTO "QuizPairTally" ("moduloId", "userId", "cursoId", "intentos", "aprobados")
  SELECT "moduloId", "userId", MIN("cursoId"), COUNT(*), SUM(CASE WHEN "aprobado" THEN 1 ELSE 0 END)
  FROM "QuizAttempt" GROUP BY "moduloId", "userId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:curso:' || "cursoId" || ':inscritos', COUNT(*) FROM "Enrolment" GROUP BY "cursoId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:curso:' || p."cursoId" || ':comenzaron', COUNT(DISTINCT p."userId")
  FROM "QuizPairTally" p JOIN "Enrolment" e ON e."userId" = p."userId" AND e."cursoId" = p."cursoId"
  GROUP BY p."cursoId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:curso:' || c."cursoId" || ':certificados', COUNT(*)
  FROM "Certificate" c JOIN "Enrolment" e ON e."userId" = c."userId" AND e."cursoId" = c."cursoId"
  GROUP BY c."cursoId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:modulo:' || p."moduloId" || ':con-intento', COUNT(*)
  FROM "QuizPairTally" p JOIN "Enrolment" e ON e."userId" = p."userId" AND e."cursoId" = p."cursoId"
  GROUP BY p."moduloId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:modulo:' || p."moduloId" || ':aprobados', SUM(CASE WHEN p."aprobados" > 0 THEN 1 ELSE 0 END)
  FROM "QuizPairTally" p JOIN "Enrolment" e ON e."userId" = p."userId" AND e."cursoId" = p."cursoId"
  GROUP BY p."moduloId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:modulo:' || p."moduloId" || ':intentos', SUM(p."intentos")
  FROM "QuizPairTally" p JOIN "Enrolment" e ON e."userId" = p."userId" AND e."cursoId" = p."cursoId"
  GROUP BY p."moduloId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:pregunta:' || "preguntaId" || ':respuestas', COUNT(*)
  FROM "AttemptAnswer" WHERE "preguntaId" IS NOT NULL GROUP BY "preguntaId";
INSERT INTO "Tally" ("key", "n")
  SELECT 'report:pregunta:' || "preguntaId" || ':incorrectas', SUM(CASE WHEN "esCorrecta" THEN 0 ELSE 1 END)
  FROM "AttemptAnswer" WHERE "preguntaId" IS NOT NULL GROUP BY "preguntaId";

CREATE FUNCTION "report_enrolled"(learner TEXT, course TEXT) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = learner AND e."cursoId" = course);
$$;

-- An attempt: its pair's counts; for a current participant, the module's keys (and the course's
-- 'comenzaron' on the learner's first pair in the course), checked before the pair is written.
CREATE FUNCTION "quiz_attempt_report"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  enrolled boolean;
  had_pair boolean;
  had_pass boolean;
  left_attempts integer;
  left_passes integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    enrolled := "report_enrolled"(NEW."userId", NEW."cursoId");
    SELECT true, p."aprobados" > 0 INTO had_pair, had_pass
      FROM "QuizPairTally" p WHERE p."moduloId" = NEW."moduloId" AND p."userId" = NEW."userId";
    had_pair := COALESCE(had_pair, false);
    had_pass := COALESCE(had_pass, false);
    IF enrolled THEN
      IF NOT EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId") THEN
        PERFORM "tally_add"('report:curso:' || NEW."cursoId" || ':comenzaron', 1);
      END IF;
      IF NOT had_pair THEN PERFORM "tally_add"('report:modulo:' || NEW."moduloId" || ':con-intento', 1); END IF;
      IF NEW."aprobado" AND NOT had_pass THEN
        PERFORM "tally_add"('report:modulo:' || NEW."moduloId" || ':aprobados', 1);
      END IF;
      PERFORM "tally_add"('report:modulo:' || NEW."moduloId" || ':intentos', 1);
    END IF;
    INSERT INTO "QuizPairTally" ("moduloId", "userId", "cursoId", "intentos", "aprobados")
      VALUES (NEW."moduloId", NEW."userId", NEW."cursoId", 1, CASE WHEN NEW."aprobado" THEN 1 ELSE 0 END)
      ON CONFLICT ("moduloId", "userId") DO UPDATE
        SET "intentos" = "QuizPairTally"."intentos" + 1, "aprobados" = "QuizPairTally"."aprobados" + EXCLUDED."aprobados";
  ELSE
    UPDATE "QuizPairTally"
      SET "intentos" = "intentos" - 1, "aprobados" = "aprobados" - CASE WHEN OLD."aprobado" THEN 1 ELSE 0 END
      WHERE "moduloId" = OLD."moduloId" AND "userId" = OLD."userId"
      RETURNING "intentos", "aprobados" INTO left_attempts, left_passes;
    IF "report_enrolled"(OLD."userId", OLD."cursoId") THEN
      UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:modulo:' || OLD."moduloId" || ':intentos';
      IF OLD."aprobado" AND left_passes = 0 THEN
        UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:modulo:' || OLD."moduloId" || ':aprobados';
      END IF;
      IF left_attempts = 0 THEN
        UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:modulo:' || OLD."moduloId" || ':con-intento';
        IF NOT EXISTS (SELECT 1 FROM "QuizPairTally" p
                       WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId" AND p."intentos" > 0) THEN
          UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':comenzaron';
        END IF;
      END IF;
    END IF;
    DELETE FROM "QuizPairTally" WHERE "moduloId" = OLD."moduloId" AND "userId" = OLD."userId" AND "intentos" <= 0;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "QuizAttempt_report" AFTER INSERT OR DELETE ON "QuizAttempt"
  FOR EACH ROW EXECUTE FUNCTION "quiz_attempt_report"();

-- An enrolment adds (and its deletion takes away) the learner's pairs in the course, whatever
-- the order in which a cascade deletes enrolments and attempts.
CREATE FUNCTION "enrolment_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tally_add"('report:curso:' || NEW."cursoId" || ':inscritos', 1);
    IF EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId") THEN
      PERFORM "tally_add"('report:curso:' || NEW."cursoId" || ':comenzaron', 1);
    END IF;
    IF EXISTS (SELECT 1 FROM "Certificate" c WHERE c."userId" = NEW."userId" AND c."cursoId" = NEW."cursoId") THEN
      PERFORM "tally_add"('report:curso:' || NEW."cursoId" || ':certificados', 1);
    END IF;
    PERFORM "tally_add"('report:modulo:' || p."moduloId" || ':con-intento', 1)
      FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId";
    PERFORM "tally_add"('report:modulo:' || p."moduloId" || ':aprobados', 1)
      FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId" AND p."aprobados" > 0;
    PERFORM "tally_add"('report:modulo:' || p."moduloId" || ':intentos', p."intentos")
      FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId";
  ELSE
    UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':inscritos';
    IF EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId") THEN
      UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':comenzaron';
    END IF;
    IF EXISTS (SELECT 1 FROM "Certificate" c WHERE c."userId" = OLD."userId" AND c."cursoId" = OLD."cursoId") THEN
      UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':certificados';
    END IF;
    UPDATE "Tally" SET "n" = "Tally"."n" - 1 FROM "QuizPairTally" p
      WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId"
        AND "Tally"."key" = 'report:modulo:' || p."moduloId" || ':con-intento';
    UPDATE "Tally" SET "n" = "Tally"."n" - 1 FROM "QuizPairTally" p
      WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId" AND p."aprobados" > 0
        AND "Tally"."key" = 'report:modulo:' || p."moduloId" || ':aprobados';
    UPDATE "Tally" SET "n" = "Tally"."n" - p."intentos" FROM "QuizPairTally" p
      WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId"
        AND "Tally"."key" = 'report:modulo:' || p."moduloId" || ':intentos';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Enrolment_report" AFTER INSERT OR DELETE ON "Enrolment"
  FOR EACH ROW EXECUTE FUNCTION "enrolment_report"();

-- A certificate counts for its course while its holder is a participant.
CREATE FUNCTION "certificate_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND "report_enrolled"(OLD."userId", OLD."cursoId") THEN
    UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':certificados';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND "report_enrolled"(NEW."userId", NEW."cursoId") THEN
    PERFORM "tally_add"('report:curso:' || NEW."cursoId" || ':certificados', 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Certificate_report_insert_delete" AFTER INSERT OR DELETE ON "Certificate"
  FOR EACH ROW EXECUTE FUNCTION "certificate_report"();
CREATE TRIGGER "Certificate_report_update" AFTER UPDATE OF "userId", "cursoId" ON "Certificate"
  FOR EACH ROW EXECUTE FUNCTION "certificate_report"();

-- Every recorded answer to a question as it is now (an answer to a deleted question is set
-- to no question and leaves its counts).
CREATE FUNCTION "attempt_answer_report"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."preguntaId" IS NOT NULL THEN
    UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:pregunta:' || OLD."preguntaId" || ':respuestas';
    IF NOT OLD."esCorrecta" THEN
      UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:pregunta:' || OLD."preguntaId" || ':incorrectas';
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."preguntaId" IS NOT NULL THEN
    PERFORM "tally_add"('report:pregunta:' || NEW."preguntaId" || ':respuestas', 1);
    IF NOT NEW."esCorrecta" THEN
      PERFORM "tally_add"('report:pregunta:' || NEW."preguntaId" || ':incorrectas', 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "AttemptAnswer_report_insert_delete" AFTER INSERT OR DELETE ON "AttemptAnswer"
  FOR EACH ROW EXECUTE FUNCTION "attempt_answer_report"();
CREATE TRIGGER "AttemptAnswer_report_update" AFTER UPDATE OF "preguntaId", "esCorrecta" ON "AttemptAnswer"
  FOR EACH ROW EXECUTE FUNCTION "attempt_answer_report"();

-- The keys of a deleted course, module or question go with it.
CREATE FUNCTION "report_keys_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "Tally" WHERE "key" IN (SELECT TG_ARGV[0] || OLD."id" || ':' || k FROM unnest(TG_ARGV[1:]) AS k);
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Course_report_delete" AFTER DELETE ON "Course"
  FOR EACH ROW EXECUTE FUNCTION "report_keys_delete"('report:curso:', 'inscritos', 'comenzaron', 'certificados');
CREATE TRIGGER "Module_report_delete" AFTER DELETE ON "Module"
  FOR EACH ROW EXECUTE FUNCTION "report_keys_delete"('report:modulo:', 'con-intento', 'aprobados', 'intentos');
CREATE TRIGGER "QuizQuestion_report_delete" AFTER DELETE ON "QuizQuestion"
  FOR EACH ROW EXECUTE FUNCTION "report_keys_delete"('report:pregunta:', 'respuestas', 'incorrectas');
