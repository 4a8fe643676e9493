// @postgresql: counts kept by triggers
// A course's report reads counts the database's triggers keep (migration
// report_counts), not its attempts and answers. After a mix of writes (attempts before and after
// enrolling, leaving and re-joining a course, deleted attempts and answers, an edited and a
// deleted question, a deleted module, a deleted account, certificates issued, detached and
// deleted, another course deleted) the kept counts and the report equal a recount from the rows.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { deployMigrations } from "../../server/migrate/index.ts";
import { getCourseReport, getGradebook } from "~/features/reports/reports.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { createAttempt, createCourse, createUser, questions } from "../factories.ts";
import { percentOf } from "~/lib/percent.ts";

const newCourse = (titulo: string) =>
  createCourse(
    {
      titulo,
      modulos: [
        { titulo: "Fracciones", preguntas: questions("¿1/2 + 1/2?", "¿1/3 + 1/3?") },
        { titulo: "Lecturas" },
        { titulo: "Decimales", preguntas: questions("¿0,5 + 0,5?") },
        { titulo: "Porcentajes", preguntas: questions("¿10 % de 50?") },
      ],
    },
    {
      include: { modulos: { orderBy: { posicion: "asc" }, include: { preguntas: { orderBy: { posicion: "asc" } } } } },
    },
  );
type Course = Awaited<ReturnType<typeof newCourse>>;

async function attempt(userId: string, course: Course, moduleIndex: number, aprobado: boolean, wrong = 0) {
  const modulo = course.modulos[moduleIndex]!;
  return createAttempt(userId, modulo, {
    porcentaje: aprobado ? 100 : 40,
    aprobado,
    correctas: 0,
    totalPreguntas: modulo.preguntas.length,
    answers: {
      create: modulo.preguntas.map((q, i) => ({
        preguntaId: q.id,
        pregunta: q.texto,
        respuestaUsuario: "x",
        esCorrecta: i >= wrong,
      })),
    },
  });
}

const learner = (i: number) => createUser({ nombre: `Persona${i}`, apellido: "Prueba" });
const enrol = (userId: string, cursoId: string) => prisma.enrolment.create({ data: { userId, cursoId } });
const certify = (userId: string, cursoId: string) =>
  prisma.certificate.create({
    data: { codigo: crypto.randomUUID().slice(0, 12), userId, cursoId, nombreTitular: "T", tituloCurso: "C" },
  });

/** The report's figures counted from the raw rows (what the report computed before the triggers kept them). */
async function recount(courseId: string) {
  const participants = new Set(
    (await prisma.enrolment.findMany({ where: { cursoId: courseId }, select: { userId: true } })).map((e) => e.userId),
  );
  const attempts = (
    await prisma.quizAttempt.findMany({
      where: { cursoId: courseId },
      select: { userId: true, moduloId: true, aprobado: true },
    })
  ).filter((a) => participants.has(a.userId));
  const modules = await prisma.module.findMany({
    where: { cursoId: courseId },
    select: { id: true, preguntas: { select: { id: true } } },
  });
  const certificados = await prisma.certificate.count({
    where: { cursoId: courseId, userId: { in: [...participants] } },
  });
  const keys = new Map<string, number>([
    [`report:curso:${courseId}:inscritos`, participants.size],
    [`report:curso:${courseId}:comenzaron`, new Set(attempts.map((a) => a.userId)).size],
    [`report:curso:${courseId}:certificados`, certificados],
  ]);
  for (const m of modules) {
    const own = attempts.filter((a) => a.moduloId === m.id);
    keys.set(`report:modulo:${m.id}:con-intento`, new Set(own.map((a) => a.userId)).size);
    keys.set(`report:modulo:${m.id}:aprobados`, new Set(own.filter((a) => a.aprobado).map((a) => a.userId)).size);
    keys.set(`report:modulo:${m.id}:intentos`, own.length);
    for (const q of m.preguntas) {
      const answers = await prisma.attemptAnswer.findMany({
        where: { preguntaId: q.id },
        select: { esCorrecta: true },
      });
      keys.set(`report:pregunta:${q.id}:respuestas`, answers.length);
      keys.set(`report:pregunta:${q.id}:incorrectas`, answers.filter((a) => !a.esCorrecta).length);
    }
  }
  return keys;
}

/** The kept counts of a course's report keys (0 when absent). */
async function kept(keys: string[]) {
  const rows = await prisma.tally.findMany({ where: { key: { in: keys } } });
  const byKey = new Map(rows.map((r) => [r.key, r.n]));
  return new Map(keys.map((k) => [k, byKey.get(k) ?? 0]));
}

