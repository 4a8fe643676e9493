-- Messages belong to accounts, not addresses (issue 10): the recipient id becomes required.
-- A message without a recipient id lost its recipient (the account was deleted, SET NULL);
-- it is removed, so a later account with the same address can never read it.
DELETE FROM "Message" WHERE "toId" IS NULL OR "toId" NOT IN (SELECT "id" FROM "User");

-- CreateTable
CREATE TABLE "EmailChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "newEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Certificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "codigo" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT,
    "nombreTitular" TEXT NOT NULL,
    "tituloCurso" TEXT NOT NULL,
    "duracionHoras" REAL,
    "emitidoEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pdfKey" TEXT,
    CONSTRAINT "Certificate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Certificate_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Certificate" ("codigo", "cursoId", "duracionHoras", "emitidoEn", "id", "nombreTitular", "pdfKey", "tituloCurso", "userId") SELECT "codigo", "cursoId", "duracionHoras", "emitidoEn", "id", "nombreTitular", "pdfKey", "tituloCurso", "userId" FROM "Certificate";
DROP TABLE "Certificate";
ALTER TABLE "new_Certificate" RENAME TO "Certificate";
CREATE UNIQUE INDEX "Certificate_codigo_key" ON "Certificate"("codigo");
CREATE INDEX "Certificate_cursoId_idx" ON "Certificate"("cursoId");
CREATE UNIQUE INDEX "Certificate_userId_cursoId_key" ON "Certificate"("userId", "cursoId");
CREATE TABLE "new_Message" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fromId" TEXT,
    "toId" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "fromName" TEXT NOT NULL,
    "fromRole" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "leidoEn" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Message_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Message_toId_fkey" FOREIGN KEY ("toId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Message" ("content", "createdAt", "from", "fromId", "fromName", "fromRole", "id", "leidoEn", "subject", "to", "toId") SELECT "content", "createdAt", "from", "fromId", "fromName", "fromRole", "id", "leidoEn", "subject", "to", "toId" FROM "Message";
DROP TABLE "Message";
ALTER TABLE "new_Message" RENAME TO "Message";
CREATE INDEX "Message_toId_createdAt_idx" ON "Message"("toId", "createdAt");
CREATE INDEX "Message_fromId_createdAt_idx" ON "Message"("fromId", "createdAt");
CREATE TABLE "new_Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL DEFAULT 'web',
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Session" ("createdAt", "expiresAt", "id", "lastSeenAt", "userId") SELECT "createdAt", "expiresAt", "id", "lastSeenAt", "userId" FROM "Session";
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE INDEX "Session_userId_idx" ON "Session"("userId");
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_tokenHash_key" ON "EmailChange"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailChange_userId_idx" ON "EmailChange"("userId");
