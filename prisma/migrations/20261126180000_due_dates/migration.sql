-- AlterTable
ALTER TABLE "Module" ADD COLUMN "fechaLimite" DATETIME;

-- CreateTable
CREATE TABLE "ModuleReminder" (
    "moduloId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("moduloId", "userId"),
    CONSTRAINT "ModuleReminder_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModuleReminder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalendarFeed" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CalendarFeed_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ModuleReminder_userId_idx" ON "ModuleReminder"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_tokenHash_key" ON "CalendarFeed"("tokenHash");

-- CreateIndex
CREATE INDEX "Module_cursoId_fechaLimite_idx" ON "Module"("cursoId", "fechaLimite");

-- CreateIndex
CREATE INDEX "Module_fechaLimite_idx" ON "Module"("fechaLimite");
