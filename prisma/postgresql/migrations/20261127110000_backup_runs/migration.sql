-- CreateTable
CREATE TABLE "BackupRun" (
    "slot" TIMESTAMP(3) NOT NULL,
    "instance" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "name" TEXT,
    "error" TEXT,

    CONSTRAINT "BackupRun_pkey" PRIMARY KEY ("slot")
);
