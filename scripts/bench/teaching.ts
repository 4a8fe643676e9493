// Teachers and classes for `npm run bench:scale` (docs/product.md#course-teams, #classes), on
// the demo and the large database alike, added after they are generated and only once (a class
// with a fixed id marks a database done), so BENCH_SCALE_REUSE measures older databases too:
//
// - the demo docente teaches the seeded course (both sides: the paths below exist on both);
// - "Curso 3°B 2026" (BENCH_CLASS_ID) in the seeded course: on the demo database its
//   participants; on the large one 3 000 learners, enrolled for it, with one to three quiz
//   attempts each at the course's first quiz module for two in three of them (a few failed twice);
// - on the large database only: the demo docente on 300 more courses, 5 000 other docentes on two
//   courses each, and 250 published courses with 80 learners more in two classes of 40.
// In SQL (INSERT … SELECT), in one transaction; the report's triggers keep their counts.
import crypto from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { DEMO_DOCENTE } from "../../prisma/demo-accounts.ts";

/** The 3 000-learner class of the seeded course (cuid-shaped, the same id on both sides). */
export const BENCH_CLASS_ID = "cbe0c1a550000000000003000";

const cuid = `('c' || lower(hex(randomblob(12))))`;
/** A unique code for a generated class (hex: nobody types these). */
const code = () => crypto.randomBytes(4).toString("hex").toUpperCase();

export type TeachingCounts = { teachers: number; classes: number; members: number };

export function addTeachingToFile(file: string, seededCourse: string, large: boolean): TeachingCounts {
  const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite");
  const db = new Database(file);
  try {
    db.exec("PRAGMA foreign_keys = ON");
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const totals = () => ({
      teachers: count(`SELECT count(*) AS n FROM "CourseTeacher"`),
      classes: count(`SELECT count(*) AS n FROM "CourseClass"`),
      members: count(`SELECT count(*) AS n FROM "ClassMember"`),
    });
    // Each part once, by its own mark (a database may hold the first from an earlier run).
    const parts = {
      seeded: count(`SELECT count(*) AS n FROM "CourseClass" WHERE id = '${BENCH_CLASS_ID}'`) === 0,
      classesOf40: large && count(`SELECT count(*) AS n FROM "CourseClass" WHERE nombre = 'Curso 1°A 2026'`) === 0,
      demoLearners: !large && count(`SELECT count(*) AS n FROM "User" WHERE correo LIKE 'bench.clase.%'`) === 0,
    };
    if (!parts.seeded && !parts.classesOf40 && !parts.demoLearners) return totals();
    db.exec("BEGIN");
    addTeaching(db, seededCourse, large, parts);
    db.exec("COMMIT");
    return totals();
  } finally {
    db.close();
  }
}

