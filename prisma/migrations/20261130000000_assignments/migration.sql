-- Tareas (docs/decisions/048-tareas.md): work a course's team sets and its learners hand in,
-- returned with a nota and a comment. Owned by app/features/assignments.

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cursoId" TEXT NOT NULL,
    "moduloId" TEXT,
    "titulo" TEXT NOT NULL,
    "instrucciones" TEXT NOT NULL DEFAULT '',
    "fechaLimite" DATETIME,
    "permiteAtrasadas" BOOLEAN NOT NULL DEFAULT true,
    "todasLasClases" BOOLEAN NOT NULL DEFAULT true,
    "calificacion" TEXT NOT NULL DEFAULT 'nota',
    "rubrica" TEXT,
    "columnaId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Assignment_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Assignment_columnaId_fkey" FOREIGN KEY ("columnaId") REFERENCES "GradeColumn" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Assignment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AssignmentClass" (
    "tareaId" TEXT NOT NULL,
    "claseId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,

    PRIMARY KEY ("tareaId", "claseId"),
    CONSTRAINT "AssignmentClass_tareaId_cursoId_fkey" FOREIGN KEY ("tareaId", "cursoId") REFERENCES "Assignment" ("id", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AssignmentClass_claseId_cursoId_fkey" FOREIGN KEY ("claseId", "cursoId") REFERENCES "CourseClass" ("id", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AssignmentFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tareaId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL DEFAULT 0,
    "nombre" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "tipo" TEXT NOT NULL,
    "tamano" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AssignmentFile_tareaId_fkey" FOREIGN KEY ("tareaId") REFERENCES "Assignment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Submission" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tareaId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "texto" TEXT NOT NULL DEFAULT '',
    "estado" TEXT NOT NULL DEFAULT 'borrador',
    "entregadaEn" DATETIME,
    "atrasada" BOOLEAN NOT NULL DEFAULT false,
    "nota" INTEGER,
    "niveles" TEXT,
    "comentario" TEXT NOT NULL DEFAULT '',
    "devueltaEn" DATETIME,
    "revisadaPorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Submission_tareaId_cursoId_fkey" FOREIGN KEY ("tareaId", "cursoId") REFERENCES "Assignment" ("id", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_revisadaPorId_fkey" FOREIGN KEY ("revisadaPorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SubmissionFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "entregaId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL DEFAULT 0,
    "nombre" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "tipo" TEXT NOT NULL,
    "tamano" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SubmissionFile_entregaId_fkey" FOREIGN KEY ("entregaId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A gradebook column is 'manual' or a tarea's (added in place: a constant default, no rebuild).
ALTER TABLE "GradeColumn" ADD COLUMN "tipo" TEXT NOT NULL DEFAULT 'manual';

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_columnaId_key" ON "Assignment"("columnaId");

-- CreateIndex
CREATE INDEX "Assignment_cursoId_fechaLimite_id_idx" ON "Assignment"("cursoId", "fechaLimite", "id");

-- CreateIndex
CREATE INDEX "Assignment_moduloId_idx" ON "Assignment"("moduloId");

-- CreateIndex
CREATE INDEX "Assignment_createdById_idx" ON "Assignment"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_id_cursoId_key" ON "Assignment"("id", "cursoId");

-- CreateIndex
CREATE INDEX "AssignmentClass_claseId_cursoId_idx" ON "AssignmentClass"("claseId", "cursoId");

-- CreateIndex
CREATE UNIQUE INDEX "AssignmentFile_storageKey_key" ON "AssignmentFile"("storageKey");

-- CreateIndex
CREATE INDEX "AssignmentFile_tareaId_posicion_idx" ON "AssignmentFile"("tareaId", "posicion");

-- CreateIndex
CREATE INDEX "Submission_tareaId_estado_entregadaEn_idx" ON "Submission"("tareaId", "estado", "entregadaEn");

-- CreateIndex
CREATE INDEX "Submission_cursoId_estado_entregadaEn_id_idx" ON "Submission"("cursoId", "estado", "entregadaEn", "id");

-- CreateIndex
CREATE INDEX "Submission_userId_updatedAt_idx" ON "Submission"("userId", "updatedAt");

-- CreateIndex
CREATE INDEX "Submission_revisadaPorId_idx" ON "Submission"("revisadaPorId");

-- CreateIndex
CREATE UNIQUE INDEX "Submission_tareaId_userId_key" ON "Submission"("tareaId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "SubmissionFile_storageKey_key" ON "SubmissionFile"("storageKey");

-- CreateIndex
CREATE INDEX "SubmissionFile_entregaId_posicion_idx" ON "SubmissionFile"("entregaId", "posicion");
