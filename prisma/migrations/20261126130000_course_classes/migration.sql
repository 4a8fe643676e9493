-- Classes of a course (docs/product.md#classes): a group of its learners with a join code; a member row
-- points at the learner's enrolment in that very course (composite foreign keys).
-- CreateTable
CREATE TABLE "CourseClass" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cursoId" TEXT NOT NULL,
    "nombre" TEXT NOT NULL,
    "codigo" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CourseClass_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CourseClass_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ClassMember" (
    "claseId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "addedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("claseId", "userId"),
    CONSTRAINT "ClassMember_claseId_cursoId_fkey" FOREIGN KEY ("claseId", "cursoId") REFERENCES "CourseClass" ("id", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClassMember_userId_cursoId_fkey" FOREIGN KEY ("userId", "cursoId") REFERENCES "Enrolment" ("userId", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClassMember_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CourseClass_codigo_key" ON "CourseClass"("codigo");

-- CreateIndex
CREATE INDEX "CourseClass_cursoId_createdAt_id_idx" ON "CourseClass"("cursoId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "CourseClass_createdById_idx" ON "CourseClass"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "CourseClass_cursoId_nombre_key" ON "CourseClass"("cursoId", "nombre");

-- CreateIndex
CREATE UNIQUE INDEX "CourseClass_id_cursoId_key" ON "CourseClass"("id", "cursoId");

-- CreateIndex
CREATE INDEX "ClassMember_userId_cursoId_idx" ON "ClassMember"("userId", "cursoId");

-- CreateIndex
CREATE INDEX "ClassMember_addedById_idx" ON "ClassMember"("addedById");
