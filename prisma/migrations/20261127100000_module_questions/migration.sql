-- A module's questions and their answers (docs/decisions/028-module-questions.md): newest first per
-- module (all, unanswered, resolved), a course's unanswered, per author; answers per question and author.
-- CreateTable
CREATE TABLE "ModuleQuestion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cursoId" TEXT NOT NULL,
    "moduloId" TEXT NOT NULL,
    "authorId" TEXT,
    "texto" TEXT NOT NULL,
    "respondida" BOOLEAN NOT NULL DEFAULT false,
    "resuelta" BOOLEAN NOT NULL DEFAULT false,
    "oculta" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ModuleQuestion_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModuleQuestion_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModuleQuestion_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModuleAnswer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "preguntaId" TEXT NOT NULL,
    "authorId" TEXT,
    "texto" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ModuleAnswer_preguntaId_fkey" FOREIGN KEY ("preguntaId") REFERENCES "ModuleQuestion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModuleAnswer_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ModuleQuestion_moduloId_createdAt_id_idx" ON "ModuleQuestion"("moduloId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ModuleQuestion_moduloId_respondida_createdAt_id_idx" ON "ModuleQuestion"("moduloId", "respondida", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ModuleQuestion_moduloId_resuelta_createdAt_id_idx" ON "ModuleQuestion"("moduloId", "resuelta", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ModuleQuestion_cursoId_respondida_createdAt_id_idx" ON "ModuleQuestion"("cursoId", "respondida", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ModuleQuestion_authorId_createdAt_id_idx" ON "ModuleQuestion"("authorId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ModuleAnswer_preguntaId_createdAt_id_idx" ON "ModuleAnswer"("preguntaId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ModuleAnswer_authorId_createdAt_id_idx" ON "ModuleAnswer"("authorId", "createdAt", "id");
