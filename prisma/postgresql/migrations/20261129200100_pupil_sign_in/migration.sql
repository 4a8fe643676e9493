-- Pupils who can sign in (docs/decisions/040-pupils-who-can-sign-in.md): a short sign-in name
-- (usuario), who made an account for which class, and the sign-in card's nonce and token hash.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "usuario" TEXT,
ADD COLUMN     "creadoPorId" TEXT,
ADD COLUMN     "creadoParaClaseId" TEXT,
ADD COLUMN     "tarjetaNonce" TEXT,
ADD COLUMN     "tarjetaHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_usuario_key" ON "User"("usuario");

-- CreateIndex
CREATE UNIQUE INDEX "User_tarjetaHash_key" ON "User"("tarjetaHash");

-- CreateIndex
CREATE INDEX "User_creadoPorId_idx" ON "User"("creadoPorId");

-- CreateIndex
CREATE INDEX "User_creadoParaClaseId_idx" ON "User"("creadoParaClaseId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_creadoPorId_fkey" FOREIGN KEY ("creadoPorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_creadoParaClaseId_fkey" FOREIGN KEY ("creadoParaClaseId") REFERENCES "CourseClass"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Data: every account without e-mail gets a usuario from its reserved address's first part
-- ('nombre.apellido.NNNN', cut to 15 characters plus its last 4 digits when longer than 20), and
-- its reserved address becomes '{usuario}@sin-correo.invalid'.
UPDATE "User" SET "usuario" = CASE
    WHEN length(split_part("correo", '@', 1)) <= 20 THEN split_part("correo", '@', 1)
    ELSE rtrim(substr("correo", 1, 15), '.') || '.' || right(split_part("correo", '@', 1), 4)
  END
WHERE "correo" LIKE '%@sin-correo.invalid';
UPDATE "User" SET "correo" = "usuario" || '@sin-correo.invalid' WHERE "correo" LIKE '%@sin-correo.invalid';

-- Data: an account a class import made (its audit row 'user.import') records who and for which class.
UPDATE "User" SET
  "creadoPorId" = (SELECT a."actorId" FROM "AuditLog" a JOIN "User" t ON t."id" = a."actorId"
    WHERE a."action" = 'user.import' AND a."targetId" = "User"."id" AND a."detail" LIKE 'estudiante; lista de la clase %' LIMIT 1),
  "creadoParaClaseId" = (SELECT c."id" FROM "AuditLog" a JOIN "CourseClass" c ON c."id" = replace(a."detail", 'estudiante; lista de la clase ', '')
    WHERE a."action" = 'user.import' AND a."targetId" = "User"."id" AND a."detail" LIKE 'estudiante; lista de la clase %' LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "AuditLog" a WHERE a."action" = 'user.import' AND a."targetId" = "User"."id"
  AND a."detail" LIKE 'estudiante; lista de la clase %');
