-- Notifications (docs/decisions/025-notifications.md): one row per recipient, and each person's
-- choices per kind where they differ from the default. Both bump the person's version like the
-- other per-user tables (decision 017, migration 20261126030000_personal_page_stamps).

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "link" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),
    "digestPending" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationPref" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mode" TEXT NOT NULL,

    CONSTRAINT "NotificationPref_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_id_idx" ON "Notification"("userId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");

-- CreateIndex
CREATE INDEX "Notification_digestPending_userId_createdAt_idx" ON "Notification"("digestPending", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_createdAt_idx" ON "Notification"("createdAt");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPref" ADD CONSTRAINT "NotificationPref_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "notification_personal_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."userId" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."userId"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."userId" IS DISTINCT FROM NEW."userId")) AND NEW."userId" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."userId");
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Notification_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Notification"
  FOR EACH ROW EXECUTE FUNCTION "notification_personal_stamp"();
CREATE TRIGGER "NotificationPref_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "NotificationPref"
  FOR EACH ROW EXECUTE FUNCTION "notification_personal_stamp"();
