// @postgresql: report queries in raw SQL, kept by triggers
// The admin's Resumen, a course's report and gradebook (services, pages, API,
// CSV), and the Tally counters the database's triggers keep for them.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { aprobado } from "~/features/quizzes/nota.ts";
import { lastMonths, monthKey, monthStart } from "~/features/reports/months.ts";
import {
  getCourseReport,
  getGradebook,
  getResumen,
  gradebookCsv,
  gradebookCsvHeader,
} from "~/features/reports/reports.server.ts";
import { CourseReportSchema, GradebookSchema, ResumenSchema } from "~/features/reports/schema.ts";
import { prisma } from "~/lib/db.server.ts";
import * as reportPage from "~/routes/docente/course-report.tsx";
import * as gradebookCsvRoute from "~/routes/docente/gradebook-csv.ts";
import * as gradebookPage from "~/routes/docente/gradebook.tsx";
import * as resumenPage from "~/routes/admin/index.tsx";
import * as reportApi from "~/routes/api/admin.course-report.ts";
import * as gradebookApi from "~/routes/api/admin.gradebook.ts";
import * as resumenApi from "~/routes/api/admin.resumen.ts";
import {
  args,
  createAttempt,
  createCourse,
  createUser,
  dataOf,
  getRequest,
  jsonRequest,
  questions,
  readJson,
  signedIn,
  thrown,
} from "../factories.ts";

const tally = async (key: string) => (await prisma.tally.findUnique({ where: { key } }))?.n ?? 0;

const newCourse = (titulo = "Curso con reportes", exigencia?: number) =>
  createCourse(
    {
      titulo,
      exigencia,
      modulos: [
        { titulo: "Sumas", preguntas: questions("¿2+2?", "¿3+3?", "¿1+1?") },
        { titulo: "Lecturas", descripcion: "Sin evaluación" },
        { titulo: "Restas", preguntas: questions("¿5-3?") },
      ],
    },
    {
      include: { modulos: { orderBy: { posicion: "asc" }, include: { preguntas: { orderBy: { posicion: "asc" } } } } },
    },
  );

type Course = Awaited<ReturnType<typeof newCourse>>;

async function enrol(userId: string, course: Course, registradoEn: Date) {
  await prisma.enrolment.create({ data: { userId, cursoId: course.id, registradoEn } });
}

/** One graded attempt; `wrong`: the question ids answered wrong (the others right). */
async function attempt(userId: string, course: Course, moduleIndex: number, porcentaje: number, wrong: string[] = []) {
  const module = course.modulos[moduleIndex]!;
  await createAttempt(userId, module, {
    porcentaje,
    aprobado: aprobado(porcentaje, course.exigencia),
    correctas: 0,
    totalPreguntas: module.preguntas.length,
    answers: {
      create: module.preguntas.map((q) => ({
        preguntaId: q.id,
        pregunta: q.texto,
        respuestaUsuario: "x",
        esCorrecta: !wrong.includes(q.id),
      })),
    },
  });
}

async function certify(userId: string, cursoId: string | null, emitidoEn = new Date()) {
  return prisma.certificate.create({
    data: {
      codigo: crypto.randomUUID().slice(0, 12),
      userId,
      cursoId,
      nombreTitular: "Titular",
      tituloCurso: "Curso",
      emitidoEn,
    },
  });
}

