// Insight for the people who run the academy (docs/product.md#resumen, #reportes, #calificaciones;
// decision 013), for the admin pages and /api/admin alike. The summary and a course's report read
// Tally counters the database's triggers keep, so they cost the same at any size; a gradebook page
// reads its participants and their attempts on covering indexes: it costs its page.
import { fullName } from "~/features/accounts/roles.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import type { CsvCell } from "~/lib/csv.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { readTally } from "~/lib/db/tally.server.ts";
import { percentOf } from "~/lib/percent.ts";
import { fixedValue } from "~/lib/api.server.ts";
import { COURSE_STATES } from "~/features/courses/course-json.ts";
import { aprobado, formatNota, nota } from "~/features/quizzes/nota.ts";
import { lastMonths } from "./months.ts";
import { courseColumns, gradebookWeight, manualGradesOf } from "./grade-columns.server.ts";
import { finalNota } from "./final-nota.ts";
import type { GradeColumn } from "./grade-columns-schema.ts";
import { ROLES_IN_SUMMARY, type CourseReport, type Gradebook, type Resumen } from "./schema.ts";

/** The Tally's course states: a private course is counted under 'privado' (docs/decisions/039-private-courses.md). */
const ESTADOS = ["publicado", "borrador", "en_revision", "privado"] as const;
const AUDIENCIAS = ["general", "docente", "estudiante", "comunidad"] as const;

/** The summary of /admin and GET /api/admin/resumen, from the Tally alone. */
export async function getResumen(now = new Date()): Promise<Resumen> {
  const months = lastMonths(now);
  const courseKeys = ESTADOS.flatMap((e) => AUDIENCIAS.map((a) => `course:${e}:${a}`));
  const keys = [
    "user:all",
    "user:pending",
    ...ROLES_IN_SUMMARY.map((r) => `user:rol:${r}`),
    ...courseKeys,
    "enrol:all",
    "cert:all",
    "outbox:pending",
    "outbox:failed",
    ...months.flatMap((m) => [`enrol:${m}`, `cert:${m}`]),
  ];
  const n = await readTallies(keys);
  const courses = (estado: string) => AUDIENCIAS.reduce((sum, a) => sum + n(`course:${estado}:${a}`), 0);
  return {
    usuarios: {
      total: n("user:all"),
      pendientes: n("user:pending"),
      porRol: Object.fromEntries(ROLES_IN_SUMMARY.map((r) => [r, n(`user:rol:${r}`)])) as Resumen["usuarios"]["porRol"],
    },
    cursos: {
      publicados: courses("publicado"),
      borradores: courses("borrador"),
      enRevision: courses("en_revision"),
      privados: courses("privado"),
    },
    inscripciones: n("enrol:all"),
    certificados: n("cert:all"),
    correos: { pendientes: n("outbox:pending"), fallidos: n("outbox:failed") },
    meses: months.map((mes) => ({ mes, inscripciones: n(`enrol:${mes}`), certificados: n(`cert:${mes}`) })),
  };
}

export type QuizModule = { id: string; posicion: number; titulo: string };

/** A course's modules that have a quiz (at least one question), in order: the graded ones (also a class's pages). */
export async function quizModules(courseId: string): Promise<QuizModule[]> {
  return prisma.module.findMany({
    where: { cursoId: courseId, preguntas: { some: {} } },
    orderBy: { posicion: "asc" },
    select: { id: true, posicion: true, titulo: true },
  });
}

export type Grade = { userId: string; moduloId: string; intentos: number; mejor: number; aprobado: boolean };

/**
 * These participants' (participant, module) pairs of a course with attempts: how many, the best
 * score, whether one passed. Grouped in the order of QuizAttempt (cursoId, userId, moduloId, …),
 * read from that index alone, one range per participant (a gradebook page or CSV batch, a
 * class's page: features/classes).
 */
