-- Contact messages answered from the admin panel (docs/product.md#contact): an admin's replies,
-- e-mailed through the outbox and kept with the message (ContactReply, deleted with it), and the
-- message's 'Atendido' mark (who, when). A backup run's size, for the admin panel's 'Última copia
-- de seguridad'. Written by hand: the generated SQL rebuilt ContactMessage, which would drop its
-- Tally triggers; SQLite adds a column with a reference in place when its default is NULL.

-- AlterTable
ALTER TABLE "BackupRun" ADD COLUMN "bytes" BIGINT;

-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN "atendidoEn" DATETIME;
ALTER TABLE "ContactMessage" ADD COLUMN "atendidoPorId" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "ContactMessage_atendidoPorId_idx" ON "ContactMessage"("atendidoPorId");

-- CreateTable
CREATE TABLE "ContactReply" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contactoId" TEXT NOT NULL,
    "authorId" TEXT,
    "texto" TEXT NOT NULL,
    "outboxId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContactReply_contactoId_fkey" FOREIGN KEY ("contactoId") REFERENCES "ContactMessage" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContactReply_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ContactReply_contactoId_createdAt_idx" ON "ContactReply"("contactoId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactReply_authorId_idx" ON "ContactReply"("authorId");