describe("a course's report and gradebook", () => {
  let course: Course;
  let ids: { a: string; b: string; c: string; d: string; gone: string };
  let q: { sum1: string; sum2: string; sum3: string; rest: string };

  beforeAll(async () => {
    course = await newCourse();
    const [sumas, , restas] = course.modulos;
    q = {
      sum1: sumas!.preguntas[0]!.id,
      sum2: sumas!.preguntas[1]!.id,
      sum3: sumas!.preguntas[2]!.id,
      rest: restas!.preguntas[0]!.id,
    };
    const names = ["Ana", "Bruno", "Carla", "Diego", "Elena"];
    const users = [];
    for (const nombre of names) users.push(await createUser({ nombre, apellido: "Prueba" }));
    const [a, b, c, d, gone] = users.map((u) => u.id) as [string, string, string, string, string];
    ids = { a, b, c, d, gone };
    // Enrolment order: Ana, Bruno, Carla, Diego (the gradebook's order).
    for (const [i, id] of [a, b, c, d].entries()) await enrol(id, course, new Date(Date.UTC(2026, 0, 10 + i)));
    // Ana: Sumas failed then passed, Restas passed at once; certificate.
    await attempt(a, course, 0, 33, [q.sum1, q.sum2]);
    await attempt(a, course, 0, 100);
    await attempt(a, course, 2, 100);
    await certify(a, course.id);
    // Bruno: Sumas passed at the third attempt.
    await attempt(b, course, 0, 33, [q.sum1, q.sum3]);
    await attempt(b, course, 0, 67, [q.sum1]);
    await attempt(b, course, 0, 100);
    // Carla: one failed attempt at Sumas.
    await attempt(c, course, 0, 67, [q.sum2]);
    // Diego: enrolled, never tried. Elena tried, passed and left the course: not a participant.
    await attempt(gone, course, 0, 100);
    await attempt(gone, course, 2, 0, [q.rest]);
    await certify(gone, course.id);
  });

  it("the funnel: enrolled → started → passed each quiz module → certificate, current participants only", async () => {
    const report = (await getCourseReport(course.id))!;
    expect(CourseReportSchema.parse(report)).toEqual(report);
    expect(report.embudo).toEqual([
      { etapa: "Participantes", participantes: 4 },
      { etapa: "Comenzaron (al menos un intento)", participantes: 3 },
      { etapa: "Aprobaron el módulo 1: Sumas", participantes: 2 },
      { etapa: "Aprobaron el módulo 3: Restas", participantes: 1 },
      { etapa: "Obtuvieron el certificado", participantes: 1 },
    ]);
  });

  it("per quiz module: pass rate, average attempts, the questions most often answered wrong", async () => {
    const report = (await getCourseReport(course.id))!;
    expect(report.modulos.map((m) => m.titulo)).toEqual(["Sumas", "Restas"]);
    const [sumas, restas] = report.modulos;
    expect(sumas).toMatchObject({
      preguntas: 3,
      participantesConIntento: 3,
      aprobados: 2,
      tasaAprobacion: 67,
      intentos: 6,
      promedioIntentos: 2,
    });
    expect(restas).toMatchObject({
      preguntas: 1,
      participantesConIntento: 1,
      aprobados: 1,
      tasaAprobacion: 100,
      intentos: 1,
      promedioIntentos: 1,
    });
    // Every recorded answer counts (Elena's too): ¿2+2? wrong 3 times of 7, ¿3+3? twice, ¿1+1? once.
    expect(sumas!.preguntasMasFalladas).toEqual([
      { preguntaId: q.sum1, texto: "¿2+2?", respuestas: 7, incorrectas: 3, tasaError: 43 },
      { preguntaId: q.sum2, texto: "¿3+3?", respuestas: 7, incorrectas: 2, tasaError: 29 },
      { preguntaId: q.sum3, texto: "¿1+1?", respuestas: 7, incorrectas: 1, tasaError: 14 },
    ]);
    expect(restas!.preguntasMasFalladas).toEqual([
      { preguntaId: q.rest, texto: "¿5-3?", respuestas: 2, incorrectas: 1, tasaError: 50 },
    ]);
  });

  it("a course without participants or quizzes reports zeros; an unknown course is null", async () => {
    const empty = await createCourse({ titulo: "Vacío", estado: "borrador" });
    const report = (await getCourseReport(empty.id))!;
    expect(report.embudo).toEqual([
      { etapa: "Participantes", participantes: 0 },
      { etapa: "Comenzaron (al menos un intento)", participantes: 0 },
      { etapa: "Obtuvieron el certificado", participantes: 0 },
    ]);
    expect(report.modulos).toEqual([]);
    expect(await getCourseReport("no-existe")).toBeNull();
    expect(await getGradebook("no-existe")).toBeNull();
  });

  it("the gradebook: participants by apellido and nombre × quiz modules, best score, attempts, passed; paged", async () => {
    const first = (await getGradebook(course.id, { page: 1, size: 2 }))!;
    expect(GradebookSchema.parse(first)).toEqual(first);
    expect(first.modulos.map((m) => m.titulo)).toEqual(["Sumas", "Restas"]);
    expect([first.total, first.page, first.pageCount]).toEqual([4, 1, 2]);
    const [sumas, restas] = first.modulos.map((m) => m.id);
    expect(first.participantes).toEqual([
      {
        id: ids.a,
        nombre: "Ana Prueba",
        correo: expect.any(String),
        notas: [
          { moduloId: sumas, mejorNota: 100, nota: 7, intentos: 2, aprobado: true },
          { moduloId: restas, mejorNota: 100, nota: 7, intentos: 1, aprobado: true },
        ],
        manuales: [],
        nota: 7,
      },
      {
        id: ids.b,
        nombre: "Bruno Prueba",
        correo: expect.any(String),
        notas: [
          { moduloId: sumas, mejorNota: 100, nota: 7, intentos: 3, aprobado: true },
          { moduloId: restas, mejorNota: null, nota: null, intentos: 0, aprobado: false },
        ],
        manuales: [],
        nota: 4, // (7,0 + 1,0) ÷ 2: a module without attempts counts as 1,0
      },
    ]);
    expect(first.curso).toEqual({ id: course.id, titulo: "Curso con reportes", exigencia: 70 });
    const second = (await getGradebook(course.id, { page: 2, size: 2 }))!;
    expect(
      second.participantes.map((p) => [
        p.nombre,
        p.notas.map((n) => [n.mejorNota, n.nota, n.intentos, n.aprobado]),
        p.nota,
      ]),
    ).toEqual([
      [
        "Carla Prueba",
        [
          [67, 3.9, 1, false], // 3,87…: under the exigencia, 70 %, a 3,9 and not passed
          [null, null, 0, false],
        ],
        2.5, // 2,45
      ],
      [
        "Diego Prueba",
        [
          [null, null, 0, false],
          [null, null, 0, false],
        ],
        null, // no attempt yet: no final nota
      ],
    ]);
    // A page past the end shows the last one.
    expect((await getGradebook(course.id, { page: 9, size: 2 }))!.page).toBe(2);
  });

  it("the CSV: the participants export's conventions, four columns per quiz module and the final Nota", async () => {
    const csv = (await gradebookCsv(course.id))!;
    expect(csv.header).toEqual(gradebookCsvHeader(course.modulos.filter((m) => m.preguntas.length)));
    const admin = await signedIn("admin");
    const response = (await gradebookCsvRoute.loader(
      args(getRequest(`/docente/cursos/${course.id}/calificaciones/csv`, admin.cookie), { cursoId: course.id }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("calificaciones-Curso con reportes.csv");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFNombre;Correo;" +
        "Módulo 1: Sumas - Mejor porcentaje;Módulo 1: Sumas - Nota;Módulo 1: Sumas - Intentos;Módulo 1: Sumas - Aprobado;" +
        "Módulo 3: Restas - Mejor porcentaje;Módulo 3: Restas - Nota;Módulo 3: Restas - Intentos;" +
        "Módulo 3: Restas - Aprobado;Nota",
    );
    // A nota's comma is quoted, as every comma (app/lib/csv.server.ts); a spreadsheet reads 7,0.
    expect(lines[1]).toMatch(/^Ana Prueba;[^;]+@test\.cl;100%;"7,0";2;Sí;100%;"7,0";1;Sí;"7,0"$/);
    expect(lines[2]).toMatch(/^Bruno Prueba;[^;]+;100%;"7,0";3;Sí;;;0;No;"4,0"$/);
    expect(lines[3]).toMatch(/^Carla Prueba;[^;]+;67%;"3,9";1;No;;;0;No;"2,5"$/);
    expect(lines[4]).toMatch(/^Diego Prueba;[^;]+;;;0;No;;;0;No;$/);
    expect(lines.slice(5)).toEqual([""]);
  });

  it("pages: the course's managers (a visitor to /login, a learner to /), 404 for an unknown course", async () => {
    const student = await signedIn("estudiante");
    const admin = await signedIn("admin");
    const pages = [
      [resumenPage.loader, "/admin", {}],
      [reportPage.loader, `/docente/cursos/${course.id}/reportes`, { cursoId: course.id }],
      [gradebookPage.loader, `/docente/cursos/${course.id}/calificaciones`, { cursoId: course.id }],
      [gradebookCsvRoute.loader, `/docente/cursos/${course.id}/calificaciones/csv`, { cursoId: course.id }],
    ] as const;
    for (const [loader, path, params] of pages) {
      const anonymous = await thrown(loader(args(getRequest(path), params)));
      expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
      const other = await thrown(loader(args(getRequest(path, student.cookie), params)));
      expect([other.status, other.headers.get("Location")]).toEqual([302, "/"]);
    }
    const missing = await reportPage
      .loader(args(getRequest("/docente/cursos/x/reportes", admin.cookie), { cursoId: "x" }))
      .catch((e: unknown) => e);
    expect(dataOf(missing).status).toBe(404);
    const data = await gradebookPage.loader(
      args(getRequest(`/docente/cursos/${course.id}/calificaciones?page=1`, admin.cookie), { cursoId: course.id }),
    );
    expect(data.gradebook.participantes).toHaveLength(4);
    const summary = await resumenPage.loader(args(getRequest("/admin", admin.cookie)));
    expect(ResumenSchema.parse(summary.resumen)).toEqual(summary.resumen);
  });

  it("API: 401 without a token, 403 for another role, 404 unknown course, 405 other methods; the schemas' shapes", async () => {
    const student = await signedIn("estudiante");
    const admin = await signedIn("admin");
    const calls = [
      [resumenApi, "/api/admin/resumen", {}],
      [reportApi, `/api/admin/cursos/${course.id}/reporte`, { cursoId: course.id }],
      [gradebookApi, `/api/admin/cursos/${course.id}/calificaciones`, { cursoId: course.id }],
    ] as const;
    for (const [route, path, params] of calls) {
      const none = await route.loader(args(jsonRequest(path, null, { method: "GET" }), params));
      expect([none.status, Object.keys(await readJson(none))]).toEqual([401, ["error"]]);
      const other = await route.loader(args(jsonRequest(path, null, { method: "GET", token: student.token }), params));
      expect([other.status, Object.keys(await readJson(other))]).toEqual([403, ["error"]]);
      const post = await route.action(args(jsonRequest(path, null, { method: "POST" }), params));
      expect([post.status, post.headers.get("Allow"), await readJson(post)]).toEqual([
        405,
        "GET",
        { error: "Método no permitido." },
      ]);
    }
    const get = (route: (typeof calls)[number][0], path: string, params = {}) =>
      route.loader(args(jsonRequest(path, null, { method: "GET", token: admin.token }), params));

    const resumen = await get(resumenApi, "/api/admin/resumen");
    expect(resumen.status).toBe(200);
    expect(ResumenSchema.safeParse(await resumen.json()).success).toBe(true);

    const report = await get(reportApi, `/api/admin/cursos/${course.id}/reporte`, { cursoId: course.id });
    expect(report.status).toBe(200);
    expect(CourseReportSchema.parse(await report.json())).toEqual(await getCourseReport(course.id));

    const grades = await get(gradebookApi, `/api/admin/cursos/${course.id}/calificaciones?page=1`, {
      cursoId: course.id,
    });
    expect(grades.status).toBe(200);
    expect(grades.headers.get("X-Total-Count")).toBe("4");
    const body = GradebookSchema.parse(await grades.json());
    expect(body.participantes.map((p) => p.nombre)).toEqual([
      "Ana Prueba",
      "Bruno Prueba",
      "Carla Prueba",
      "Diego Prueba",
    ]);

    for (const route of [reportApi, gradebookApi]) {
      const missing = await get(route, "/api/admin/cursos/x/reporte", { cursoId: "x" });
      expect([missing.status, await readJson(missing)]).toEqual([404, { error: "Curso no encontrado" }]);
    }
  });
});

describe("the gradebook's Nota follows the course's exigencia", () => {
  // The same attempts in a course with exigencia 50 and one with 60.
  // [name, Sumas %, Restas % or null, then per exigencia: Sumas nota, Restas nota, final nota]
  const learners = [
    ["Luis", 66, 74, { 60: [4.5, 5.1, 4.8], 50: [5, 5.4, 5.2] }], // 4,45 and 5,05 round up
    ["Marta", 45, null, { 60: [3.3, null, 2.2], 50: [3.7, null, 2.4] }], // 3,25; (3,3 + 1,0) ÷ 2 = 2,15
    ["Nora", 50, 0, { 60: [3.5, 1, 2.3], 50: [4, 1, 2.5] }],
  ] as const;
  const courses: Record<50 | 60, Course> = {} as Record<50 | 60, Course>;

  beforeAll(async () => {
    courses[50] = await newCourse("Exigencia cincuenta", 50);
    courses[60] = await newCourse("Exigencia sesenta", 60);
    for (const [i, [nombre, sumas, restas]] of learners.entries()) {
      const user = await createUser({ nombre, apellido: "Nota" });
      for (const course of Object.values(courses)) {
        await enrol(user.id, course, new Date(Date.UTC(2026, 2, 1 + i)));
        await attempt(user.id, course, 0, sumas);
        if (restas !== null) await attempt(user.id, course, 2, restas);
      }
    }
  });

  it("a new course's exigencia is 70, the specification's pass mark", async () => {
    expect((await newCourse("Exigencia por defecto")).exigencia).toBe(70);
    expect(courses[50].exigencia).toBe(50);
  });

  for (const e of [50, 60] as const) {
    it(`exigencia ${e}: the loader, the CSV and the API`, async () => {
      const course = courses[e];
      const expected = learners.map(([nombre, , , notas]) => [`${nombre} Nota`, ...notas[e]]);

      const gradebook = (await getGradebook(course.id))!;
      expect(gradebook.curso.exigencia).toBe(e);
      expect(gradebook.participantes.map((p) => [p.nombre, ...p.notas.map((n) => n.nota), p.nota])).toEqual(expected);
      // 'Aprobado' and the nota agree in every cell (Nora's 50 % is both with 50 and neither with 60).
      for (const n of gradebook.participantes.flatMap((p) => p.notas)) expect(n.aprobado).toBe((n.nota ?? 0) >= 4);

      const admin = await signedIn("admin");
      const page = await gradebookPage.loader(
        args(getRequest(`/docente/cursos/${course.id}/calificaciones`, admin.cookie), { cursoId: course.id }),
      );
      expect(page.gradebook).toEqual(gradebook);

      const response = (await gradebookCsvRoute.loader(
        args(getRequest(`/docente/cursos/${course.id}/calificaciones/csv`, admin.cookie), { cursoId: course.id }),
      )) as Response;
      const rows = new TextDecoder("utf-8", { ignoreBOM: true })
        .decode(await response.arrayBuffer())
        .split("\r\n")
        .filter(Boolean)
        .map((line) => line.split(";").map((cell) => cell.replace(/^"(.*)"$/, "$1")));
      const header = rows[0]!;
      const at = (name: string) => header.indexOf(name);
      expect(header.at(-1)).toBe("Nota");
      const comma = (n: number | null) => (n === null ? "" : n.toFixed(1).replace(".", ","));
      expect(
        rows
          .slice(1)
          .map((r) => [r[0], r[at("Módulo 1: Sumas - Nota")], r[at("Módulo 3: Restas - Nota")], r[at("Nota")]]),
      ).toEqual(expected.map(([nombre, ...notas]) => [nombre, ...notas.map((n) => comma(n as number | null))]));
      // The percentage stays beside its nota.
      expect(rows[1]![at("Módulo 1: Sumas - Mejor porcentaje")]).toBe("66%");

      const api = await gradebookApi.loader(
        args(
          jsonRequest(`/api/admin/cursos/${course.id}/calificaciones`, null, { method: "GET", token: admin.token }),
          { cursoId: course.id },
        ),
      );
      const body = GradebookSchema.parse(await api.json());
      expect(body.curso.exigencia).toBe(e);
      expect(body.participantes.map((p) => [p.nombre, ...p.notas.map((n) => n.nota), p.nota])).toEqual(expected);
    });
  }

  it("the schema takes every nota of the scale and nothing off it", () => {
    const cell = { moduloId: "m", mejorNota: 0, intentos: 1, aprobado: false };
    const book = (nota: number) => ({
      curso: { id: "c", titulo: "t", exigencia: 60 },
      clases: [],
      clase: null,
      modulos: [],
      columnas: [],
      ponderacion: null,
      participantes: [{ id: "u", nombre: "n", correo: "c", notas: [{ ...cell, nota }], manuales: [], nota }],
      total: 1,
      page: 1,
      pageCount: 1,
    });
    for (let t = 10; t <= 70; t++) expect(GradebookSchema.safeParse(book(t / 10)).success, `${t / 10}`).toBe(true);
    for (const bad of [0.9, 7.1, 4.45]) expect(GradebookSchema.safeParse(book(bad)).success).toBe(false);
  });
});

describe("the Resumen: totals and months from the Tally", () => {
  it("the last 12 months: the current month last, month and year edges in Chile's time", () => {
    expect(lastMonths(new Date("2031-06-15T12:00:00Z"))).toEqual([
      "2030-07",
      "2030-08",
      "2030-09",
      "2030-10",
      "2030-11",
      "2030-12",
      "2031-01",
      "2031-02",
      "2031-03",
      "2031-04",
      "2031-05",
      "2031-06",
    ]);
    // Summer time (UTC-3) in January: 00:00 UTC on the 1st is still 31 December in Chile.
    expect(lastMonths(new Date("2031-01-01T00:00:00Z"))[11]).toBe("2030-12");
    expect(lastMonths(new Date("2031-01-01T03:00:00Z"))[11]).toBe("2031-01");
    expect(lastMonths(new Date("2031-01-01T02:59:59.999Z"))[0]).toBe("2030-01");
    expect(monthKey(new Date("2031-03-31T22:00:00-03:00"))).toBe("2031-03");
    // Winter time (UTC-4) in July.
    expect(monthKey(new Date("2031-07-01T03:59:59.999Z"))).toBe("2031-06");
    expect(monthKey(new Date("2031-07-01T04:00:00Z"))).toBe("2031-07");
  });

  it("LocalMonth (migration local_months) is monthStart of every month, 1990–2100: the triggers' months are Intl's", async () => {
    const rows = await prisma.localMonth.findMany({ orderBy: { desde: "asc" } });
    expect(rows).toHaveLength((2100 - 1990 + 1) * 12);
    for (const { desde, mes } of rows) {
      const [year, month] = mes.split("-").map(Number);
      expect(desde.toISOString(), mes).toBe(monthStart(year!, month!).toISOString());
    }
  });

  it("buckets enrolments and certificates by month: window edges, an empty month", async () => {
    const course = await newCourse("Meses");
    const other = await newCourse("Meses 2");
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await createUser());
    const at = (iso: string) => new Date(iso);
    // Just before the window, its first instant, an inner month, its last instant, just after
    // (in Chile's time: July begins at 04:00 UTC, in winter time).
    await enrol(users[0]!.id, course, at("2030-07-01T03:59:59.999Z"));
    await enrol(users[1]!.id, course, at("2030-07-01T04:00:00.000Z"));
    await enrol(users[2]!.id, course, at("2030-10-15T12:00:00.000Z"));
    await enrol(users[3]!.id, course, at("2030-10-20T12:00:00.000Z"));
    await enrol(users[4]!.id, course, at("2031-07-01T03:59:59.999Z"));
    await enrol(users[5]!.id, course, at("2031-07-01T04:00:00.000Z"));
    // 00:00 UTC on 1 December is 21:00 on 30 November in Chile.
    await certify(users[2]!.id, course.id, at("2030-12-01T00:00:00.000Z"));
    await certify(users[3]!.id, other.id, at("2031-06-30T10:00:00.000Z"));

    const resumen = await getResumen(new Date("2031-06-15T12:00:00Z"));
    expect(ResumenSchema.parse(resumen)).toEqual(resumen);
    const byMonth = Object.fromEntries(resumen.meses.map((m) => [m.mes, [m.inscripciones, m.certificados]]));
    expect(resumen.meses.map((m) => m.mes)).toEqual(lastMonths(new Date("2031-06-15T12:00:00Z")));
    expect(byMonth).toEqual({
      "2030-07": [1, 0],
      "2030-08": [0, 0],
      "2030-09": [0, 0],
      "2030-10": [2, 0],
      "2030-11": [0, 1],
      "2030-12": [0, 0],
      "2031-01": [0, 0],
      "2031-02": [0, 0],
      "2031-03": [0, 0],
      "2031-04": [0, 0],
      "2031-05": [0, 0],
      "2031-06": [1, 1],
    });
  });

  it("the totals equal counting the rows (users by role, pending, courses, enrolments, certificates, outbox)", async () => {
    await createUser({ rol: "docente", aprobado: false });
    // Private courses: counted apart, whatever their state, and moved when one becomes public.
    await createCourse({ visibilidad: "privado", estado: "borrador" });
    const madePublic = await createCourse({ visibilidad: "privado" });
    await prisma.course.update({ where: { id: madePublic.id }, data: { visibilidad: "publico" } });
    await prisma.outboxMail.create({ data: { to: "a@test.cl", subject: "s", text: "t", kind: "user.approved" } });
    await prisma.outboxMail.create({
      data: { to: "b@test.cl", subject: "s", text: "t", kind: "user.approved", status: "failed" },
    });
    const resumen = await getResumen();
    const roles = Object.fromEntries(
      await Promise.all(
        (["admin", "docente", "estudiante", "comunidad"] as const).map(
          async (rol) => [rol, await prisma.user.count({ where: { rol } })] as const,
        ),
      ),
    );
    expect(resumen).toMatchObject({
      usuarios: {
        total: await prisma.user.count(),
        pendientes: await prisma.user.count({ where: { aprobado: false, suspendidoEn: null } }),
        porRol: roles,
      },
      cursos: {
        publicados: await prisma.course.count({ where: { estado: "publicado", visibilidad: "publico" } }),
        borradores: await prisma.course.count({ where: { estado: "borrador", visibilidad: "publico" } }),
        enRevision: await prisma.course.count({ where: { estado: "en_revision", visibilidad: "publico" } }),
        privados: await prisma.course.count({ where: { visibilidad: "privado" } }),
      },
      inscripciones: await prisma.enrolment.count(),
      certificados: await prisma.certificate.count(),
      correos: {
        pendientes: await prisma.outboxMail.count({ where: { status: "pending" } }),
        fallidos: await prisma.outboxMail.count({ where: { status: "failed" } }),
      },
    });
    expect(resumen.correos.fallidos).toBeGreaterThan(0);
    expect(resumen.usuarios.porRol.docente).toBeGreaterThan(0);
  });
});

describe("Tally triggers of the Resumen", () => {
  it("months in Chile's time: 22:00 on 31 March in Osorno counts in March; summer and winter time", async () => {
    const course = await newCourse("Osorno");
    const [a, b, c, d] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const keys = ["enrol:2033-03", "enrol:2033-04", "cert:2033-08", "cert:2033-09", "cert:2033-10"];
    const before = await Promise.all(keys.map(tally));
    // Summer time (UTC-3): 22:00 on 31 March is 01:00 UTC on 1 April.
    await enrol(a.id, course, new Date("2033-03-31T22:00:00-03:00"));
    // Summer time lasts into April (until the first Sunday after the 1st): 00:30 on 1 April is
    // 03:30 UTC, April.
    await enrol(b.id, course, new Date("2033-04-01T00:30:00-03:00"));
    // Winter time (UTC-4): 23:30 on 31 August is 03:30 UTC on 1 September.
    await certify(c.id, course.id, new Date("2033-08-31T23:30:00-04:00"));
    // Summer time since early September (UTC-3): 00:30 on 1 October is 03:30 UTC, already October.
    await certify(d.id, course.id, new Date("2033-10-01T00:30:00-03:00"));
    const after = await Promise.all(keys.map(tally));
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 0, 1]);
    const resumen = await getResumen(new Date("2033-04-15T12:00:00Z"));
    expect(resumen.meses.find((m) => m.mes === "2033-03")!.inscripciones).toBe(after[0]);
  });

  it("enrolments: insert, move to another month, delete, and deleted with their user", async () => {
    const course = await newCourse("Triggers");
    const user = await createUser();
    const [all, may, june] = [await tally("enrol:all"), await tally("enrol:2032-05"), await tally("enrol:2032-06")];
    await enrol(user.id, course, new Date("2032-05-31T23:00:00Z"));
    expect([await tally("enrol:all"), await tally("enrol:2032-05")]).toEqual([all + 1, may + 1]);
    await prisma.enrolment.updateMany({
      where: { userId: user.id },
      data: { registradoEn: new Date("2032-06-01T12:00:00Z") },
    });
    expect([await tally("enrol:all"), await tally("enrol:2032-05"), await tally("enrol:2032-06")]).toEqual([
      all + 1,
      may,
      june + 1,
    ]);
    await prisma.enrolment.deleteMany({ where: { userId: user.id } });
    expect([await tally("enrol:all"), await tally("enrol:2032-06")]).toEqual([all, june]);
    await enrol(user.id, course, new Date("2032-06-02T00:00:00Z"));
    await prisma.user.delete({ where: { id: user.id } });
    expect([await tally("enrol:all"), await tally("enrol:2032-06")]).toEqual([all, june]);
    expect(await tally("enrol:all")).toBe(await prisma.enrolment.count());
  });

  it("certificates: insert, kept when their course or their holder's account is deleted, counted when deleted", async () => {
    const course = await newCourse("Certificados");
    const user = await createUser();
    const [all, month] = [await tally("cert:all"), await tally("cert:2032-07")];
    await certify(user.id, course.id, new Date("2032-07-10T00:00:00Z"));
    expect([await tally("cert:all"), await tally("cert:2032-07")]).toEqual([all + 1, month + 1]);
    await prisma.course.delete({ where: { id: course.id } });
    expect([await tally("cert:all"), await tally("cert:2032-07")]).toEqual([all + 1, month + 1]);
    // A holder's account may go while the certificate stays verifiable (userId SET NULL).
    await prisma.user.delete({ where: { id: user.id } });
    expect([await tally("cert:all"), await tally("cert:2032-07")]).toEqual([all + 1, month + 1]);
    await prisma.certificate.deleteMany({
      where: { userId: null, emitidoEn: new Date("2032-07-10T00:00:00Z") },
    });
    expect([await tally("cert:all"), await tally("cert:2032-07")]).toEqual([all, month]);
    expect(await tally("cert:all")).toBe(await prisma.certificate.count());
  });

  it("accounts by role and mail by status follow inserts, changes and deletes", async () => {
    const [docentes, comunidad] = [await tally("user:rol:docente"), await tally("user:rol:comunidad")];
    const user = await createUser({ rol: "docente" });
    expect(await tally("user:rol:docente")).toBe(docentes + 1);
    await prisma.user.update({ where: { id: user.id }, data: { rol: "comunidad" } });
    expect([await tally("user:rol:docente"), await tally("user:rol:comunidad")]).toEqual([docentes, comunidad + 1]);
    await prisma.user.delete({ where: { id: user.id } });
    expect(await tally("user:rol:comunidad")).toBe(comunidad);

    const [pending, sent, failed] = [
      await tally("outbox:pending"),
      await tally("outbox:sent"),
      await tally("outbox:failed"),
    ];
    const mail = await prisma.outboxMail.create({
      data: { to: "c@test.cl", subject: "s", text: "t", kind: "user.approved" },
    });
    expect(await tally("outbox:pending")).toBe(pending + 1);
    await prisma.outboxMail.update({ where: { id: mail.id }, data: { status: "failed" } });
    expect([await tally("outbox:pending"), await tally("outbox:failed")]).toEqual([pending, failed + 1]);
    await prisma.outboxMail.update({ where: { id: mail.id }, data: { status: "sent", attempts: 2 } });
    expect([await tally("outbox:failed"), await tally("outbox:sent")]).toEqual([failed, sent + 1]);
    await prisma.outboxMail.delete({ where: { id: mail.id } });
    expect(await tally("outbox:sent")).toBe(sent);
    expect(await tally("outbox:sent")).toBe(await prisma.outboxMail.count({ where: { status: "sent" } }));
  });
});
