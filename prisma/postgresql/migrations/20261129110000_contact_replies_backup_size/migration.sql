-- Contact messages answered from the admin panel (docs/product.md#contact): an admin's replies,
-- e-mailed through the outbox and kept with the message (ContactReply, deleted with it), and the
-- message's 'Atendido' mark (who, when). A backup run's size, for the admin panel's 'Última copia
-- de seguridad'.

-- AlterTable
ALTER TABLE "BackupRun" ADD COLUMN     "bytes" BIGINT;

-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN     "atendidoEn" TIMESTAMP(3),
ADD COLUMN     "atendidoPorId" TEXT;

-- CreateTable
CREATE TABLE "ContactReply" (
    "id" TEXT NOT NULL,
    "contactoId" TEXT NOT NULL,
    "authorId" TEXT,
    "texto" TEXT NOT NULL,
    "outboxId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactReply_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContactMessage_atendidoPorId_idx" ON "ContactMessage"("atendidoPorId");

-- CreateIndex
CREATE INDEX "ContactReply_contactoId_createdAt_idx" ON "ContactReply"("contactoId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactReply_authorId_idx" ON "ContactReply"("authorId");

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_atendidoPorId_fkey" FOREIGN KEY ("atendidoPorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactReply" ADD CONSTRAINT "ContactReply_contactoId_fkey" FOREIGN KEY ("contactoId") REFERENCES "ContactMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactReply" ADD CONSTRAINT "ContactReply_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
