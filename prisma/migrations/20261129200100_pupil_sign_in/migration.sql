-- Pupils who can sign in (docs/decisions/040-pupils-who-can-sign-in.md): a short sign-in name
-- (usuario), who made an account for which class, and the sign-in card's nonce and token hash.
-- Written by hand: the generated SQL rebuilt User, which would drop its Tally triggers; SQLite
-- adds a column with a reference in place when its default is NULL.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "usuario" TEXT;
ALTER TABLE "User" ADD COLUMN "creadoPorId" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "User" ADD COLUMN "creadoParaClaseId" TEXT REFERENCES "CourseClass" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "User" ADD COLUMN "tarjetaNonce" TEXT;
ALTER TABLE "User" ADD COLUMN "tarjetaHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_usuario_key" ON "User"("usuario");
CREATE UNIQUE INDEX "User_tarjetaHash_key" ON "User"("tarjetaHash");
CREATE INDEX "User_creadoPorId_idx" ON "User"("creadoPorId");
CREATE INDEX "User_creadoParaClaseId_idx" ON "User"("creadoParaClaseId");

-- Data: every account without e-mail gets a usuario from its reserved address's first part
-- ('nombre.apellido.NNNN', cut to 15 characters plus its last 4 digits when longer than 20), and
-- its reserved address becomes '{usuario}@sin-correo.invalid'.
UPDATE "User" SET "usuario" = CASE
    WHEN length(substr("correo", 1, instr("correo", '@') - 1)) <= 20 THEN substr("correo", 1, instr("correo", '@') - 1)
    ELSE rtrim(substr("correo", 1, 15), '.') || '.' || substr(substr("correo", 1, instr("correo", '@') - 1), -4)
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
