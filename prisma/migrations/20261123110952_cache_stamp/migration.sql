-- CreateTable
CREATE TABLE "CacheStamp" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- The public catalog's stamp exists from the start: writers only increment it.
INSERT INTO "CacheStamp" ("name", "version") VALUES ('catalog', 0);
