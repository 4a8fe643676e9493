-- A course's announcements (docs/decisions/026-announcements.md): newest first per course, and per author.
-- CreateTable
CREATE TABLE "Announcement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cursoId" TEXT NOT NULL,
    "authorId" TEXT,
    "titulo" TEXT NOT NULL,
    "texto" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Announcement_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Announcement_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Announcement_cursoId_createdAt_id_idx" ON "Announcement"("cursoId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Announcement_authorId_createdAt_id_idx" ON "Announcement"("authorId", "createdAt", "id");
