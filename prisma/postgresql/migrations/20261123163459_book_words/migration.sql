-- CreateTable
CREATE TABLE "BookWord" (
    "bookId" TEXT NOT NULL,
    "word" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BookWord_pkey" PRIMARY KEY ("bookId","word")
);

-- CreateIndex
CREATE INDEX "BookWord_word_createdAt_bookId_idx" ON "BookWord"("word", "createdAt", "bookId");

-- AddForeignKey
ALTER TABLE "BookWord" ADD CONSTRAINT "BookWord_bookId_fkey" FOREIGN KEY ("bookId") REFERENCES "Book"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tally: the library's count (docs/decisions/009-flat-cost-at-scale.md).
INSERT INTO "Tally" ("key", "n") SELECT 'book:all', COUNT(*) FROM "Book";
CREATE FUNCTION "book_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tally_add"('book:all', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Book_tally_insert_delete" AFTER INSERT OR DELETE ON "Book"
  FOR EACH ROW EXECUTE FUNCTION "book_tally"();
