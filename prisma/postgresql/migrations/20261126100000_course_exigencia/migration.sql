-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "exigencia" INTEGER NOT NULL DEFAULT 60;
