-- DropIndex
DROP INDEX "Book_createdAt_idx";

-- CreateIndex
CREATE INDEX "Book_createdAt_id_idx" ON "Book"("createdAt", "id");
