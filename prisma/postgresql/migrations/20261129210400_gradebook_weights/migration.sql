-- A gradebook's weights (docs/decisions/044-manual-grade-columns.md): no row, a plain average.

-- CreateTable
CREATE TABLE "GradebookWeight" (
    "cursoId" TEXT NOT NULL,
    "evaluaciones" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GradebookWeight_pkey" PRIMARY KEY ("cursoId")
);

-- AddForeignKey
ALTER TABLE "GradebookWeight" ADD CONSTRAINT "GradebookWeight_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;
