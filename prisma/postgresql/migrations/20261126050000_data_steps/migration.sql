-- One-off data steps (app/features/site/data-steps.server.ts): the search backfills run once per database.
-- CreateTable
CREATE TABLE "DataStep" (
    "name" TEXT NOT NULL,
    "doneAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DataStep_pkey" PRIMARY KEY ("name")
);
