-- Manual columns of a course's gradebook and their notas (docs/decisions/044-manual-grade-columns.md).

-- CreateTable
CREATE TABLE "GradeColumn" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cursoId" TEXT NOT NULL,
    "nombre" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GradeColumn_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ManualGrade" (
    "columnaId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "nota" INTEGER NOT NULL,
    "comentario" TEXT NOT NULL DEFAULT '',
    "updatedById" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("columnaId", "userId"),
    CONSTRAINT "ManualGrade_columnaId_fkey" FOREIGN KEY ("columnaId") REFERENCES "GradeColumn" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ManualGrade_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ManualGrade_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "GradeColumn_cursoId_nombre_key" ON "GradeColumn"("cursoId", "nombre");

-- CreateIndex
CREATE INDEX "GradeColumn_cursoId_posicion_idx" ON "GradeColumn"("cursoId", "posicion");

-- CreateIndex
CREATE INDEX "ManualGrade_userId_idx" ON "ManualGrade"("userId");

-- CreateIndex
CREATE INDEX "ManualGrade_updatedById_idx" ON "ManualGrade"("updatedById");
