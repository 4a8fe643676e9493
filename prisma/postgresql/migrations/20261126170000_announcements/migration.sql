-- A course's announcements (docs/decisions/026-announcements.md): newest first per course, and per author.
-- CreateTable
CREATE TABLE "Announcement" (
    "id" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "authorId" TEXT,
    "titulo" TEXT NOT NULL,
    "texto" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Announcement_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Announcement_cursoId_createdAt_id_idx" ON "Announcement"("cursoId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Announcement_authorId_createdAt_id_idx" ON "Announcement"("authorId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
