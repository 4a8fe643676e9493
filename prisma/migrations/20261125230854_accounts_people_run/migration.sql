-- Accounts people run (issue 23 part 1). Written by hand: the generated SQL rebuilt the User
-- table to change its index, and a rebuilt table loses its Tally triggers (user:all,
-- user:pending, role counts). Adding columns and swapping the index keeps them.

-- AlterTable
ALTER TABLE "Session" ADD COLUMN "dispositivo" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN "correoConfirmado" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "User" ADD COLUMN "correoConfirmadoEn" DATETIME;

-- Registros: pending first, the confirmed addresses of each state first, newest first.
DROP INDEX "User_aprobado_createdAt_id_idx";
CREATE INDEX "User_aprobado_correoConfirmado_createdAt_id_idx" ON "User"("aprobado", "correoConfirmado" DESC, "createdAt" DESC, "id" DESC);

-- CreateTable
CREATE TABLE "AccountToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AccountToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountToken_tokenHash_key" ON "AccountToken"("tokenHash");

-- CreateIndex
CREATE INDEX "AccountToken_userId_purpose_idx" ON "AccountToken"("userId", "purpose");

-- CreateIndex
CREATE INDEX "AccountToken_expiresAt_idx" ON "AccountToken"("expiresAt");
