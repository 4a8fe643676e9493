-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "claimedBy" TEXT;
