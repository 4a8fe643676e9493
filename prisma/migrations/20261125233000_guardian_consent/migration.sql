-- A parent's or guardian's consent for registrants under 14 (issue 23 part 3, Ley 21.719).
-- Written by hand: columns added in place, so the User table keeps its Tally triggers.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "requiereTutor" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "User" ADD COLUMN "tutorNombre" TEXT;
ALTER TABLE "User" ADD COLUMN "tutorCorreo" TEXT;
ALTER TABLE "User" ADD COLUMN "consentimientoEn" DATETIME;
ALTER TABLE "User" ADD COLUMN "consentimientoOrigen" TEXT;
