-- A module's quiz may shuffle, draw from a bank and time its attempts (docs/decisions/045-served-attempts.md):
-- every module so far does none of these. An attempt started under them is an OpenAttempt until submitted.
ALTER TABLE "Module" ADD COLUMN "barajar" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Module" ADD COLUMN "preguntasPorIntento" INTEGER;
ALTER TABLE "Module" ADD COLUMN "tiempoLimiteMin" INTEGER;

-- CreateTable
CREATE TABLE "OpenAttempt" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "moduloId" TEXT NOT NULL,
    "comenzadoEn" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "servido" TEXT NOT NULL,

    CONSTRAINT "OpenAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OpenAttempt_moduloId_idx" ON "OpenAttempt"("moduloId");

-- CreateIndex
CREATE UNIQUE INDEX "OpenAttempt_userId_moduloId_key" ON "OpenAttempt"("userId", "moduloId");

-- AddForeignKey
ALTER TABLE "OpenAttempt" ADD CONSTRAINT "OpenAttempt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenAttempt" ADD CONSTRAINT "OpenAttempt_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module"("id") ON DELETE CASCADE ON UPDATE CASCADE;
