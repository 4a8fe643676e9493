-- CreateTable
CREATE TABLE "QuizPairTally" (
    "moduloId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "intentos" INTEGER NOT NULL DEFAULT 0,
    "aprobados" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("moduloId", "userId")
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
-- The same logic as the PostgreSQL twin. A later migration that redefines "QuizAttempt",
-- "AttemptAnswer", "Enrolment", "Certificate", "Course", "Module" or "QuizQuestion"
-- (DROP TABLE + RENAME) drops these triggers: recreate them there.
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

-- An attempt: its pair's counts; for a current participant, the module's keys (and the course's
-- 'comenzaron' on the learner's first pair in the course), checked before the pair is written.
CREATE TRIGGER "QuizAttempt_report_insert" AFTER INSERT ON "QuizAttempt" BEGIN
  INSERT INTO "Tally" ("key", "n") SELECT 'report:curso:' || NEW."cursoId" || ':comenzaron', 1
    WHERE EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
      AND NOT EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:modulo:' || NEW."moduloId" || ':con-intento', 1
    WHERE EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
      AND NOT EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."moduloId" = NEW."moduloId" AND p."userId" = NEW."userId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:modulo:' || NEW."moduloId" || ':aprobados', 1
    WHERE NEW."aprobado"
      AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
      AND NOT EXISTS (SELECT 1 FROM "QuizPairTally" p
                      WHERE p."moduloId" = NEW."moduloId" AND p."userId" = NEW."userId" AND p."aprobados" > 0)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:modulo:' || NEW."moduloId" || ':intentos', 1
    WHERE EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "QuizPairTally" ("moduloId", "userId", "cursoId", "intentos", "aprobados")
    VALUES (NEW."moduloId", NEW."userId", NEW."cursoId", 1, CASE WHEN NEW."aprobado" THEN 1 ELSE 0 END)
    ON CONFLICT ("moduloId", "userId") DO UPDATE
      SET "intentos" = "intentos" + 1, "aprobados" = "aprobados" + excluded."aprobados";
END;
CREATE TRIGGER "QuizAttempt_report_delete" AFTER DELETE ON "QuizAttempt" BEGIN
  UPDATE "QuizPairTally"
    SET "intentos" = "intentos" - 1, "aprobados" = "aprobados" - CASE WHEN OLD."aprobado" THEN 1 ELSE 0 END
    WHERE "moduloId" = OLD."moduloId" AND "userId" = OLD."userId";
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:modulo:' || OLD."moduloId" || ':intentos'
    AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = OLD."userId" AND e."cursoId" = OLD."cursoId");
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:modulo:' || OLD."moduloId" || ':aprobados'
    AND OLD."aprobado"
    AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = OLD."userId" AND e."cursoId" = OLD."cursoId")
    AND EXISTS (SELECT 1 FROM "QuizPairTally" p
                WHERE p."moduloId" = OLD."moduloId" AND p."userId" = OLD."userId" AND p."aprobados" = 0);
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:modulo:' || OLD."moduloId" || ':con-intento'
    AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = OLD."userId" AND e."cursoId" = OLD."cursoId")
    AND EXISTS (SELECT 1 FROM "QuizPairTally" p
                WHERE p."moduloId" = OLD."moduloId" AND p."userId" = OLD."userId" AND p."intentos" = 0);
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':comenzaron'
    AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = OLD."userId" AND e."cursoId" = OLD."cursoId")
    AND EXISTS (SELECT 1 FROM "QuizPairTally" p
                WHERE p."moduloId" = OLD."moduloId" AND p."userId" = OLD."userId" AND p."intentos" = 0)
    AND NOT EXISTS (SELECT 1 FROM "QuizPairTally" p
                    WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId" AND p."intentos" > 0);
  DELETE FROM "QuizPairTally" WHERE "moduloId" = OLD."moduloId" AND "userId" = OLD."userId" AND "intentos" <= 0;
END;

-- An enrolment adds (and its deletion takes away) the learner's pairs in the course, whatever
-- the order in which a cascade deletes enrolments and attempts.
CREATE TRIGGER "Enrolment_report_insert" AFTER INSERT ON "Enrolment" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('report:curso:' || NEW."cursoId" || ':inscritos', 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:curso:' || NEW."cursoId" || ':comenzaron', 1
    WHERE EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:curso:' || NEW."cursoId" || ':certificados', 1
    WHERE EXISTS (SELECT 1 FROM "Certificate" c WHERE c."userId" = NEW."userId" AND c."cursoId" = NEW."cursoId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:modulo:' || p."moduloId" || ':con-intento', 1
    FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId"
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "Tally" ("key", "n") SELECT 'report:modulo:' || p."moduloId" || ':aprobados', 1
    FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId" AND p."aprobados" > 0
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "Tally" ("key", "n") SELECT 'report:modulo:' || p."moduloId" || ':intentos', p."intentos"
    FROM "QuizPairTally" p WHERE p."cursoId" = NEW."cursoId" AND p."userId" = NEW."userId"
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + excluded."n";
END;
CREATE TRIGGER "Enrolment_report_delete" AFTER DELETE ON "Enrolment" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':inscritos';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':comenzaron'
    AND EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId");
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':certificados'
    AND EXISTS (SELECT 1 FROM "Certificate" c WHERE c."userId" = OLD."userId" AND c."cursoId" = OLD."cursoId");
  UPDATE "Tally" SET "n" = "Tally"."n" - 1 FROM "QuizPairTally" p
    WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId"
      AND "Tally"."key" = 'report:modulo:' || p."moduloId" || ':con-intento';
  UPDATE "Tally" SET "n" = "Tally"."n" - 1 FROM "QuizPairTally" p
    WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId" AND p."aprobados" > 0
      AND "Tally"."key" = 'report:modulo:' || p."moduloId" || ':aprobados';
  UPDATE "Tally" SET "n" = "Tally"."n" - p."intentos" FROM "QuizPairTally" p
    WHERE p."cursoId" = OLD."cursoId" AND p."userId" = OLD."userId"
      AND "Tally"."key" = 'report:modulo:' || p."moduloId" || ':intentos';
END;

-- A certificate counts for its course while its holder is a participant.
CREATE TRIGGER "Certificate_report_insert" AFTER INSERT ON "Certificate" BEGIN
  INSERT INTO "Tally" ("key", "n") SELECT 'report:curso:' || NEW."cursoId" || ':certificados', 1
    WHERE EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Certificate_report_delete" AFTER DELETE ON "Certificate" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':certificados'
    AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = OLD."userId" AND e."cursoId" = OLD."cursoId");
END;
CREATE TRIGGER "Certificate_report_update" AFTER UPDATE OF "userId", "cursoId" ON "Certificate" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:curso:' || OLD."cursoId" || ':certificados'
    AND EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = OLD."userId" AND e."cursoId" = OLD."cursoId");
  INSERT INTO "Tally" ("key", "n") SELECT 'report:curso:' || NEW."cursoId" || ':certificados', 1
    WHERE EXISTS (SELECT 1 FROM "Enrolment" e WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;

-- Every recorded answer to a question as it is now (an answer to a deleted question is set
-- to no question and leaves its counts).
CREATE TRIGGER "AttemptAnswer_report_insert" AFTER INSERT ON "AttemptAnswer" WHEN NEW."preguntaId" IS NOT NULL BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('report:pregunta:' || NEW."preguntaId" || ':respuestas', 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:pregunta:' || NEW."preguntaId" || ':incorrectas', 1
    WHERE NOT NEW."esCorrecta"
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "AttemptAnswer_report_delete" AFTER DELETE ON "AttemptAnswer" WHEN OLD."preguntaId" IS NOT NULL BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:pregunta:' || OLD."preguntaId" || ':respuestas';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:pregunta:' || OLD."preguntaId" || ':incorrectas'
    AND NOT OLD."esCorrecta";
END;
CREATE TRIGGER "AttemptAnswer_report_update" AFTER UPDATE OF "preguntaId", "esCorrecta" ON "AttemptAnswer" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:pregunta:' || OLD."preguntaId" || ':respuestas';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'report:pregunta:' || OLD."preguntaId" || ':incorrectas'
    AND NOT OLD."esCorrecta";
  INSERT INTO "Tally" ("key", "n") SELECT 'report:pregunta:' || NEW."preguntaId" || ':respuestas', 1
    WHERE NEW."preguntaId" IS NOT NULL
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") SELECT 'report:pregunta:' || NEW."preguntaId" || ':incorrectas', 1
    WHERE NEW."preguntaId" IS NOT NULL AND NOT NEW."esCorrecta"
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;

-- The keys of a deleted course, module or question go with it.
CREATE TRIGGER "Course_report_delete" AFTER DELETE ON "Course" BEGIN
  DELETE FROM "Tally" WHERE "key" IN ('report:curso:' || OLD."id" || ':inscritos',
    'report:curso:' || OLD."id" || ':comenzaron', 'report:curso:' || OLD."id" || ':certificados');
END;
CREATE TRIGGER "Module_report_delete" AFTER DELETE ON "Module" BEGIN
  DELETE FROM "Tally" WHERE "key" IN ('report:modulo:' || OLD."id" || ':con-intento',
    'report:modulo:' || OLD."id" || ':aprobados', 'report:modulo:' || OLD."id" || ':intentos');
END;
CREATE TRIGGER "QuizQuestion_report_delete" AFTER DELETE ON "QuizQuestion" BEGIN
  DELETE FROM "Tally" WHERE "key" IN ('report:pregunta:' || OLD."id" || ':respuestas',
    'report:pregunta:' || OLD."id" || ':incorrectas');
END;
