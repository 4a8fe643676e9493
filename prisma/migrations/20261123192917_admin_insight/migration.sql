-- DropIndex
DROP INDEX "AttemptAnswer_preguntaId_idx";

-- DropIndex
DROP INDEX "QuizAttempt_cursoId_idx";

-- CreateIndex
CREATE INDEX "AttemptAnswer_preguntaId_esCorrecta_idx" ON "AttemptAnswer"("preguntaId", "esCorrecta");

-- CreateIndex
CREATE INDEX "QuizAttempt_cursoId_userId_moduloId_aprobado_porcentaje_idx" ON "QuizAttempt"("cursoId", "userId", "moduloId", "aprobado", "porcentaje");

-- Tally keys of the admin summary (app/features/reports, docs/decisions/013-admin-insight.md):
-- accounts by role, enrolments and certificates in all and per month (UTC, 'YYYY-MM': the stored
-- ISO date's first seven characters); the outbox's keys by status are the next migration's
-- (outbox_keyset_pages, with outbox:all for the admin's outbox list). Kept by triggers like the
-- keys of docs/decisions/009-flat-cost-at-scale.md, so every writer (services, seed, tests, a
-- bulk SQL load) keeps them right. A later migration that redefines "User", "Enrolment",
-- or "Certificate" (DROP TABLE + RENAME) drops these triggers: recreate them there.
INSERT INTO "Tally" ("key", "n") SELECT 'user:rol:' || lower("rol"), COUNT(*) FROM "User" GROUP BY lower("rol");
INSERT INTO "Tally" ("key", "n") SELECT 'enrol:all', COUNT(*) FROM "Enrolment";
INSERT INTO "Tally" ("key", "n")
  SELECT 'enrol:' || substr("registradoEn", 1, 7), COUNT(*) FROM "Enrolment" GROUP BY substr("registradoEn", 1, 7);
INSERT INTO "Tally" ("key", "n") SELECT 'cert:all', COUNT(*) FROM "Certificate";
INSERT INTO "Tally" ("key", "n")
  SELECT 'cert:' || substr("emitidoEn", 1, 7), COUNT(*) FROM "Certificate" GROUP BY substr("emitidoEn", 1, 7);

CREATE TRIGGER "User_role_tally_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('user:rol:' || lower(NEW."rol"), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "User_role_tally_delete" AFTER DELETE ON "User" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'user:rol:' || lower(OLD."rol");
END;
CREATE TRIGGER "User_role_tally_update" AFTER UPDATE OF "rol" ON "User"
WHEN lower(OLD."rol") IS NOT lower(NEW."rol") BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'user:rol:' || lower(OLD."rol");
  INSERT INTO "Tally" ("key", "n") VALUES ('user:rol:' || lower(NEW."rol"), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;

CREATE TRIGGER "Enrolment_tally_insert" AFTER INSERT ON "Enrolment" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('enrol:all', 1) ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") VALUES ('enrol:' || substr(NEW."registradoEn", 1, 7), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Enrolment_tally_delete" AFTER DELETE ON "Enrolment" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'enrol:all';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'enrol:' || substr(OLD."registradoEn", 1, 7);
END;
CREATE TRIGGER "Enrolment_tally_update" AFTER UPDATE OF "registradoEn" ON "Enrolment"
WHEN substr(OLD."registradoEn", 1, 7) IS NOT substr(NEW."registradoEn", 1, 7) BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'enrol:' || substr(OLD."registradoEn", 1, 7);
  INSERT INTO "Tally" ("key", "n") VALUES ('enrol:' || substr(NEW."registradoEn", 1, 7), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;

CREATE TRIGGER "Certificate_tally_insert" AFTER INSERT ON "Certificate" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('cert:all', 1) ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") VALUES ('cert:' || substr(NEW."emitidoEn", 1, 7), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Certificate_tally_delete" AFTER DELETE ON "Certificate" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'cert:all';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'cert:' || substr(OLD."emitidoEn", 1, 7);
END;
CREATE TRIGGER "Certificate_tally_update" AFTER UPDATE OF "emitidoEn" ON "Certificate"
WHEN substr(OLD."emitidoEn", 1, 7) IS NOT substr(NEW."emitidoEn", 1, 7) BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'cert:' || substr(OLD."emitidoEn", 1, 7);
  INSERT INTO "Tally" ("key", "n") VALUES ('cert:' || substr(NEW."emitidoEn", 1, 7), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