function addTeaching(
  db: DatabaseSync,
  seededCourse: string,
  large: boolean,
  parts: { seeded: boolean; classesOf40: boolean; demoLearners: boolean },
) {
  const now = Math.floor(Date.now() / 1000);
  const ago = (secondsAgo: string) =>
    `(strftime('%Y-%m-%dT%H:%M:%f', ${now} - (${secondsAgo}), 'unixepoch') || '+00:00')`;
  const run = (sql: string, ...params: Array<string | number>) => db.prepare(sql).run(...params);
  const docente = (db.prepare(`SELECT id FROM "User" WHERE correo = ?`).get(DEMO_DOCENTE.correo) as { id: string }).id;
  const insertClass = db.prepare(
    `INSERT INTO "CourseClass" (id, cursoId, nombre, codigo, createdById, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ${ago("86400 * 30")}, ${ago("86400 * 30")})`,
  );

  function addClassesOf40() {
    // 250 published courses with two classes of 40 new learners each.
    run(`CREATE TEMP TABLE b40 AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Course"
       WHERE estado = 'publicado' AND id <> '${seededCourse}' ORDER BY id LIMIT 250`);
    run(`CREATE TEMP TABLE bu AS SELECT id, row_number() OVER (ORDER BY id DESC) - 1 AS n FROM "User"
       WHERE rol IN ('estudiante', 'comunidad') AND aprobado = 1 ORDER BY id DESC LIMIT 20000`);
    // Learner bu.n goes to course n / 80, class (n % 80) / 40 of it.
    run(`CREATE TEMP TABLE bm AS SELECT b40.id AS cursoId, bu.id AS userId, (bu.n % 80) / 40 AS k, bu.n AS n
       FROM bu JOIN b40 ON b40.n = bu.n / 80
       WHERE NOT EXISTS (SELECT 1 FROM "Enrolment" e WHERE e.userId = bu.id AND e.cursoId = b40.id)`);
    run(`INSERT INTO "Enrolment" (id, userId, cursoId, progreso, registradoEn)
       SELECT ${cuid}, userId, cursoId, 0, ${ago("86400 * (n % 60) + n")} FROM bm`);
    run(`UPDATE "Course" SET cantidadParticipantes = (SELECT count(*) FROM "Enrolment" e WHERE e.cursoId = "Course".id)
       WHERE id IN (SELECT id FROM b40)`);
    const classes = db.prepare(`SELECT id FROM b40 ORDER BY n`).all() as Array<{ id: string }>;
    for (const { id } of classes) {
      for (const k of [0, 1]) {
        const claseId = (db.prepare(`SELECT ${cuid} AS id`).get() as { id: string }).id;
        insertClass.run(claseId, id, `Curso ${k + 1}°A 2026`, code(), docente);
        run(
          `INSERT INTO "ClassMember" (claseId, cursoId, userId, createdAt)
         SELECT ?, cursoId, userId, ${ago("86400 * 10 + n")} FROM bm WHERE cursoId = ? AND k = ?`,
          claseId,
          id,
          k,
        );
      }
    }
  }

  /**
   * `bl` (userId, n) joins the seeded course and its class: enrolled, one to three quiz attempts
   * at its first quiz module for two in three (none for a third; n % 7 = 0 failed it twice:
   * 'Atascado'), their enrolment's last activity and 'Atascado' as the app keeps them.
   */
  function fillSeededClass() {
    run(`INSERT INTO "Enrolment" (id, userId, cursoId, progreso, registradoEn)
         SELECT ${cuid}, userId, '${seededCourse}', 0, ${ago("86400 * (n % 90) + n")} FROM bl`);
    run(
      `UPDATE "Course" SET cantidadParticipantes = (SELECT count(*) FROM "Enrolment" WHERE cursoId = ?) WHERE id = ?`,
      seededCourse,
      seededCourse,
    );
    const modulo = db
      .prepare(
        `SELECT m.id FROM "Module" m WHERE m.cursoId = ? AND EXISTS (SELECT 1 FROM "QuizQuestion" q WHERE q.moduloId = m.id)
         ORDER BY m.posicion LIMIT 1`,
      )
      .get(seededCourse) as { id: string } | undefined;
    if (modulo) {
      for (const k of [1, 2, 3]) {
        run(
          `INSERT INTO "QuizAttempt" (id, userId, cursoId, moduloId, porcentaje, aprobado, correctas, totalPreguntas, createdAt)
           SELECT ${cuid}, userId, ?, ?,
             CASE WHEN n % 7 = 0 OR ${k} = 1 THEN 50 ELSE 100 END,
             CASE WHEN n % 7 = 0 OR ${k} = 1 THEN 0 ELSE 1 END,
             CASE WHEN n % 7 = 0 OR ${k} = 1 THEN 1 ELSE 2 END, 2, ${ago(`86400 * (n % 40) + ${k}`)}
           FROM bl WHERE n % 3 <> 0 AND (${k} = 1 OR n % 7 = 0 OR (${k} = 2 AND n % 2 = 0))`,
          seededCourse,
          modulo.id,
        );
      }
    }
    // What the quiz grading keeps on the enrolment (decision 024), as its migration computes it.
    run(`UPDATE "Enrolment" SET
           "ultimaActividadEn" = COALESCE((SELECT MAX(a."createdAt") FROM "QuizAttempt" a
             WHERE a."userId" = "Enrolment"."userId" AND a."cursoId" = "Enrolment"."cursoId"), "registradoEn"),
           "atascado" = EXISTS (SELECT 1 FROM "QuizPairTally" p WHERE p."cursoId" = "Enrolment"."cursoId"
             AND p."userId" = "Enrolment"."userId" AND p."intentos" >= 2 AND p."aprobados" = 0)
         WHERE "cursoId" = '${seededCourse}' AND "userId" IN (SELECT userId FROM bl)`);
    run(`INSERT INTO "ClassMember" (claseId, cursoId, userId, addedById, createdAt)
         SELECT '${BENCH_CLASS_ID}', '${seededCourse}', userId, CASE WHEN n % 2 = 0 THEN '${docente}' END,
           ${ago("86400 * 20 + n")} FROM bl`);
  }

  function addDemoLearners() {
    // The demo class gets full pages too (120 learners of its own), so that both sides of a
    // class page compare the same number of rows.
    run(`CREATE TEMP TABLE bl AS WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 120)
         SELECT ${cuid} AS userId, n FROM s`);
    run(`INSERT INTO "User" (id, nombre, apellido, correo, rol, aprobado, aprobadoEn, passwordHash, correoConfirmado, createdAt, updatedAt)
         SELECT userId, 'Estudiante ' || n, 'Prueba', 'bench.clase.' || n || '@ejemplo.cl', 'estudiante', 1,
           ${ago("86400 * 100")}, '!', 1, ${ago("86400 * 100 + n")}, ${ago("86400 * 100")} FROM bl`);
    fillSeededClass();
    run(`DROP TABLE bl`);
  }

  if (parts.classesOf40) addClassesOf40();
  if (parts.seeded) addSeeded();
  if (parts.demoLearners) addDemoLearners();

  function addSeeded() {
    run(
      `INSERT OR IGNORE INTO "CourseTeacher" (cursoId, userId, createdAt) VALUES (?, ?, ${ago("86400 * 60")})`,
      seededCourse,
      docente,
    );
    insertClass.run(BENCH_CLASS_ID, seededCourse, "Curso 3°B 2026", code(), docente);

    if (large) {
      // 3 000 learners not yet in the seeded course, enrolled for the class.
      run(`CREATE TEMP TABLE bl AS SELECT u.id AS userId, row_number() OVER (ORDER BY u.id) AS n FROM "User" u
         WHERE u.rol = 'estudiante' AND u.aprobado = 1
           AND NOT EXISTS (SELECT 1 FROM "Enrolment" e WHERE e.userId = u.id AND e.cursoId = '${seededCourse}')
         ORDER BY u.id LIMIT 3000`);
      fillSeededClass();

      // Teams: the demo docente on 300 more published courses, 5 000 docentes on two each.
      run(`INSERT OR IGNORE INTO "CourseTeacher" (cursoId, userId, createdAt)
         SELECT id, '${docente}', ${ago("3600 * rowid")} FROM "Course"
         WHERE estado = 'publicado' AND id <> '${seededCourse}' ORDER BY createdAt DESC LIMIT 300`);
      run(`CREATE TEMP TABLE bd AS SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User"
         WHERE rol = 'docente' AND aprobado = 1 AND id <> '${docente}' ORDER BY id LIMIT 5000`);
      run(
        `CREATE TEMP TABLE bc AS SELECT id, row_number() OVER (ORDER BY id) AS n FROM "Course" ORDER BY id LIMIT 10000`,
      );
      run(`INSERT OR IGNORE INTO "CourseTeacher" (cursoId, userId, createdAt)
         SELECT bc.id, bd.id, ${ago("86400 * (bc.n % 300)")} FROM bd JOIN bc ON bc.n = bd.n OR bc.n = bd.n + 5000`);
    } else {
      // The demo side: the seeded course's participants are the class.
      run(`INSERT INTO "ClassMember" (claseId, cursoId, userId, createdAt)
         SELECT '${BENCH_CLASS_ID}', cursoId, userId, registradoEn FROM "Enrolment" WHERE cursoId = '${seededCourse}'`);
    }
  }
}
