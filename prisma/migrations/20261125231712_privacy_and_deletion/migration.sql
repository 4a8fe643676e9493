-- Privacy notice, objection and account deletion (issue 23 part 3). Written by hand: the
-- generated SQL rebuilt User only to add columns (a rebuilt table loses its Tally triggers);
-- Certificate must be rebuilt (its user reference becomes optional, SET NULL), so its three
-- Tally triggers (decision 013) are created again after it.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "privacidadVersion" TEXT;
ALTER TABLE "User" ADD COLUMN "privacidadAceptadaEn" DATETIME;
ALTER TABLE "User" ADD COLUMN "avisosCorreo" BOOLEAN NOT NULL DEFAULT true;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Certificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "codigo" TEXT NOT NULL,
    "userId" TEXT,
    "cursoId" TEXT,
    "nombreTitular" TEXT NOT NULL,
    "tituloCurso" TEXT NOT NULL,
    "duracionHoras" REAL,
    "emitidoEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pdfKey" TEXT,
    "nombreOriginal" TEXT,
    "nombreActualizadoEn" DATETIME,
    "revocadoEn" DATETIME,
    CONSTRAINT "Certificate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Certificate_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Certificate" ("codigo", "cursoId", "duracionHoras", "emitidoEn", "id", "nombreActualizadoEn", "nombreOriginal", "nombreTitular", "pdfKey", "tituloCurso", "userId") SELECT "codigo", "cursoId", "duracionHoras", "emitidoEn", "id", "nombreActualizadoEn", "nombreOriginal", "nombreTitular", "pdfKey", "tituloCurso", "userId" FROM "Certificate";
DROP TABLE "Certificate";
ALTER TABLE "new_Certificate" RENAME TO "Certificate";
CREATE UNIQUE INDEX "Certificate_codigo_key" ON "Certificate"("codigo");
CREATE INDEX "Certificate_cursoId_idx" ON "Certificate"("cursoId");
CREATE UNIQUE INDEX "Certificate_userId_cursoId_key" ON "Certificate"("userId", "cursoId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

CREATE TRIGGER "Certificate_tally_insert" AFTER INSERT ON "Certificate" BEGIN
  INSERT INTO "Tally" ("key", "n") VALUES ('cert:all', 1) ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
  INSERT INTO "Tally" ("key", "n") VALUES ('cert:' || substr(NEW."emitidoEn", 1, 7), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
CREATE TRIGGER "Certificate_tally_delete" AFTER DELETE ON "Certificate" BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'cert:all';
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'cert:' || substr(OLD."emitidoEn", 1, 7);
END;
CREATE TRIGGER "Certificate_tally_update" AFTER UPDATE OF "emitidoEn" ON "Certificate"
WHEN substr(OLD."emitidoEn", 1, 7) IS NOT substr(NEW."emitidoEn", 1, 7) BEGIN
  UPDATE "Tally" SET "n" = "n" - 1 WHERE "key" = 'cert:' || substr(OLD."emitidoEn", 1, 7);
  INSERT INTO "Tally" ("key", "n") VALUES ('cert:' || substr(NEW."emitidoEn", 1, 7), 1)
    ON CONFLICT ("key") DO UPDATE SET "n" = "n" + 1;
END;
