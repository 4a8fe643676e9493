-- A class's pages on the class's own index ranges (docs/decisions/024-class-progress.md): each
-- member keeps a copy of its account's apellido and nombre and of its enrolment's progreso,
-- atascado and ultimaActividadEn, so the page of a class of 3 000 sorted by name, progress or last
-- activity reads 50 index entries instead of sorting 3 000 rows joined to their enrolments and
-- accounts. The copies are the database's to keep: a member's row is filled when it is inserted,
-- and every change of those columns in User or Enrolment is copied to the person's members by
-- the triggers below (the app never writes them). SQLite cannot add a column with a
-- CURRENT_TIMESTAMP default in place: the table is rebuilt (it has no triggers of its own) and its
-- rows copied with the values filled in.

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ClassMember" (
    "claseId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "addedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "apellido" TEXT NOT NULL DEFAULT '',
    "nombre" TEXT NOT NULL DEFAULT '',
    "progreso" INTEGER NOT NULL DEFAULT 0,
    "atascado" BOOLEAN NOT NULL DEFAULT false,
    "ultimaActividadEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("claseId", "userId"),
    CONSTRAINT "ClassMember_claseId_cursoId_fkey" FOREIGN KEY ("claseId", "cursoId") REFERENCES "CourseClass" ("id", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClassMember_userId_cursoId_fkey" FOREIGN KEY ("userId", "cursoId") REFERENCES "Enrolment" ("userId", "cursoId") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ClassMember_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ClassMember" ("addedById", "claseId", "createdAt", "cursoId", "userId",
                               "apellido", "nombre", "progreso", "atascado", "ultimaActividadEn")
SELECT m."addedById", m."claseId", m."createdAt", m."cursoId", m."userId",
       u."apellido", u."nombre", e."progreso", e."atascado", e."ultimaActividadEn"
FROM "ClassMember" m
JOIN "User" u ON u."id" = m."userId"
JOIN "Enrolment" e ON e."userId" = m."userId" AND e."cursoId" = m."cursoId";
DROP TABLE "ClassMember";
ALTER TABLE "new_ClassMember" RENAME TO "ClassMember";
CREATE INDEX "ClassMember_userId_cursoId_idx" ON "ClassMember"("userId", "cursoId");
CREATE INDEX "ClassMember_addedById_idx" ON "ClassMember"("addedById");
CREATE INDEX "ClassMember_claseId_apellido_nombre_userId_idx" ON "ClassMember"("claseId", "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_progress_asc_idx" ON "ClassMember"("claseId", "progreso", "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_progress_desc_idx" ON "ClassMember"("claseId", "progreso" DESC, "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_activity_asc_idx" ON "ClassMember"("claseId", "ultimaActividadEn", "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_activity_desc_idx" ON "ClassMember"("claseId", "ultimaActividadEn" DESC, "apellido", "nombre", "userId");
CREATE INDEX "ClassMember_stuck_idx" ON "ClassMember"("claseId", "atascado", "ultimaActividadEn" DESC, "apellido", "nombre", "userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- A new member gets its copies from its account and its enrolment (both exist: the foreign keys).
CREATE TRIGGER "ClassMember_copies_insert" AFTER INSERT ON "ClassMember" BEGIN
  UPDATE "ClassMember" SET ("apellido", "nombre") =
      (SELECT u."apellido", u."nombre" FROM "User" u WHERE u."id" = NEW."userId")
    WHERE "claseId" = NEW."claseId" AND "userId" = NEW."userId";
  UPDATE "ClassMember" SET ("progreso", "atascado", "ultimaActividadEn") =
      (SELECT e."progreso", e."atascado", e."ultimaActividadEn" FROM "Enrolment" e
       WHERE e."userId" = NEW."userId" AND e."cursoId" = NEW."cursoId")
    WHERE "claseId" = NEW."claseId" AND "userId" = NEW."userId";
END;

-- A renamed account: its members in every class (the index on (userId, cursoId)).
CREATE TRIGGER "User_name_to_ClassMember" AFTER UPDATE OF "apellido", "nombre" ON "User"
  WHEN OLD."apellido" IS NOT NEW."apellido" OR OLD."nombre" IS NOT NEW."nombre" BEGIN
  UPDATE "ClassMember" SET "apellido" = NEW."apellido", "nombre" = NEW."nombre" WHERE "userId" = NEW."id";
END;

-- An enrolment's progress, flag or last activity: its members in the course's classes.
CREATE TRIGGER "Enrolment_progress_to_ClassMember" AFTER UPDATE OF "progreso", "atascado", "ultimaActividadEn" ON "Enrolment"
  WHEN OLD."progreso" IS NOT NEW."progreso" OR OLD."atascado" IS NOT NEW."atascado"
    OR OLD."ultimaActividadEn" IS NOT NEW."ultimaActividadEn" BEGIN
  UPDATE "ClassMember" SET "progreso" = NEW."progreso", "atascado" = NEW."atascado",
      "ultimaActividadEn" = NEW."ultimaActividadEn"
    WHERE "userId" = NEW."userId" AND "cursoId" = NEW."cursoId";
END;
