-- DropIndex
DROP INDEX "ContactMessage_createdAt_idx";

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_id_idx" ON "ContactMessage"("createdAt", "id");

-- Tally: the admin contact list's count (docs/decisions/009-flat-cost-at-scale.md).
INSERT INTO "Tally" ("key", "n") SELECT 'contact:all', COUNT(*) FROM "ContactMessage";

CREATE TRIGGER "ContactMessage_tally_insert" AFTER INSERT ON "ContactMessage" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('contact:all', 1) ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "ContactMessage_tally_delete" AFTER DELETE ON "ContactMessage" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'contact:all';
END;