export async function grades(courseId: string, userIds: string[]): Promise<Grade[]> {
  if (userIds.length === 0) return [];
  const rows = await prisma.$queryRaw<
    Array<{ userId: string; moduloId: string; intentos: unknown; mejor: unknown; aprobado: unknown }>
  >`
    SELECT a."userId", a."moduloId", COUNT(*) AS "intentos", MAX(a."porcentaje") AS "mejor",
           MAX(CASE WHEN a."aprobado" THEN 1 ELSE 0 END) AS "aprobado"
    FROM "QuizAttempt" a
    WHERE a."cursoId" = ${courseId} AND a."userId" IN (${Prisma.join(userIds)})
    GROUP BY a."userId", a."moduloId"`;
  return rows.map((r) => ({
    userId: r.userId,
    moduloId: r.moduloId,
    intentos: Number(r.intentos),
    mejor: Number(r.mejor),
    aprobado: Number(r.aprobado) === 1,
  }));
}

/** Every question of the course's modules (the course's own rows, whatever its participants). */
async function courseQuestions(courseId: string) {
  const rows = await prisma.$queryRaw<Array<{ id: string; moduloId: string; posicion: unknown; texto: string }>>`
    SELECT q."id", q."moduloId", q."posicion", q."texto"
    FROM "Module" m JOIN "QuizQuestion" q ON q."moduloId" = m."id"
    WHERE m."cursoId" = ${courseId}`;
  return rows.map((r) => ({ id: r.id, moduloId: r.moduloId, posicion: Number(r.posicion), texto: r.texto }));
}

/** The report's Tally keys (migration report_counts): the course's, each module's and each question's counts. */
function reportKeys(courseId: string, moduleIds: string[], questionIds: string[]) {
  const curso = (k: "inscritos" | "comenzaron" | "certificados") => `report:curso:${courseId}:${k}`;
  const modulo = (id: string, k: "con-intento" | "aprobados" | "intentos") => `report:modulo:${id}:${k}`;
  const pregunta = (id: string, k: "respuestas" | "incorrectas") => `report:pregunta:${id}:${k}`;
  const keys = [
    curso("inscritos"),
    curso("comenzaron"),
    curso("certificados"),
    ...moduleIds.flatMap((id) => [modulo(id, "con-intento"), modulo(id, "aprobados"), modulo(id, "intentos")]),
    ...questionIds.flatMap((id) => [pregunta(id, "respuestas"), pregunta(id, "incorrectas")]),
  ];
  return { keys, curso, modulo, pregunta };
}

/** The counts under `keys`; never below zero (a key whose rows were written before its trigger existed). */
async function readTallies(keys: string[]) {
  const rows = await prisma.tally.findMany({ where: { key: { in: keys } }, select: { key: true, n: true } });
  const tally = new Map(rows.map((r) => [r.key, r.n]));
  return (key: string) => Math.max(0, tally.get(key) ?? 0);
}

/** How many questions a module's ranking lists. */
const MOST_MISSED = 5;

/**
 * A course's report, or null when there is no such course. Every figure counts the course's
 * current participants; the questions most often answered wrong count every recorded answer to
 * the question as it is now (answers to a deleted question are not attributed to any).
 */
export async function getCourseReport(courseId: string): Promise<CourseReport | null> {
  const course = await prisma.course.findUnique({
    where: { id: courseId },
    select: { id: true, titulo: true, estado: true },
  });
  if (!course) return null;
  const [modules, allQuestions] = await Promise.all([quizModules(course.id), courseQuestions(course.id)]);
  const { keys, curso, modulo, pregunta } = reportKeys(
    course.id,
    modules.map((m) => m.id),
    allQuestions.map((q) => q.id),
  );
  const n = await readTallies(keys);
  const questions = allQuestions.map((q) => ({
    ...q,
    respuestas: n(pregunta(q.id, "respuestas")),
    incorrectas: n(pregunta(q.id, "incorrectas")),
  }));
  const enrolled = n(curso("inscritos"));
  const started = n(curso("comenzaron"));
  const certified = n(curso("certificados"));
  const modulos = modules.map((m) => {
    const tried = n(modulo(m.id, "con-intento"));
    const passed = n(modulo(m.id, "aprobados"));
    const intentos = n(modulo(m.id, "intentos"));
    const own = questions.filter((q) => q.moduloId === m.id);
    const preguntasMasFalladas = own
      .filter((q) => q.incorrectas > 0)
      .sort(
        (a, b) =>
          b.incorrectas - a.incorrectas ||
          b.incorrectas * a.respuestas - a.incorrectas * b.respuestas ||
          a.posicion - b.posicion,
      )
      .slice(0, MOST_MISSED)
      .map((q) => ({
        preguntaId: q.id,
        texto: q.texto,
        respuestas: q.respuestas,
        incorrectas: q.incorrectas,
        tasaError: percentOf(q.incorrectas, q.respuestas),
      }));
    return {
      id: m.id,
      posicion: m.posicion,
      titulo: m.titulo,
      preguntas: own.length,
      participantesConIntento: tried,
      aprobados: passed,
      tasaAprobacion: percentOf(passed, tried),
      intentos,
      promedioIntentos: tried ? Math.round((intentos / tried) * 10) / 10 : 0,
      preguntasMasFalladas,
    };
  });
  return {
    curso: { ...course, estado: fixedValue(COURSE_STATES, course.estado) },
    embudo: [
      { etapa: "Participantes", participantes: enrolled },
      { etapa: "Comenzaron (al menos un intento)", participantes: started },
      ...modulos.map((m) => ({
        etapa: `Aprobaron el módulo ${m.posicion + 1}: ${m.titulo}`,
        participantes: m.aprobados,
      })),
      { etapa: "Obtuvieron el certificado", participantes: certified },
    ],
    modulos,
  };
}

