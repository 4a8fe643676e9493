-- A person's RUT (docs/product.md#rut): optional, normalised, unique when present.
-- AlterTable
ALTER TABLE "User" ADD COLUMN "rut" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_rut_key" ON "User"("rut");
