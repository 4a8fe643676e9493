-- One pass mark (docs/decisions/043-one-pass-mark.md): a course's exigencia is its pass mark as
-- well as the percentage that earns a 4,0. Every course so far passed its quizzes at 70 %
-- (each stored QuizAttempt.aprobado was graded against 70), so every course's exigencia becomes
-- 70, and so does the default.
ALTER TABLE "Course" ALTER COLUMN "exigencia" SET DEFAULT 70;
UPDATE "Course" SET "exigencia" = 70;
