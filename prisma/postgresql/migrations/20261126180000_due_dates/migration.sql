-- AlterTable
ALTER TABLE "Module" ADD COLUMN     "fechaLimite" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ModuleReminder" (
    "moduloId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModuleReminder_pkey" PRIMARY KEY ("moduloId","userId")
);

-- CreateTable
CREATE TABLE "CalendarFeed" (
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarFeed_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "ModuleReminder_userId_idx" ON "ModuleReminder"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_tokenHash_key" ON "CalendarFeed"("tokenHash");

-- CreateIndex
CREATE INDEX "Module_cursoId_fechaLimite_idx" ON "Module"("cursoId", "fechaLimite");

-- CreateIndex
CREATE INDEX "Module_fechaLimite_idx" ON "Module"("fechaLimite");

-- AddForeignKey
ALTER TABLE "ModuleReminder" ADD CONSTRAINT "ModuleReminder_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModuleReminder" ADD CONSTRAINT "ModuleReminder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalendarFeed" ADD CONSTRAINT "CalendarFeed_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