const GRADEBOOK_PAGE_SIZE = 25;
export const GRADEBOOK_API_PAGE_SIZE = 100;

type GradeCell = Gradebook["participantes"][number]["notas"][number];
type GradeRow = { notas: GradeCell[]; manuales: ManualCell[]; nota: number | null };
type ManualCell = Gradebook["participantes"][number]["manuales"][number];
type Manual = {
  columns: GradeColumn[];
  grades: Map<string, { nota: number; comentario: string }>;
  evaluaciones: number | null;
};

/** The course's manual columns and these participants' notas in them: two statements at most. */
async function manualFor(courseId: string, rows: Array<{ user: { id: string } }>, columns?: Manual["columns"]) {
  const [cols, evaluaciones] = await Promise.all([columns ?? courseColumns(courseId), gradebookWeight(courseId)]);
  const grades = await manualGradesOf(
    cols.map((c) => c.id),
    rows.map((r) => r.user.id),
  );
  return { columns: cols, grades, evaluaciones };
}

/** Grades by "userId moduloId". */
export function byPairKey(all: Grade[]) {
  return new Map(all.map((g) => [`${g.userId} ${g.moduloId}`, g]));
}

/** The grades of these enrolments' participants, by "userId moduloId" (none without quiz modules). */
async function pairGrades(courseId: string, modules: QuizModule[], rows: Array<{ user: { id: string } }>) {
  const ids = rows.map((r) => r.user.id);
  return byPairKey(modules.length ? await grades(courseId, ids) : []);
}

/**
 * One participant's cells, each with the Nota of its best percentage at the course's exigencia,
 * their notas in the manual columns, and the final Nota: the average of the module notas (from a
 * first attempt on, a module without attempts counting as 0 %, a 1,0) and of the manual notas
 * given; none without any (docs/product.md#calificaciones, decision 044).
 */
function gradesFor(
  userId: string,
  modules: QuizModule[],
  all: Map<string, Grade>,
  exigencia: number,
  manual: Manual,
): GradeRow {
  const notas = modules.map((m) => {
    const g = all.get(`${userId} ${m.id}`);
    return {
      moduloId: m.id,
      mejorNota: g ? g.mejor : null,
      nota: g ? nota(g.mejor, exigencia) : null,
      intentos: g?.intentos ?? 0,
      // The one pass rule, so the cell's 'Aprobado' and its nota never disagree.
      aprobado: g ? aprobado(g.mejor, exigencia) : false,
    };
  });
  const manuales = manual.columns.map((c) => {
    const g = manual.grades.get(`${userId} ${c.id}`);
    return { columnaId: c.id, nota: g?.nota ?? null, comentario: g?.comentario ?? "" };
  });
  const started = notas.some((n) => n.intentos > 0);
  const final = finalNota(
    started ? notas.map((n) => n.nota ?? nota(0, exigencia)) : [],
    manuales.flatMap((m) => (m.nota === null ? [] : [m.nota])),
    manual.evaluaciones,
  );
  return { notas, manuales, nota: final };
}

