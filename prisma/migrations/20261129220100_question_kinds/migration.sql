-- Kinds of question (docs/decisions/046-kinds-of-question.md): every existing question is 'unica'.
ALTER TABLE "QuizQuestion" ADD COLUMN "tipo" TEXT NOT NULL DEFAULT 'unica';
ALTER TABLE "QuizQuestion" ADD COLUMN "puntajeParcial" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "QuizQuestion" ADD COLUMN "valor" TEXT;
ALTER TABLE "QuizQuestion" ADD COLUMN "tolerancia" TEXT;
-- Each answer's credit (0..100): every stored answer was all or nothing.
ALTER TABLE "AttemptAnswer" ADD COLUMN "puntaje" INTEGER NOT NULL DEFAULT 0;
UPDATE "AttemptAnswer" SET "puntaje" = 100 WHERE "esCorrecta";
