-- A question's 'editada' mark is its author's last edit alone (docs/decisions/028-module-questions.md):
-- `editadaEn`, written by the edit only. `updatedAt` was kept by the team's marks and answers to stand
-- for it, and a mark read before an author's edit wrote the older date back over it. Existing rows
-- take their `updatedAt`, which until now was that edit (or the question's creation).

-- AlterTable
ALTER TABLE "ModuleQuestion" ADD COLUMN "editadaEn" DATETIME;

UPDATE "ModuleQuestion" SET "editadaEn" = "updatedAt" WHERE "updatedAt" <> "createdAt";
