-- CreateTable
CREATE TABLE "CacheStamp" (
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CacheStamp_pkey" PRIMARY KEY ("name")
);

-- The public catalog's stamp exists from the start: writers only increment it.
INSERT INTO "CacheStamp" ("name", "version") VALUES ('catalog', 0);
