-- AlterTable
ALTER TABLE "Certificate" ADD COLUMN "nombreActualizadoEn" DATETIME;
ALTER TABLE "Certificate" ADD COLUMN "nombreOriginal" TEXT;