describe("a course's report from counts the database keeps", () => {
  it("after a mix of writes and deletions, the kept counts and the report equal a recount of the rows", async () => {
    const course = await newCourse("Matemática con reportes guardados");
    const other = await newCourse("Otro curso que se elimina");
    const users = [];
    for (let i = 0; i < 7; i++) users.push((await learner(i)).id);
    const [a, b, c, d, e, f, g] = users as [string, string, string, string, string, string, string];

    // Attempts before enrolling (counted once the learner enrols), and after.
    await attempt(a, course, 0, false, 2);
    await enrol(a, course.id);
    await attempt(a, course, 0, true);
    await attempt(a, course, 2, true);
    for (const id of [b, c, d, e, f]) await enrol(id, course.id);
    await attempt(b, course, 0, false, 1);
    await attempt(b, course, 0, false, 2);
    const bPass = await attempt(b, course, 0, true);
    await attempt(c, course, 2, false, 1);
    await attempt(c, course, 3, true);
    await attempt(d, course, 0, true);
    await attempt(e, course, 3, false, 1);
    await attempt(g, course, 0, true); // never enrolled: counts only its answers
    await certify(a, course.id);
    await certify(d, course.id);
    await certify(g, course.id);
    // Another course's learners and its deletion.
    await enrol(f, other.id);
    await attempt(f, other, 0, true);
    await certify(f, other.id);

    // Deletions: b's passing attempt, an answer of c's, e leaves and comes back, d leaves,
    // f's account is deleted, a certificate is deleted, the other course is deleted.
    await prisma.quizAttempt.delete({ where: { id: bPass.id } });
    await prisma.attemptAnswer.deleteMany({ where: { intento: { userId: c, moduloId: course.modulos[2]!.id } } });
    await prisma.enrolment.deleteMany({ where: { userId: e, cursoId: course.id } });
    await enrol(e, course.id);
    await prisma.enrolment.deleteMany({ where: { userId: d, cursoId: course.id } });
    await prisma.user.delete({ where: { id: f } });
    await prisma.certificate.deleteMany({ where: { userId: g, cursoId: course.id } });
    await prisma.course.delete({ where: { id: other.id } });

    // The course editor: a question edited in place keeps its answers; a deleted question and a
    // deleted module take theirs out of the report.
    const fr = course.modulos[0]!;
    await prisma.quizQuestion.update({ where: { id: fr.preguntas[0]!.id }, data: { texto: "¿½ + ½?" } });
    await prisma.quizQuestion.delete({ where: { id: fr.preguntas[1]!.id } });
    await prisma.module.delete({ where: { id: course.modulos[3]!.id } });

    const expected = await recount(course.id);
    expect(await kept([...expected.keys()])).toEqual(expected);
    // Nothing left under the deleted course, module and question; no count below zero.
    const gone = [
      `report:curso:${other.id}:`,
      `report:modulo:${course.modulos[3]!.id}:`,
      `report:pregunta:${fr.preguntas[1]!.id}:`,
    ];
    const left = await prisma.tally.findMany({ where: { key: { startsWith: "report:" } } });
    expect(left.filter((r) => gone.some((p) => r.key.startsWith(p)))).toEqual([]);
    expect(left.filter((r) => r.n < 0)).toEqual([]);

    const report = (await getCourseReport(course.id))!;
    const n = (key: string) => expected.get(key) ?? 0;
    expect(report.embudo[0]).toEqual({
      etapa: "Participantes",
      participantes: n(`report:curso:${course.id}:inscritos`),
    });
    expect(report.embudo[1]!.participantes).toBe(n(`report:curso:${course.id}:comenzaron`));
    expect(report.embudo.at(-1)!.participantes).toBe(n(`report:curso:${course.id}:certificados`));
    expect(report.modulos.map((m) => m.titulo)).toEqual(["Fracciones", "Decimales"]);
    for (const m of report.modulos) {
      const tried = n(`report:modulo:${m.id}:con-intento`);
      const passed = n(`report:modulo:${m.id}:aprobados`);
      expect(m.participantesConIntento).toBe(tried);
      expect(m.aprobados).toBe(passed);
      expect(m.tasaAprobacion).toBe(percentOf(passed, tried));
      expect(m.intentos).toBe(n(`report:modulo:${m.id}:intentos`));
      for (const q of m.preguntasMasFalladas) {
        expect(q.respuestas).toBe(n(`report:pregunta:${q.preguntaId}:respuestas`));
        expect(q.incorrectas).toBe(n(`report:pregunta:${q.preguntaId}:incorrectas`));
      }
    }
    // The figures themselves, worked out by hand from the writes above.
    expect(report.embudo.map((s) => s.participantes)).toEqual([4, 3, 1, 1, 1]);
    expect(report.modulos.map((m) => [m.participantesConIntento, m.aprobados, m.intentos])).toEqual([
      [2, 1, 4],
      [2, 1, 2],
    ]);
    expect(report.modulos[0]!.preguntasMasFalladas).toEqual([
      { preguntaId: fr.preguntas[0]!.id, texto: "¿½ + ½?", respuestas: 6, incorrectas: 3, tasaError: 50 },
    ]);
    expect((await getGradebook(course.id))!.total).toBe(4);
  });
});

