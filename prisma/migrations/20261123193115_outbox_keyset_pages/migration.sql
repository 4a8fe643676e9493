-- DropIndex
DROP INDEX "OutboxMail_createdAt_idx";

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_id_idx" ON "OutboxMail"("createdAt", "id");

-- CreateIndex
CREATE INDEX "OutboxMail_status_createdAt_id_idx" ON "OutboxMail"("status", "createdAt", "id");

-- Tally: the admin outbox list's counts, all and per status (docs/decisions/009-flat-cost-at-scale.md).
INSERT INTO "Tally" ("key", "n") SELECT 'outbox:all', COUNT(*) FROM "OutboxMail";
INSERT INTO "Tally" ("key", "n") SELECT 'outbox:' || "status", COUNT(*) FROM "OutboxMail" GROUP BY "status";

CREATE TRIGGER "OutboxMail_tally_insert" AFTER INSERT ON "OutboxMail" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('outbox:all', 1) ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") VALUES ('outbox:' || NEW."status", 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "OutboxMail_tally_delete" AFTER DELETE ON "OutboxMail" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'outbox:all';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'outbox:' || OLD."status";
END;
CREATE TRIGGER "OutboxMail_tally_update" AFTER UPDATE OF "status" ON "OutboxMail"
WHEN OLD."status" IS NOT NEW."status" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'outbox:' || OLD."status";
  INSERT INTO "Tally" ("key", "n") VALUES ('outbox:' || NEW."status", 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
