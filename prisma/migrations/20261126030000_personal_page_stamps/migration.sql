-- A signed-in person's own version (CacheStamp "user:{id}"): every insert, change and delete of
-- the rows their pages show (their User row, enrolments, quiz attempts, certificates, messages
-- received and sent) bumps it, whoever writes. The personal page cache
-- (app/features/site/personal-page-cache.server.ts, decision 017) replays a page only while it is
-- unchanged. A version exists only while its user does (deleting the account deletes it, and the
-- rows deleted with the account do not bring it back).
-- Hand-written: triggers only, no table changes.

CREATE TRIGGER "User_personal_stamp_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."id", 1 WHERE NEW."id" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."id")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "User_personal_stamp_update" AFTER UPDATE ON "User" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."id", 1 WHERE OLD."id" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."id")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."id", 1 WHERE OLD."id" IS NOT NEW."id" AND NEW."id" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."id")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "User_personal_stamp_delete" AFTER DELETE ON "User" BEGIN
  DELETE FROM "CacheStamp" WHERE "name" = 'user:' || OLD."id";
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

CREATE TRIGGER "QuizAttempt_personal_stamp_insert" AFTER INSERT ON "QuizAttempt" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "QuizAttempt_personal_stamp_update" AFTER UPDATE ON "QuizAttempt" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE OLD."userId" IS NOT NEW."userId" AND NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "QuizAttempt_personal_stamp_delete" AFTER DELETE ON "QuizAttempt" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Certificate_personal_stamp_insert" AFTER INSERT ON "Certificate" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Certificate_personal_stamp_update" AFTER UPDATE ON "Certificate" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE OLD."userId" IS NOT NEW."userId" AND NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Certificate_personal_stamp_delete" AFTER DELETE ON "Certificate" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Message_personal_stamp_insert" AFTER INSERT ON "Message" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."toId", 1 WHERE NEW."toId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."toId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."fromId", 1 WHERE NEW."fromId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."fromId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Message_personal_stamp_update" AFTER UPDATE ON "Message" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."toId", 1 WHERE OLD."toId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."toId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."toId", 1 WHERE OLD."toId" IS NOT NEW."toId" AND NEW."toId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."toId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."fromId", 1 WHERE OLD."fromId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."fromId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."fromId", 1 WHERE OLD."fromId" IS NOT NEW."fromId" AND NEW."fromId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."fromId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Message_personal_stamp_delete" AFTER DELETE ON "Message" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."toId", 1 WHERE OLD."toId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."toId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."fromId", 1 WHERE OLD."fromId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."fromId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;
