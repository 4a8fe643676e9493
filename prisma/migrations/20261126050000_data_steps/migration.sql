-- One-off data steps (app/features/site/data-steps.server.ts): the search backfills run once per database.
-- CreateTable
CREATE TABLE "DataStep" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "doneAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
