// Tareas for `npm run bench:scale` (docs/product.md#tareas-personal-data-and-scale), on the demo
// and the large database alike, added after the teachers and classes (teaching.ts) and only once
// (a tarea with a fixed id marks a database done), so BENCH_SCALE_REUSE measures older databases too:
//
// - three tareas, each with its gradebook column (tipo 'tarea'), in every course the demo docente
//   teaches or the demo estudiante takes, and every course with classes; the seeded course's first is BENCH_TAREA_ID (the same
//   id on both sides: the class view's row);
// - hand-ins of the courses' enrolled learners: on the large database 50 000 (× the scale) with
//   every pair of the seeded course first (its 3 000-learner class) and the demo estudiante's, the
//   rest spread by a hash; on the demo database every pair. Four in ten wait in 'Para revisar',
//   one in ten of them late, four in ten were returned with a nota (also in the tarea's column) and
//   a comment by the demo docente, one in ten is a draft;
// - one file per hand-in, each under its own key (SubmissionFile.storageKey is unique) and each a
//   real file in the store: a hard link to one small PNG (copied where links are refused), so
//   50 000 files cost 50 000 directory entries, not 50 000 disk blocks.
// In SQL (INSERT … SELECT), in one transaction.
import fs from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { DEMO_DOCENTE, DEMO_ESTUDIANTE } from "../../prisma/demo-accounts.ts";

