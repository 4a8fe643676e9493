-- CreateTable
CREATE TABLE "BackupRun" (
    "slot" DATETIME NOT NULL PRIMARY KEY,
    "instance" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "name" TEXT,
    "error" TEXT
);
