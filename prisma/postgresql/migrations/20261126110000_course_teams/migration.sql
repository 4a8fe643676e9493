-- Course teams (docs/decisions/020-course-teams.md): docentes as 'Profesor/a' of a course, by id.
-- CreateTable
CREATE TABLE "CourseTeacher" (
    "cursoId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "addedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourseTeacher_pkey" PRIMARY KEY ("cursoId","userId")
);

-- CreateIndex
CREATE INDEX "CourseTeacher_userId_createdAt_idx" ON "CourseTeacher"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "CourseTeacher_addedById_idx" ON "CourseTeacher"("addedById");

-- AddForeignKey
ALTER TABLE "CourseTeacher" ADD CONSTRAINT "CourseTeacher_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourseTeacher" ADD CONSTRAINT "CourseTeacher_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourseTeacher" ADD CONSTRAINT "CourseTeacher_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
