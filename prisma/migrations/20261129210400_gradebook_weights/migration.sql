-- A gradebook's weights (docs/decisions/044-manual-grade-columns.md): no row, a plain average.

-- CreateTable
CREATE TABLE "GradebookWeight" (
    "cursoId" TEXT NOT NULL PRIMARY KEY,
    "evaluaciones" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GradebookWeight_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
