-- Messages belong to accounts, not addresses (issue 10): the recipient id becomes required.
-- A message without a recipient id lost its recipient (the account was deleted, SET NULL);
-- it is removed, so a later account with the same address can never read it.
DELETE FROM "Message" WHERE "toId" IS NULL OR "toId" NOT IN (SELECT "id" FROM "User");

-- DropForeignKey
ALTER TABLE "Certificate" DROP CONSTRAINT "Certificate_cursoId_fkey";

-- DropForeignKey
ALTER TABLE "Message" DROP CONSTRAINT "Message_toId_fkey";

-- AlterTable
ALTER TABLE "Certificate" ALTER COLUMN "cursoId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Message" ALTER COLUMN "toId" SET NOT NULL;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'web';

-- CreateTable
CREATE TABLE "EmailChange" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "newEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_tokenHash_key" ON "EmailChange"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailChange_userId_idx" ON "EmailChange"("userId");

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_toId_fkey" FOREIGN KEY ("toId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailChange" ADD CONSTRAINT "EmailChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
