-- The account an outbox mail is for (decision 008; issue 23, objection). Written by hand: the
-- generated SQL rebuilt OutboxMail, which would drop its Tally triggers; SQLite adds a column
-- with a reference in place when its default is NULL.

-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN "toUserId" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "OutboxMail_toUserId_idx" ON "OutboxMail"("toUserId");