/** The seeded course's first tarea (cuid-shaped, the same id on both sides). */
export const BENCH_TAREA_ID = "cbe07a4ea0000000000000001";
/** Hand-ins on the large database at scale 1. */
const HAND_INS = 50_000;
/** A 1×1 PNG: every hand-in's file has these bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const cuid = `('c' || lower(hex(randomblob(12))))`;
const uuid =
  `(lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)` +
  ` || '-8' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))))`;
const h = (expr: string, salt: number) => `(((${expr}) * 2654435761 + ${salt * 40_503}) % 4294967296)`;

export type TareaCounts = { tareas: number; entregas: number; archivos: number };

/** `scale`: the large database's (null: the demo one, every pair). */
export function addTareasToFile(file: string, seededCourse: string, scale: number | null): TareaCounts {
  const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite");
  const db = new Database(file);
  try {
    db.exec("PRAGMA foreign_keys = ON");
    const count = (table: string) =>
      Number((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
    const done = db.prepare(`SELECT 1 FROM "Assignment" WHERE id = ?`).get(BENCH_TAREA_ID);
    if (!done) {
      const limit = scale === null ? -1 : Math.max(10, Math.round(HAND_INS * scale));
      db.exec("BEGIN");
      let keys: string[];
      try {
        keys = addTareas(db, seededCourse, limit);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
      storeFiles(path.join(path.dirname(file), "data", "uploads"), keys);
    }
    return { tareas: count("Assignment"), entregas: count("Submission"), archivos: count("SubmissionFile") };
  } finally {
    db.close();
  }
}

function addTareas(db: DatabaseSync, seededCourse: string, limit: number): string[] {
  const now = Math.floor(Date.now() / 1000);
  const ago = (secondsAgo: string) =>
    `(strftime('%Y-%m-%dT%H:%M:%f', ${now} - (${secondsAgo}), 'unixepoch') || '+00:00')`;
  const run = (sql: string, ...params: Array<string | number>) => db.prepare(sql).run(...params);
  const idOf = (correo: string) =>
    (db.prepare(`SELECT id FROM "User" WHERE correo = ?`).get(correo) as { id: string }).id;
  const docente = idOf(DEMO_DOCENTE.correo);
  const student = idOf(DEMO_ESTUDIANTE.correo);

  // The courses: the seeded one, those the demo docente teaches or the estudiante takes, those with classes.
  run(
    `CREATE TEMP TABLE tc AS SELECT id, row_number() OVER (ORDER BY id = ? DESC, id) AS n,
       (SELECT COALESCE(max(g.posicion), -1) + 1 FROM "GradeColumn" g WHERE g.cursoId = c.id) AS base FROM (
         SELECT ? AS id UNION SELECT cursoId FROM "CourseTeacher" WHERE userId = ?
         UNION SELECT cursoId FROM "Enrolment" WHERE userId = ? UNION SELECT cursoId FROM "CourseClass") c`,
    seededCourse,
    seededCourse,
    docente,
    student,
  );
  // Three tareas per course: due three weeks ago, a week ago and in a week; k = 0 of the seeded course is BENCH_TAREA_ID.
  run(
    `CREATE TEMP TABLE tt AS SELECT
       CASE WHEN tc.id = ? AND k.k = 0 THEN ? ELSE ${cuid} END AS id, ${cuid} AS columnaId,
       tc.id AS cursoId, k.k AS k, tc.n AS n, tc.base + k.k AS posicion
     FROM tc JOIN (SELECT 0 AS k UNION ALL SELECT 1 UNION ALL SELECT 2) k`,
    seededCourse,
    BENCH_TAREA_ID,
  );
  const titulo =
    `'Tarea ' || (tt.k + 1) || ': ' || ` +
    `CASE tt.k WHEN 0 THEN 'guía de fracciones' WHEN 1 THEN 'informe de laboratorio' ELSE 'foto del cuaderno' END`;
  run(`INSERT INTO "GradeColumn" (id, cursoId, nombre, posicion, tipo, createdAt)
       SELECT tt.columnaId, tt.cursoId, ${titulo}, tt.posicion, 'tarea', ${ago(`86400 * (30 - tt.k)`)} FROM tt`);
  run(
    `INSERT INTO "Assignment" (id, cursoId, titulo, instrucciones, fechaLimite, permiteAtrasadas, todasLasClases,
       calificacion, columnaId, createdById, createdAt, updatedAt)
     SELECT tt.id, tt.cursoId, ${titulo},
       'Resuelve la guía en tu cuaderno y sube una foto de cada página. Consulta https://www.curriculumnacional.cl',
       ${ago(`86400 * (21 - 14 * tt.k)`)}, 1, 1, 'nota', tt.columnaId, ?,
       ${ago(`86400 * (30 - tt.k)`)}, ${ago(`86400 * (30 - tt.k)`)} FROM tt`,
    docente,
  );
  // The hand-ins: (tarea, enrolled learner) pairs, the seeded course's and the estudiante's first.
  run(
    `CREATE TEMP TABLE te AS SELECT ${cuid} AS id, tareaId, cursoId, userId, k, row_number() OVER () AS n FROM (
       SELECT tt.id AS tareaId, tt.cursoId AS cursoId, e.userId AS userId, tt.k AS k
       FROM tt JOIN "Enrolment" e ON e.cursoId = tt.cursoId JOIN "User" u ON u.id = e.userId
       WHERE u.rol IN ('estudiante', 'comunidad')
       ORDER BY (tt.cursoId = ? OR e.userId = ?) DESC, ${h("tt.n * 3 + tt.k + e.rowid * 7", 81)} LIMIT ?)`,
    seededCourse,
    student,
    limit,
  );
  // n % 10: 0–3 waiting (3 late), 4–7 returned, 8 a draft, 9 waiting; times spread over the due date.
  const handedIn = ago(
    `86400 * (22 - 14 * te.k) + (te.n * 37) % 172800 - CASE WHEN te.n % 10 = 3 THEN 259200 ELSE 0 END`,
  );
  run(
    `INSERT INTO "Submission" (id, tareaId, cursoId, userId, texto, estado, entregadaEn, atrasada, nota, comentario,
       devueltaEn, revisadaPorId, createdAt, updatedAt)
     SELECT te.id, te.tareaId, te.cursoId, te.userId, 'Adjunto la foto de mi cuaderno con los ejercicios resueltos.',
       CASE WHEN te.n % 10 BETWEEN 4 AND 7 THEN 'devuelta' WHEN te.n % 10 = 8 THEN 'borrador' ELSE 'entregada' END,
       CASE WHEN te.n % 10 <> 8 THEN ${handedIn} END, te.n % 10 = 3,
       CASE WHEN te.n % 10 BETWEEN 4 AND 7 THEN 10 + ${h("te.n", 82)} % 61 END,
       CASE WHEN te.n % 10 BETWEEN 4 AND 7 THEN 'Buen trabajo: revisa el ejercicio 3.' ELSE '' END,
       CASE WHEN te.n % 10 BETWEEN 4 AND 7 THEN ${ago(`86400 * (20 - 14 * te.k)`)} END,
       CASE WHEN te.n % 10 BETWEEN 4 AND 7 THEN ? END,
       ${handedIn}, ${handedIn}
     FROM te`,
    docente,
  );
  // A returned nota is the tarea's gradebook column's too (docs/decisions/048-tareas.md).
  run(
    `INSERT INTO "ManualGrade" (columnaId, userId, nota, comentario, updatedById, updatedAt)
     SELECT t.columnaId, s.userId, s.nota, '', ?, s.devueltaEn
     FROM "Submission" s JOIN te ON te.id = s.id JOIN "Assignment" t ON t.id = s.tareaId
     WHERE s.estado = 'devuelta'`,
    docente,
  );
  run(`CREATE TEMP TABLE tf AS SELECT ${cuid} AS id, te.id AS entregaId, 'submissions/' || ${uuid} || '.png' AS k,
         te.n AS n FROM te`);
  run(`INSERT INTO "SubmissionFile" (id, entregaId, posicion, nombre, storageKey, tipo, tamano, createdAt)
       SELECT tf.id, tf.entregaId, 0, 'foto-cuaderno-' || tf.n || '.png', tf.k, 'png', ${PNG.length},
         s.createdAt FROM tf JOIN "Submission" s ON s.id = tf.entregaId`);
  const keys = (db.prepare(`SELECT k FROM tf`).all() as Array<{ k: string }>).map((r) => r.k);
  for (const table of ["tc", "tt", "te", "tf"]) db.exec(`DROP TABLE temp.${table}`);
  return keys;
}

/** Each key a real file: a hard link to one PNG (a copy where the file system refuses links). */
function storeFiles(uploads: string, keys: string[]) {
  const dir = path.join(uploads, "submissions");
  fs.mkdirSync(dir, { recursive: true });
  if (keys.length === 0) return;
  const source = path.join(uploads, keys[0]!);
  fs.writeFileSync(source, PNG);
  for (const key of keys.slice(1)) {
    const target = path.join(uploads, key);
    try {
      fs.linkSync(source, target);
    } catch {
      fs.copyFileSync(source, target);
    }
  }
}
