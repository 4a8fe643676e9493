-- A class at a glance (docs/decisions/024-class-progress.md): each enrolment's last activity and
-- whether a module is failed twice or more without a pass ('Atascado'), so a class's page filters
-- and sorts on its own columns. Existing rows get both from their attempts: the latest attempt
-- after enrolling, else the enrolment's date; a (module, learner) pair of QuizPairTally with two
-- attempts or more and none passed.

-- AlterTable
ALTER TABLE "Enrolment" ADD COLUMN     "atascado" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ultimaActividadEn" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

UPDATE "Enrolment" e SET
  "ultimaActividadEn" = COALESCE((SELECT MAX(a."createdAt") FROM "QuizAttempt" a
                                  WHERE a."userId" = e."userId" AND a."cursoId" = e."cursoId"
                                    AND a."createdAt" > e."registradoEn"),
                                 e."registradoEn"),
  "atascado" = EXISTS (SELECT 1 FROM "QuizPairTally" p
                       WHERE p."cursoId" = e."cursoId" AND p."userId" = e."userId"
                         AND p."intentos" >= 2 AND p."aprobados" = 0);
