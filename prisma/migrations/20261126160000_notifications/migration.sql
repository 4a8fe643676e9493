-- Notifications (docs/decisions/025-notifications.md): one row per recipient, and each person's
-- choices per kind where they differ from the default. Both are shown on the person's own pages
-- (the header's count, /notificaciones, the profile), so they bump the person's version like the
-- other per-user tables (decision 017, migration 20261126030000_personal_page_stamps).

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" DATETIME,
    "digestPending" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NotificationPref" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mode" TEXT NOT NULL,

    PRIMARY KEY ("userId", "kind"),
    CONSTRAINT "NotificationPref_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_id_idx" ON "Notification"("userId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");

-- CreateIndex
CREATE INDEX "Notification_digestPending_userId_createdAt_idx" ON "Notification"("digestPending", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_createdAt_idx" ON "Notification"("createdAt");


CREATE TRIGGER "Notification_personal_stamp_insert" AFTER INSERT ON "Notification" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Notification_personal_stamp_update" AFTER UPDATE ON "Notification" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE OLD."userId" IS NOT NEW."userId" AND NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Notification_personal_stamp_delete" AFTER DELETE ON "Notification" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "NotificationPref_personal_stamp_insert" AFTER INSERT ON "NotificationPref" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "NotificationPref_personal_stamp_update" AFTER UPDATE ON "NotificationPref" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || NEW."userId", 1 WHERE OLD."userId" IS NOT NEW."userId" AND NEW."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "NotificationPref_personal_stamp_delete" AFTER DELETE ON "NotificationPref" BEGIN
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || OLD."userId", 1 WHERE OLD."userId" IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = OLD."userId")
    ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
END;
