-- A module's quiz may shuffle, draw from a bank and time its attempts (docs/decisions/045-served-attempts.md):
-- every module so far does none of these. An attempt started under them is an OpenAttempt until submitted.
ALTER TABLE "Module" ADD COLUMN "barajar" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Module" ADD COLUMN "preguntasPorIntento" INTEGER;
ALTER TABLE "Module" ADD COLUMN "tiempoLimiteMin" INTEGER;

CREATE TABLE "OpenAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "moduloId" TEXT NOT NULL,
    "comenzadoEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "servido" TEXT NOT NULL,
    CONSTRAINT "OpenAttempt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OpenAttempt_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "OpenAttempt_moduloId_idx" ON "OpenAttempt"("moduloId");
CREATE UNIQUE INDEX "OpenAttempt_userId_moduloId_key" ON "OpenAttempt"("userId", "moduloId");