describe.skipIf(process.env.TEST_DATABASE === "postgresql")("the migrations count the rows written before them", () => {
  it("report_counts and local_months: the report's keys and the months in Chile's time from existing rows", async () => {
    const all = path.resolve("prisma/migrations");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "academia-report-counts-"));
    try {
      // The migrations before report_counts, then rows, then every migration.
      const before = path.join(tmp, "before");
      fs.mkdirSync(before);
      for (const name of fs.readdirSync(all)) {
        if (name.includes("_") && name >= "20261126020200") continue;
        fs.cpSync(path.join(all, name), path.join(before, name), { recursive: true });
      }
      const file = path.join(tmp, "old.db");
      await deployMigrations(`file:${file}`, { migrationsDir: before });
      const db = new DatabaseSync(file);
      const now = "2031-05-05T12:00:00.000+00:00";
      db.exec(`
        INSERT INTO "User" (id, nombre, apellido, correo, rol, passwordHash, updatedAt) VALUES
          ('u1', 'A', 'B', 'a@t.cl', 'estudiante', 'x', '${now}'),
          ('u2', 'C', 'D', 'c@t.cl', 'estudiante', 'x', '${now}'),
          ('u3', 'E', 'F', 'e@t.cl', 'estudiante', 'x', '${now}');
        INSERT INTO "Course" (id, titulo, herramientas, loAprenderan, updatedAt) VALUES ('c1', 'Curso', '[]', '[]', '${now}');
        INSERT INTO "Module" (id, cursoId, posicion, titulo, updatedAt) VALUES ('m1', 'c1', 0, 'Uno', '${now}');
        INSERT INTO "QuizQuestion" (id, moduloId, posicion, texto) VALUES ('q1', 'm1', 0, '¿?');
        -- 22:00 on 31 March in Osorno (01:00 UTC on 1 April), and mid-April.
        INSERT INTO "Enrolment" (id, userId, cursoId, registradoEn) VALUES
          ('e1', 'u1', 'c1', '2031-04-01T01:00:00.000+00:00'), ('e2', 'u2', 'c1', '2031-04-15T12:00:00.000+00:00');
        INSERT INTO "QuizAttempt" (id, userId, cursoId, moduloId, porcentaje, aprobado, correctas, totalPreguntas) VALUES
          ('a1', 'u1', 'c1', 'm1', 0, 0, 0, 1), ('a2', 'u1', 'c1', 'm1', 100, 1, 1, 1),
          ('a3', 'u2', 'c1', 'm1', 0, 0, 0, 1), ('a4', 'u3', 'c1', 'm1', 100, 1, 1, 1);
        INSERT INTO "AttemptAnswer" (id, intentoId, preguntaId, pregunta, respuestaUsuario, esCorrecta) VALUES
          ('r1', 'a1', 'q1', '¿?', 'x', 0), ('r2', 'a2', 'q1', '¿?', 'x', 1),
          ('r3', 'a3', 'q1', '¿?', 'x', 0), ('r4', 'a4', 'q1', '¿?', 'x', 1);
        INSERT INTO "Certificate" (id, codigo, userId, cursoId, nombreTitular, tituloCurso, emitidoEn) VALUES
          ('k1', 'AAAAAAAAAAAAAAAA', 'u1', 'c1', 'A B', 'Curso', '2031-09-01T03:30:00.000+00:00'),
          ('k3', 'BBBBBBBBBBBBBBBB', 'u3', 'c1', 'E F', 'Curso', '2031-05-01T12:00:00.000+00:00');
      `);
      db.close();
      await deployMigrations(`file:${file}`);
      const check = new DatabaseSync(file, { readOnly: true });
      const tally = Object.fromEntries(
        (
          check
            .prepare(
              `SELECT key, n FROM "Tally" WHERE key LIKE 'report:%' OR key LIKE 'enrol:2%' OR key LIKE 'cert:2%'`,
            )
            .all() as Array<{
            key: string;
            n: number;
          }>
        ).map((r) => [r.key, r.n]),
      );
      check.close();
      expect(tally).toEqual({
        "report:curso:c1:inscritos": 2,
        "report:curso:c1:comenzaron": 2,
        "report:curso:c1:certificados": 1,
        "report:modulo:m1:con-intento": 2,
        "report:modulo:m1:aprobados": 1,
        "report:modulo:m1:intentos": 3,
        "report:pregunta:q1:respuestas": 4,
        "report:pregunta:q1:incorrectas": 2,
        // Osorno's 31 March in March; 23:30 on 31 August (winter time) in August.
        "enrol:2031-03": 1,
        "enrol:2031-04": 1,
        "cert:2031-08": 1,
        "cert:2031-05": 1,
      });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