const gradedCourse = (id: string) =>
  prisma.course.findUnique({ where: { id }, select: { id: true, titulo: true, exigencia: true } });

/**
 * Which learners a gradebook lists, in name order (the class's order: apellido, nombre, account
 * id; decision 047): the course's enrolments, or one class's (`?clase=`) through its members.
 */
const rosterWhere = (cursoId: string, claseId: string | null): Prisma.EnrolmentWhereInput => ({
  cursoId,
  ...(claseId ? { classes: { some: { claseId } } } : {}),
});
const BY_NAME = [{ apellido: "asc" }, { nombre: "asc" }, { userId: "asc" }] as const;
const ROSTER_SELECT = { user: { select: { id: true, nombre: true, apellido: true, correo: true } } } as const;

/** ?clase= of a gradebook's address (page, CSV, API): a class id, or null for the whole course. */
export function claseFrom(url: string | URL): string | null {
  return new URL(url).searchParams.get("clase") || null;
}

/** The course's classes (the filter's choices), in name order. */
async function courseClasses(cursoId: string) {
  const course = await prisma.course.findUnique({
    where: { id: cursoId },
    select: { classes: { orderBy: { nombre: "asc" }, select: { id: true, nombre: true } } },
  });
  return course?.classes ?? [];
}

/** The learners of a gradebook in name order, `size` at a time (keyset on the index): the CSV. */
async function* rosterBatches(cursoId: string, claseId: string | null, size = 1000) {
  let after: { apellido: string; nombre: string; userId: string } | null = null;
  for (;;) {
    const rows: Array<{ apellido: string; nombre: string; userId: string } & { user: GradebookUser }> =
      await prisma.enrolment.findMany({
        where: {
          ...rosterWhere(cursoId, claseId),
          ...(after
            ? {
                OR: [
                  { apellido: { gt: after.apellido } },
                  { apellido: after.apellido, nombre: { gt: after.nombre } },
                  { apellido: after.apellido, nombre: after.nombre, userId: { gt: after.userId } },
                ],
              }
            : {}),
        },
        orderBy: [...BY_NAME],
        take: size,
        select: { apellido: true, nombre: true, userId: true, ...ROSTER_SELECT },
      });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows.at(-1)!;
  }
}
type GradebookUser = { id: string; nombre: string; apellido: string; correo: string };

/**
 * A page of a course's gradebook: its participants, or one class's (`clase`), by apellido and
 * nombre × its quiz modules, with the best score and its Nota, attempts and whether passed, and
 * each participant's final Nota. Null when no such course, or the class is not the course's.
 */
export async function getGradebook(
  courseId: string,
  { page = 1, size = GRADEBOOK_PAGE_SIZE, clase = null }: { page?: number; size?: number; clase?: string | null } = {},
): Promise<Gradebook | null> {
  const course = await gradedCourse(courseId);
  if (!course) return null;
  const [modules, clases] = await Promise.all([quizModules(course.id), courseClasses(course.id)]);
  if (clase !== null && !clases.some((c) => c.id === clase)) return null;
  // The course's total from the Tally; a class's counts its members' index range (a class is small).
  const total = clase
    ? await prisma.enrolment.count({ where: rosterWhere(course.id, clase) })
    : await readTally(reportKeys(course.id, [], []).curso("inscritos"));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  // OFFSET over this course's range of (cursoId, apellido, nombre, userId): bounded by its size.
  const rows = await prisma.enrolment.findMany({
    where: rosterWhere(course.id, clase),
    orderBy: [...BY_NAME],
    skip: (current - 1) * size,
    take: size,
    select: ROSTER_SELECT,
  });
  const [all, manual] = await Promise.all([pairGrades(course.id, modules, rows), manualFor(course.id, rows)]);
  return {
    curso: course,
    clases,
    clase,
    modulos: modules,
    columnas: manual.columns.map((c) => ({ id: c.id, nombre: c.nombre, posicion: c.posicion, tareaId: c.tareaId })),
    ponderacion: manual.evaluaciones === null ? null : { evaluaciones: manual.evaluaciones },
    participantes: rows.map(({ user }) => ({
      id: user.id,
      nombre: fullName(user.nombre, user.apellido),
      correo: shownAddress(user.correo),
      ...gradesFor(user.id, modules, all, course.exigencia, manual),
    })),
    total,
    page: current,
    pageCount,
  };
}

