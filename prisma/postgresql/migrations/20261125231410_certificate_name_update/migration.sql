-- AlterTable
ALTER TABLE "Certificate" ADD COLUMN     "nombreActualizadoEn" TIMESTAMP(3),
ADD COLUMN     "nombreOriginal" TEXT;
