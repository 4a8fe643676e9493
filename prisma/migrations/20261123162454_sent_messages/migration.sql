-- DropIndex
DROP INDEX "Message_fromId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Message_toId_leidoEn_idx" ON "Message"("toId", "leidoEn");

-- CreateIndex
CREATE INDEX "Message_fromId_createdAt_id_idx" ON "Message"("fromId", "createdAt", "id");
