-- AlterTable
ALTER TABLE "User" ADD COLUMN "suspendidoEn" DATETIME;
