-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "toUserId" TEXT;

-- CreateIndex
CREATE INDEX "OutboxMail_toUserId_idx" ON "OutboxMail"("toUserId");

-- AddForeignKey
ALTER TABLE "OutboxMail" ADD CONSTRAINT "OutboxMail_toUserId_fkey" FOREIGN KEY ("toUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