/**
 * The gradebook CSV's header: name, e-mail, four columns per quiz module (the best percentage, its
 * nota, attempts, passed), two per manual column (its nota and comment), then the final `Nota`.
 */
export function gradebookCsvHeader(modules: QuizModule[], columns: Array<{ nombre: string }> = []): string[] {
  return [
    "Nombre",
    "Correo",
    ...modules.flatMap((m) => {
      const name = `Módulo ${m.posicion + 1}: ${m.titulo}`;
      return [`${name} - Mejor porcentaje`, `${name} - Nota`, `${name} - Intentos`, `${name} - Aprobado`];
    }),
    ...columns.flatMap((c) => [`${c.nombre} - Nota`, `${c.nombre} - Comentario`]),
    "Nota",
  ];
}

const notaCell = (n: number | null) => (n === null ? "" : formatNota(n));

/** One participant's CSV row: '80%' and '5,5' (empty without attempts), attempts, 'Sí' / 'No'; the final nota. */
function gradebookCsvRow(p: { nombre: string; correo: string } & GradeRow): CsvCell[] {
  return [
    p.nombre,
    p.correo,
    ...p.notas.flatMap((n) => [
      n.mejorNota === null ? "" : `${n.mejorNota}%`,
      notaCell(n.nota),
      n.intentos,
      n.aprobado ? "Sí" : "No",
    ]),
    ...p.manuales.flatMap((m) => [notaCell(m.nota), m.comentario]),
    notaCell(p.nota),
  ];
}

/**
 * The whole gradebook, or one class's (`clase`), as CSV: header and batches of 1 000 participants
 * by name, keyset on the course's (apellido, nombre, userId); null when there is no such course
 * or the class is not the course's.
 */
export async function gradebookCsv(courseId: string, clase: string | null = null) {
  const course = await gradedCourse(courseId);
  if (!course) return null;
  const [modules, columns, clases] = await Promise.all([
    quizModules(course.id),
    courseColumns(course.id),
    courseClasses(course.id),
  ]);
  const filter = clase === null ? null : clases.find((c) => c.id === clase);
  if (filter === undefined) return null;
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for await (const rows of rosterBatches(course!.id, clase)) {
      const [all, manual] = await Promise.all([
        pairGrades(course!.id, modules, rows),
        manualFor(course!.id, rows, columns),
      ]);
      yield rows.map(({ user }) =>
        gradebookCsvRow({
          nombre: fullName(user.nombre, user.apellido),
          correo: shownAddress(user.correo),
          ...gradesFor(user.id, modules, all, course!.exigencia, manual),
        }),
      );
    }
  }
  return { course, clase: filter, header: gradebookCsvHeader(modules, columns), batches: batches() };
}

/**
 * A learner's own notas in a course (the course page's 'Mis notas'): each quiz module's, the
 * manual columns' with their comment, and the final nota, as the gradebook computes them; null
 * when the course has neither quiz modules nor manual columns. Only ever called with the
 * signed-in learner's own id.
 */
export async function ownGrades(courseId: string, userId: string) {
  const course = await gradedCourse(courseId);
  if (!course) return null;
  const rows = [{ user: { id: userId } }];
  const [modules, columns] = await Promise.all([quizModules(course.id), courseColumns(course.id)]);
  if (modules.length === 0 && columns.length === 0) return null;
  const [all, manual] = await Promise.all([pairGrades(course.id, modules, rows), manualFor(course.id, rows, columns)]);
  const row = gradesFor(userId, modules, all, course.exigencia, manual);
  return {
    modulos: modules.map((m, i) => ({ titulo: `Módulo ${m.posicion + 1}: ${m.titulo}`, nota: row.notas[i]!.nota })),
    columnas: columns.map((c, i) => ({ nombre: c.nombre, ...row.manuales[i]! })),
    nota: row.nota,
  };
}
