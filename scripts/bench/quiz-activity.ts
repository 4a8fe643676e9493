// Quiz attempts (with their answers) and certificates for the large database of
// `npm run bench:scale`: two or three attempts at the first quiz module of every
// enrolled course that has one (from the second on, passed three times in four), one answer per
// question of the module, and a certificate for every other enrolment. With the large database's
// 500 000 enrolments (about 70 % in a course with a quiz) and two-question modules: about
// 1 000 000 attempts, 2 000 000 answers and 250 000 certificates.
// In SQL (INSERT … SELECT), so the database's triggers keep the report's counts (migration
// report_counts) as for any other writer. Called by scripts/bench/large-db.ts inside its
// transaction, after the enrolments.
import crypto from "node:crypto";
import type { DatabaseSync } from "node:sqlite";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A certificate code of the app's form (16 base32 characters). */
function certificateCode(): string {
  const bytes = crypto.randomBytes(16);
  let out = "";
  for (const byte of bytes) out += BASE32[byte & 31];
  return out;
}

/**
 * Adds the attempts, answers and certificates. `ago(seconds, ms)`: large-db.ts's SQL for a
 * stored date that many seconds before now; `h(expr, salt)`: its SQL hash.
 */
export function addQuizActivity(
  db: DatabaseSync,
  sql: {
    cuid: string;
    ago: (secondsAgo: string, msExpr?: string) => string;
    h: (expr: string, salt: number) => string;
  },
) {
  const { cuid, ago, h } = sql;
  const YEAR = 365 * 24 * 3600;
  db.function("cert_code", { deterministic: false }, () => certificateCode());
  db.exec(`CREATE TEMP TABLE ga (n INTEGER PRIMARY KEY, id TEXT NOT NULL, userId TEXT NOT NULL,
    cursoId TEXT NOT NULL, moduloId TEXT NOT NULL, ok INTEGER NOT NULL, at TEXT NOT NULL)`);
  db.prepare(
    `INSERT INTO ga (id, userId, cursoId, moduloId, ok, at)
     SELECT ${cuid}, e.userId, e.cursoId, m.id,
            CASE WHEN k.p >= 1 AND ${h("e.rowid", 81)} % 4 <> 0 THEN 1 ELSE 0 END,
            ${ago(`${h("e.rowid * 2 + k.p", 82)} % ${YEAR} `, "e.rowid + k.p")}
     FROM "Enrolment" e
     JOIN "Module" m ON m.cursoId = e.cursoId AND m.posicion = (
       SELECT min(m2.posicion) FROM "Module" m2
       WHERE m2.cursoId = e.cursoId AND EXISTS (SELECT 1 FROM "QuizQuestion" q WHERE q.moduloId = m2.id))
     JOIN (SELECT 0 AS p UNION ALL SELECT 1 UNION ALL SELECT 2) k ON k.p < 2 OR ${h("e.rowid", 85)} % 4 <> 0
     ORDER BY e.rowid, k.p`,
  ).run();
  db.prepare(
    `INSERT INTO "QuizAttempt" (id, userId, cursoId, moduloId, porcentaje, aprobado, correctas, totalPreguntas,
                                createdAt)
     SELECT ga.id, ga.userId, ga.cursoId, ga.moduloId, CASE WHEN ga.ok THEN 100 ELSE 50 END, ga.ok,
            CASE WHEN ga.ok THEN 2 ELSE 1 END, 2, ga.at
     FROM ga ORDER BY ga.n`,
  ).run();
  db.prepare(
    `INSERT INTO "AttemptAnswer" (id, intentoId, preguntaId, pregunta, respuestaUsuario, esCorrecta, puntaje)
     SELECT ${cuid}, ga.id, q.id, q.texto, 'Opción ' || (q.posicion + 1),
            CASE WHEN ga.ok OR q.posicion % 2 = 1 THEN 1 ELSE 0 END,
            CASE WHEN ga.ok OR q.posicion % 2 = 1 THEN 100 ELSE 0 END
     FROM ga JOIN "QuizQuestion" q ON q.moduloId = ga.moduloId ORDER BY ga.n, q.posicion`,
  ).run();
  db.prepare(
    `INSERT INTO "Certificate" (id, codigo, userId, cursoId, nombreTitular, tituloCurso, duracionHoras, emitidoEn)
     SELECT ${cuid}, cert_code(), e.userId, e.cursoId, u.nombre || ' ' || u.apellido, c.titulo, 20,
            ${ago(`${h("e.rowid", 83)} % ${YEAR}`, "e.rowid")}
     FROM "Enrolment" e JOIN "User" u ON u.id = e.userId JOIN "Course" c ON c.id = e.cursoId
     WHERE ${h("e.rowid", 84)} % 2 = 0
       AND NOT EXISTS (SELECT 1 FROM "Certificate" x WHERE x.userId = e.userId AND x.cursoId = e.cursoId)`,
  ).run();
  db.exec("DROP TABLE temp.ga");
}

/**
 * The paths bench:scale measures for quizzes and certificates on one database: a certificate of
 * the demo estudiante (any certificate when they hold none) for its public verification page, and
 * a quiz of one of the estudiante's courses, the one where they made most attempts.
 */
export function quizAndCertificatePaths(db: DatabaseSync, studentId: string) {
  const one = (query: string, ...params: string[]) =>
    db.prepare(query).get(...params) as Record<string, unknown> | undefined;
  const code =
    one(`SELECT codigo FROM "Certificate" WHERE userId = ? ORDER BY emitidoEn DESC LIMIT 1`, studentId) ??
    one(`SELECT codigo FROM "Certificate" ORDER BY emitidoEn DESC LIMIT 1`);
  const quiz = one(
    `SELECT e.cursoId AS cursoId, m.id AS moduloId,
            (SELECT count(*) FROM "QuizAttempt" a WHERE a.userId = e.userId AND a.moduloId = m.id) AS n
     FROM "Enrolment" e JOIN "Module" m ON m.cursoId = e.cursoId
     WHERE e.userId = ? AND EXISTS (SELECT 1 FROM "QuizQuestion" q WHERE q.moduloId = m.id)
     ORDER BY n DESC, e.cursoId, m.posicion LIMIT 1`,
    studentId,
  );
  if (!code || !quiz) throw new Error("bench: no certificate or no quiz attempt of the demo estudiante");
  const index = one(
    `SELECT count(*) AS i FROM "Module" m
     WHERE m.cursoId = ? AND m.posicion < (SELECT posicion FROM "Module" WHERE id = ?)`,
    String(quiz.cursoId),
    String(quiz.moduloId),
  )!.i;
  return {
    verification: `/certificados/${String(code.codigo)}`,
    quiz: `/cursos/${String(quiz.cursoId)}/modulos/${Number(index)}/evaluacion`,
  };
}

/**
 * The same activity on the demo database (its few enrolments), before it is copied for the large
 * one: both sides then have attempts and certificates to show.
 */
export function addQuizActivityToFile(file: string) {
  const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite");
  const db = new Database(file);
  const now = Math.floor(Date.now() / 1000);
  try {
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("BEGIN");
    addQuizActivity(db, {
      cuid: `('c' || lower(hex(randomblob(12))))`,
      ago: (secondsAgo, msExpr = "0") =>
        `(strftime('%Y-%m-%dT%H:%M:%f', ${now} - (${secondsAgo}) + ((${msExpr}) % 1000) / 1000.0, 'unixepoch') || '+00:00')`,
      h: (expr, salt) => `(((${expr}) * 2654435761 + ${salt * 40_503}) % 4294967296)`,
    });
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}
