-- AlterTable
ALTER TABLE "User" ADD COLUMN     "suspendidoEn" TIMESTAMP(3);
