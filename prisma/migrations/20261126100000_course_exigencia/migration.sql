-- A course's exigencia: the percentage that earns a 4,0 on the Chilean 1,0–7,0 scale
-- (docs/product.md#calificaciones). Written by hand: the column is added in place, so the Course
-- table keeps its Tally and report triggers.

-- AlterTable
ALTER TABLE "Course" ADD COLUMN "exigencia" INTEGER NOT NULL DEFAULT 60;
