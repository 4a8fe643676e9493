-- CreateTable
CREATE TABLE "BookWord" (
    "bookId" TEXT NOT NULL,
    "word" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("bookId", "word"),
    CONSTRAINT "BookWord_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BookWord_word_createdAt_bookId_idx" ON "BookWord"("word", "createdAt", "bookId");

-- Tally: the library's count (docs/decisions/009-flat-cost-at-scale.md). A later migration that
-- redefines "Book" (DROP TABLE + RENAME) drops these triggers with it: recreate them there.
INSERT INTO "Tally" ("key", "n") SELECT 'book:all', COUNT(*) FROM "Book";
CREATE TRIGGER "Book_tally_insert" AFTER INSERT ON "Book" BEGIN
  UPDATE "Tally" SET "n" = "n" + 1 WHERE "key" = 'book:all';
END;
CREATE TRIGGER "Book_tally_delete" AFTER DELETE ON "Book" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'book:all';
END;
