-- A class at a glance (docs/decisions/024-class-progress.md): each enrolment's last activity and
-- whether a module is failed twice or more without a pass ('Atascado'), so a class's page filters
-- and sorts on its own columns. SQLite cannot add a column with a CURRENT_TIMESTAMP default in
-- place: the table is rebuilt, its rows copied with both values worked out from their attempts
-- (the latest attempt after enrolling, else the enrolment's date; a (module, learner) pair of
-- QuizPairTally with two attempts or more and none passed), and its triggers re-created as the
-- earlier migrations left them.

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Enrolment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "progreso" INTEGER NOT NULL DEFAULT 0,
    "registradoEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finalizadoEn" DATETIME,
    "ultimaActividadEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atascado" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Enrolment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Enrolment_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Enrolment" ("cursoId", "finalizadoEn", "id", "progreso", "registradoEn", "userId", "ultimaActividadEn", "atascado")
SELECT e."cursoId", e."finalizadoEn", e."id", e."progreso", e."registradoEn", e."userId",
  COALESCE((SELECT MAX(a."createdAt") FROM "QuizAttempt" a
            WHERE a."userId" = e."userId" AND a."cursoId" = e."cursoId" AND a."createdAt" > e."registradoEn"),
           e."registradoEn"),
  EXISTS (SELECT 1 FROM "QuizPairTally" p
          WHERE p."cursoId" = e."cursoId" AND p."userId" = e."userId" AND p."intentos" >= 2 AND p."aprobados" = 0)
FROM "Enrolment" e;
DROP TABLE "Enrolment";
-- Other tables' triggers name "Enrolment" (QuizAttempt's, Certificate's): the rename must not
-- re-check them while the name is missing.
PRAGMA legacy_alter_table=ON;
ALTER TABLE "new_Enrolment" RENAME TO "Enrolment";
PRAGMA legacy_alter_table=OFF;
CREATE INDEX "Enrolment_cursoId_registradoEn_idx" ON "Enrolment"("cursoId", "registradoEn");
CREATE INDEX "Enrolment_userId_registradoEn_idx" ON "Enrolment"("userId", "registradoEn");
CREATE UNIQUE INDEX "Enrolment_userId_cursoId_key" ON "Enrolment"("userId", "cursoId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- The table's triggers (migrations admin_insight, report_counts, local_months,
-- personal_page_stamps), as they were.
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
CREATE TRIGGER "Enrolment_tally_insert" AFTER INSERT ON "Enrolment" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('enrol:all', 1) ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") VALUES ('enrol:' || COALESCE((SELECT m."mes" FROM "LocalMonth" m WHERE m."desde" <= NEW."registradoEn" ORDER BY m."desde" DESC LIMIT 1), substr(NEW."registradoEn", 1, 7)), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Enrolment_tally_delete" AFTER DELETE ON "Enrolment" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'enrol:all';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'enrol:' || COALESCE((SELECT m."mes" FROM "LocalMonth" m WHERE m."desde" <= OLD."registradoEn" ORDER BY m."desde" DESC LIMIT 1), substr(OLD."registradoEn", 1, 7));
END;
CREATE TRIGGER "Enrolment_tally_update" AFTER UPDATE OF "registradoEn" ON "Enrolment"
WHEN OLD."registradoEn" IS NOT NEW."registradoEn" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'enrol:' || COALESCE((SELECT m."mes" FROM "LocalMonth" m WHERE m."desde" <= OLD."registradoEn" ORDER BY m."desde" DESC LIMIT 1), substr(OLD."registradoEn", 1, 7));
  INSERT INTO "Tally" ("key", "n") VALUES ('enrol:' || COALESCE((SELECT m."mes" FROM "LocalMonth" m WHERE m."desde" <= NEW."registradoEn" ORDER BY m."desde" DESC LIMIT 1), substr(NEW."registradoEn", 1, 7)), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Enrolment_personal_stamp_insert" AFTER INSERT ON "Enrolment" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "Enrolment_personal_stamp_update" AFTER UPDATE ON "Enrolment" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE OLD."userId" IS NOT NEW."userId" AND NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "Enrolment_personal_stamp_delete" AFTER DELETE ON "Enrolment" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;
