-- AlterTable
ALTER TABLE "User" ADD COLUMN     "consentimientoEn" TIMESTAMP(3),
ADD COLUMN     "consentimientoOrigen" TEXT,
ADD COLUMN     "requiereTutor" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tutorCorreo" TEXT,
ADD COLUMN     "tutorNombre" TEXT;
