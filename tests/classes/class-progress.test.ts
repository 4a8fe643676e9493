// @postgresql: progress in raw SQL, copied to class members by triggers
// A class at a glance, 'Escribir a la clase' and the class's notas (docs/product.md#classes,
// docs/decisions/024-class-progress.md): the flags and their boundaries, sorting, filtering and
// paging, the API's shape, the message to every learner, the CSV's notas, the team rule, and a
// constant number of queries whatever the class's size, and writing to (and the CSV of) a class of
// 3 000. The app's client logs its SQL (tests/query-log.ts), so app modules are loaded after it.
import { beforeAll, describe, expect, it } from "vitest";
import { plansOf, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { newClassCode } = await import("~/features/classes/codes.ts");
const { findClass } = await import("~/features/classes/guards.server.ts");
const { listClassMembers } = await import("~/features/classes/classes.server.ts");
const { getClassProgress, flagsOf, classGradesCsv } = await import("~/features/classes/progress.server.ts");
const { progressQueryFrom, ClassProgressSchema } = await import("~/features/classes/progress-schema.ts");
const { PROGRESS_FLAGS, PROGRESS_ORDERS, PROGRESS_DIRECTIONS } = await import("~/features/classes/progress-texts.ts");
const { QUERY_PARAMS } = await import("~/lib/api.server.ts");
const { submitAttempt } = await import("~/features/quizzes/quiz.server.ts");
const { getReplyDraft } = await import("~/features/messages/messages.server.ts");
const progressPage = await import("~/routes/classes/progress.tsx");
const writePage = await import("~/routes/classes/write.tsx");
const gradesCsvRoute = await import("~/routes/classes/grades-csv.ts");
const progressApi = await import("~/routes/api/cursos.class-progress.ts");
const f = await import("../factories.ts");

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-20T15:00:00.000Z");

type Signed = Awaited<ReturnType<typeof f.signedIn>>;
let teacher: Signed;
let otherDocente: Signed;
let admin: Signed;
let course: { id: string };
let courseB: { id: string };
let modules: Array<{
  id: string;
  preguntas: Array<{ id: string; opciones: Array<{ id: string; correcta: boolean }> }>;
}>;
let clase: { id: string; cursoId: string; nombre: string; codigo: string; createdAt: Date };
let claseB: { id: string };

const newCourse = (titulo: string) =>
  f.createCourse(
    {
      titulo,
      modulos: [
        { titulo: "La célula", preguntas: f.oneQuestionQuiz() },
        { titulo: "Ecosistemas", preguntas: f.oneQuestionQuiz() },
      ],
    },
    {
      select: {
        id: true,
        modulos: {
          orderBy: { posicion: "asc" },
          select: { id: true, preguntas: { select: { id: true, opciones: { select: { id: true, correcta: true } } } } },
        },
      },
    },
  );

/** A learner of `claseId`: account, enrolment (with its last activity) and membership. */
async function learner(
  nombre: string,
  apellido: string,
  over: { activity?: Date; progreso?: number; claseId?: string; cursoId?: string } = {},
) {
  const user = await f.createUser({ nombre, apellido });
  const cursoId = over.cursoId ?? course.id;
  await prisma.enrolment.create({
    data: { userId: user.id, cursoId, progreso: over.progreso ?? 0, ultimaActividadEn: over.activity ?? NOW },
  });
  await prisma.classMember.create({ data: { claseId: over.claseId ?? clase.id, cursoId, userId: user.id } });
  return user;
}

/** An attempt as the quiz page sends it: the right or the wrong option of module `i`'s question. */
async function attempt(user: { id: string; rol: string | null }, i: number, right: boolean) {
  const question = modules[i]!.preguntas[0]!;
  const option = question.opciones.find((o) => o.correcta === right)!;
  const viewer = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
  const outcome = await submitAttempt({ id: viewer.id, rol: "estudiante", aprobado: true } as never, course.id, i, {
    [question.id]: option.id,
  });
  expect(outcome.ok).toBe(true);
}

const progressUrl = (c = course.id, k = clase.id) => `/docente/cursos/${c}/clases/${k}/progreso`;

let ana: { id: string; rol: string | null };
let bruno: { id: string; rol: string | null };
let carla: { id: string; rol: string | null };
let diego: { id: string; rol: string | null };
let elena: { id: string; rol: string | null };

beforeAll(async () => {
  [teacher, otherDocente, admin] = [
    await f.signedIn("docente"),
    await f.signedIn("docente"),
    await f.signedIn("admin"),
  ];
  const a = await newCourse("Ciencias para la clase");
  course = { id: a.id };
  modules = a.modulos;
  courseB = { id: (await newCourse("Otro curso")).id };
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  clase = await prisma.courseClass.create({
    data: { cursoId: course.id, nombre: "3°B 2026", codigo: newClassCode(), createdById: teacher.user.id },
  });
  claseB = await prisma.courseClass.create({ data: { cursoId: courseB.id, nombre: "Otra", codigo: newClassCode() } });
  // Ana: enrolled, nothing done. Bruno: failed module 1 twice. Carla: exactly 14 days idle.
  // Diego: 14 days minus a minute idle, one pass. Elena: both modules passed.
  ana = await learner("Ana", "Alvarado");
  bruno = await learner("Bruno", "Bravo");
  carla = await learner("Carla", "Castro", { activity: new Date(NOW.getTime() - 14 * DAY) });
  diego = await learner("Diego", "Díaz");
  elena = await learner("Elena", "Espinoza");
  await attempt(bruno, 0, false);
  await attempt(bruno, 0, false);
  await attempt(diego, 0, true);
  await attempt(elena, 0, true);
  await attempt(elena, 1, true);
  // The attempts are their activity (at the real time): Diego's is set back to just inside 14 days.
  await prisma.enrolment.updateMany({
    where: { userId: diego.id, cursoId: course.id },
    data: { ultimaActividadEn: new Date(NOW.getTime() - 14 * DAY + 60_000) },
  });
  await prisma.enrolment.updateMany({
    where: { userId: { in: [bruno.id, elena.id] }, cursoId: course.id },
    data: { ultimaActividadEn: NOW },
  });
  // A learner of the other course's class, never shown here.
  await learner("Zoe", "Zapata", { claseId: claseB.id, cursoId: courseB.id });
});

const all = (query = "") => getClassProgress(clase, progressQueryFrom(`http://x/${query}`), { now: NOW });

describe("the flags", () => {
  it("each learner's flags, at the 14 days' boundary", async () => {
    const { estudiantes } = await all();
    const flags = Object.fromEntries(estudiantes.map((s) => [s.nombre, s.marcas]));
    expect(flags).toEqual({
      "Ana Alvarado": ["sin-comenzar"],
      "Bruno Bravo": ["atascado"],
      "Carla Castro": ["sin-comenzar", "inactivo"],
      "Diego Díaz": [],
      "Elena Espinoza": ["finalizado"],
    });
    const bruno_ = estudiantes.find((s) => s.id === bruno.id)!;
    expect(bruno_.intentos).toBe(2);
    expect(bruno_.modulos[0]).toMatchObject({ mejorPorcentaje: 0, intentos: 2, aprobado: false });
    const elena_ = estudiantes.find((s) => s.id === elena.id)!;
    expect(elena_).toMatchObject({ progreso: 100, modulosAprobados: 2 });
  });

  it("'Atascado' is kept with each attempt: one failure is not, a pass ends it", async () => {
    const once = await learner("Fabián", "Fuentes");
    await attempt(once, 1, false);
    const stuck = async (id: string) =>
      (await prisma.enrolment.findUniqueOrThrow({ where: { userId_cursoId: { userId: id, cursoId: course.id } } }))
        .atascado;
    expect(await stuck(once.id)).toBe(false);
    await attempt(once, 1, false);
    expect(await stuck(once.id)).toBe(true);
    await attempt(once, 1, true);
    expect(await stuck(once.id)).toBe(false);
    await prisma.classMember.delete({ where: { claseId_userId: { claseId: clase.id, userId: once.id } } });
  });

  it("the filter of each flag lists exactly those whose row shows it", async () => {
    const { estudiantes } = await all();
    for (const flag of PROGRESS_FLAGS) {
      const filtered = await all(`?marca=${flag}`);
      const expected = estudiantes.filter((s) => s.marcas.includes(flag)).map((s) => s.id);
      expect(
        filtered.estudiantes.map((s) => s.id),
        flag,
      ).toEqual(expected);
      expect(filtered.total).toBe(expected.length);
    }
    expect(flagsOf({ progreso: 0, intentos: 0, atascado: false, ultimaActividadEn: NOW }, NOW)).toEqual([
      "sin-comenzar",
    ]);
  });

  it("the API's query values are the page's lists", () => {
    expect(QUERY_PARAMS.orden.schema.enum).toEqual([...PROGRESS_ORDERS]);
    expect(QUERY_PARAMS.dir.schema.enum).toEqual([...PROGRESS_DIRECTIONS]);
    expect(QUERY_PARAMS.marca.schema.enum).toEqual([...PROGRESS_FLAGS]);
  });
});

describe("sorting and paging", () => {
  it("by name, progress and last activity, each way; unknown values read as the default", async () => {
    const names = async (q: string) => (await all(q)).estudiantes.map((s) => s.nombre.split(" ")[0]);
    expect(await names("")).toEqual(["Ana", "Bruno", "Carla", "Diego", "Elena"]);
    expect(await names("?orden=nombre&dir=desc")).toEqual(["Elena", "Diego", "Carla", "Bruno", "Ana"]);
    expect((await names("?orden=progreso"))[0]).toBe("Elena");
    expect(await names("?orden=actividad&dir=asc")).toEqual(["Carla", "Diego", "Ana", "Bruno", "Elena"]);
    expect(await names("?orden=otra&marca=nada&page=x")).toEqual(["Ana", "Bruno", "Carla", "Diego", "Elena"]);
  });

  it("pages of a fixed size, the last page when asked beyond it", async () => {
    const q = (page: number) =>
      getClassProgress(clase, { orden: "nombre", dir: "asc", marca: null, page }, { size: 2, now: NOW });
    const [p1, p2, p3, p9] = [await q(1), await q(2), await q(3), await q(9)];
    expect([p1.pageCount, p1.total]).toEqual([3, 5]);
    expect([...p1.estudiantes, ...p2.estudiantes, ...p3.estudiantes].map((s) => s.id)).toEqual([
      ana.id,
      bruno.id,
      carla.id,
      diego.id,
      elena.id,
    ]);
    expect(p9.page).toBe(3);
  });
});

describe("each member's copies of its name and progress (the database's triggers)", () => {
  const row = (userId: string, claseId = clase.id) =>
    prisma.classMember.findUniqueOrThrow({
      where: { claseId_userId: { claseId, userId } },
      select: { apellido: true, nombre: true, progreso: true, atascado: true, ultimaActividadEn: true },
    });
  const source = async (userId: string) => {
    const e = await prisma.enrolment.findUniqueOrThrow({
      where: { userId_cursoId: { userId, cursoId: course.id } },
      select: {
        progreso: true,
        atascado: true,
        ultimaActividadEn: true,
        user: { select: { apellido: true, nombre: true } },
      },
    });
    return {
      apellido: e.user.apellido,
      nombre: e.user.nombre,
      progreso: e.progreso,
      atascado: e.atascado,
      ultimaActividadEn: e.ultimaActividadEn,
    };
  };

  it("a new member's row is filled from its account and enrolment; the attempts' changes follow", async () => {
    for (const u of [ana, bruno, carla, diego, elena]) expect(await row(u.id)).toEqual(await source(u.id));
    expect((await row(bruno.id)).atascado).toBe(true);
    expect((await row(elena.id)).progreso).toBe(100);
  });

  it("a renamed account moves in the name order of each of its classes; an attempt moves it by progress", async () => {
    const fede = await learner("Federico", "Fuentes");
    const other = await prisma.courseClass.create({
      data: { cursoId: course.id, nombre: "Segunda", codigo: newClassCode() },
    });
    await prisma.classMember.create({ data: { claseId: other.id, cursoId: course.id, userId: fede.id } });
    await prisma.user.update({ where: { id: fede.id }, data: { apellido: "Aguirre", nombre: "Federica" } });
    expect(await row(fede.id)).toMatchObject({ apellido: "Aguirre", nombre: "Federica" });
    expect(await row(fede.id, other.id)).toMatchObject({ apellido: "Aguirre", nombre: "Federica" });
    expect((await all()).estudiantes[0]!.id).toBe(fede.id);
    const before = (await row(fede.id)).ultimaActividadEn;
    await attempt(fede, 0, true);
    expect(await row(fede.id)).toEqual(await source(fede.id));
    expect((await row(fede.id)).progreso).toBeGreaterThan(0);
    expect((await row(fede.id)).ultimaActividadEn.getTime()).toBeGreaterThan(before.getTime());
    expect(await row(fede.id, other.id)).toEqual(await source(fede.id));
    // Leaving the course leaves both classes (cascade); the other learners' rows are untouched.
    await prisma.enrolment.delete({ where: { userId_cursoId: { userId: fede.id, cursoId: course.id } } });
    expect(await prisma.classMember.count({ where: { userId: fede.id } })).toBe(0);
    await prisma.courseClass.delete({ where: { id: other.id } });
    for (const u of [ana, bruno, carla, diego, elena]) expect(await row(u.id)).toEqual(await source(u.id));
  });

  it("the class's list of learners in name order, a page after and before a learner", async () => {
    const first = await listClassMembers(clase.id, null, 2);
    expect(first.members.map((m) => m.nombre)).toEqual(["Ana Alvarado", "Bruno Bravo"]);
    expect([first.hasPrev, first.hasNext, first.total]).toEqual([false, true, 5]);
    const next = await listClassMembers(clase.id, { desde: bruno.id }, 2);
    expect(next.members.map((m) => m.userId)).toEqual([carla.id, diego.id]);
    expect([next.hasPrev, next.hasNext]).toEqual([true, true]);
    const back = await listClassMembers(clase.id, { antes: carla.id }, 2);
    expect(back.members.map((m) => m.userId)).toEqual([ana.id, bruno.id]);
    expect([back.hasPrev, back.hasNext]).toEqual([false, true]);
    const last = await listClassMembers(clase.id, { desde: diego.id }, 2);
    expect([last.members.map((m) => m.userId), last.hasNext]).toEqual([[elena.id], false]);
    // A learner no longer in the class: the list starts from the top again.
    expect((await listClassMembers(clase.id, { desde: "c0000000000000000000nobody" }, 2)).members[0]!.userId).toBe(
      ana.id,
    );
  });
});

describe.skipIf(!sqlite)("the cost", () => {
  it("every order, each way, and the flags read a range of the class's own indexes: no join sorted, no scan", async () => {
    const queries = [
      ...PROGRESS_ORDERS.flatMap((orden) => PROGRESS_DIRECTIONS.map((dir) => `?orden=${orden}&dir=${dir}`)),
      "?marca=atascado&orden=actividad&dir=desc",
      "?marca=finalizado&orden=progreso",
    ];
    for (const q of queries) {
      const plans = await plansOf(() => all(q));
      const members = plans.filter((p) => /FROM [`"]?(main[`"]?\.[`"]?)?ClassMember/.test(p.query));
      expect(members.length, q).toBeGreaterThan(0);
      for (const { query, plan } of members) {
        const text = plan.join("\n");
        expect({ q, query, text }).not.toMatchObject({
          text: expect.stringMatching(/TEMP B-TREE|SCAN (main\.)?ClassMember|SEARCH (main\.)?(Enrolment|User)/),
        });
      }
    }
    for (const run of [() => listClassMembers(clase.id, null), () => listClassMembers(clase.id, { desde: bruno.id })]) {
      for (const { plan } of await plansOf(run))
        expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN (main\.)?ClassMember/);
    }
  });

  it("the same number of queries for a class of 5 and of 25", async () => {
    const selects = async () => {
      statements.length = 0;
      await all("?orden=actividad");
      return statements.filter((s) => /^\s*SELECT/i.test(s.query)).length;
    };
    const small = await selects();
    const big = await prisma.courseClass.create({
      data: { cursoId: course.id, nombre: "Grande", codigo: newClassCode() },
    });
    for (let i = 0; i < 20; i++) await learner(`N${i}`, `Grande${i}`, { claseId: big.id });
    const members = await prisma.classMember.findMany({ where: { claseId: clase.id }, select: { userId: true } });
    await prisma.classMember.createMany({
      data: members.map((m) => ({ claseId: big.id, cursoId: course.id, userId: m.userId })),
    });
    statements.length = 0;
    await getClassProgress(big, progressQueryFrom("http://x/?orden=actividad"), { now: NOW });
    const large = statements.filter((s) => /^\s*SELECT/i.test(s.query)).length;
    expect(large).toBe(small);
    // The course, its quiz modules, the count, the page (and its enrolments' accounts) and the grades.
    expect(small).toBeLessThanOrEqual(7);
  });
});

describe("the page, the CSV and the API: the team rule", () => {
  const load = (loader: (a: never) => unknown, path: string, cookie: string, params: Record<string, string>) =>
    Promise.resolve(loader(f.args(f.getRequest(path, cookie), params) as never)).then(
      (v) => (v instanceof Response ? v.status : 200),
      (e: unknown) => (e instanceof Response ? e.status : 500),
    );

  it("the course's teacher 200; a docente off the team 404; a class of another course 404", async () => {
    const params = { cursoId: course.id, claseId: clase.id };
    for (const [loader, suffix] of [
      [progressPage.loader, "progreso"],
      [writePage.loader, "escribir"],
      [gradesCsvRoute.loader, "notas.csv"],
    ] as const) {
      const path = `/docente/cursos/${course.id}/clases/${clase.id}/${suffix}`;
      expect(await load(loader, path, teacher.cookie, params), path).toBe(200);
      expect(await load(loader, path, otherDocente.cookie, params), path).toBe(404);
      const other = { cursoId: course.id, claseId: claseB.id };
      expect(await load(loader, path.replace(clase.id, claseB.id), teacher.cookie, other), path).toBe(404);
      expect(await load(loader, path, admin.cookie, params), path).toBe(200);
    }
    const data = await progressPage.loader(
      f.args(f.getRequest(progressUrl(), teacher.cookie), {
        cursoId: course.id,
        claseId: clase.id,
      }) as never,
    );
    expect(data.progress.total).toBe(5);
    expect(await findClass(courseB.id, clase.id)).toBeNull();
  });

  it("GET /api/…/progreso: the schema's shape, the filter, 400 on a bad value, 403 off the team, 404 for another course's class", async () => {
    const call = (token: string, c: string, k: string, q = "") =>
      progressApi.loader(
        f.args(f.jsonRequest(`/api/cursos/${c}/clases/${k}/progreso${q}`, undefined, { method: "GET", token }), {
          cursoId: c,
          claseId: k,
        }),
      );
    const ok = await call(teacher.token, course.id, clase.id, "?marca=atascado");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-Total-Count")).toBe("1");
    const body = ClassProgressSchema.parse(await ok.json());
    expect(body.estudiantes.map((s) => [s.id, s.marcas])).toEqual([[bruno.id, ["atascado"]]]);
    expect((await call(teacher.token, course.id, clase.id, "?orden=apellido")).status).toBe(400);
    expect((await call(otherDocente.token, course.id, clase.id)).status).toBe(403);
    const notHere = await call(teacher.token, course.id, claseB.id);
    expect(notHere.status).toBe(404);
    expect(await notHere.json()).toEqual({ error: "Clase no encontrada" });
  });
});

describe("'Escribir a la clase'", () => {
  it("one message per learner from the teacher, notices through the outbox, audited; a reply goes to the teacher", async () => {
    const path = `/docente/cursos/${course.id}/clases/${clase.id}/escribir`;
    const params = { cursoId: course.id, claseId: clase.id };
    const empty = f.dataOf<{ sent: number | null }>(
      await writePage.action(
        f.args(f.formRequest(path, { subject: "", content: "" }, { cookie: teacher.cookie }), params),
      ),
    );
    expect(empty.status).toBe(400);
    const fields = { subject: "Prueba del viernes", content: "Repasen el módulo 1.\nSaludos." };
    const sent = f.dataOf<{ sent: number | null }>(
      await writePage.action(f.args(f.formRequest(path, fields, { cookie: teacher.cookie }), params)),
    );
    expect(sent.data.sent).toBe(5);
    const messages = await prisma.message.findMany({ where: { fromId: teacher.user.id } });
    expect(messages).toHaveLength(5);
    expect(new Set(messages.map((m) => m.toId))).toEqual(new Set([ana.id, bruno.id, carla.id, diego.id, elena.id]));
    expect(messages.every((m) => m.subject === fields.subject && m.content === fields.content)).toBe(true);
    const notices = await prisma.outboxMail.count({
      where: { kind: "message.notice", toUserId: { in: messages.map((m) => m.toId) } },
    });
    expect(notices).toBe(5);
    expect(await prisma.auditLog.count({ where: { action: "class.message", targetId: clase.id } })).toBe(1);
    const toAna = messages.find((m) => m.toId === ana.id)!;
    const reply = await getReplyDraft({ id: ana.id }, toAna.id);
    expect(reply.ok && reply.draft.to).toBe(teacher.user.correo);
    // Another docente cannot write to the class.
    const refused = await f.thrown(
      Promise.resolve(writePage.action(f.args(f.formRequest(path, fields, { cookie: otherDocente.cookie }), params))),
    );
    expect(refused.status).toBe(404);
  });
});

describe("the class's notas (CSV)", () => {
  it("RUT, apellido, nombre, a nota per module with the course's exigencia, the final once all are graded", async () => {
    await prisma.user.update({ where: { id: elena.id }, data: { rut: "12345678-5" } });
    // Diego: 60 % in module 2 by hand: a 4,0 (passed) with exigencia 60, a 4,6 with 50.
    await prisma.course.update({ where: { id: course.id }, data: { exigencia: 60 } });
    await prisma.quizAttempt.create({
      data: {
        userId: diego.id,
        cursoId: course.id,
        moduloId: modules[1]!.id,
        porcentaje: 60,
        aprobado: true,
        correctas: 3,
        totalPreguntas: 5,
      },
    });
    const text = async () => {
      const response = await gradesCsvRoute.loader(
        f.args(f.getRequest(`/docente/cursos/${course.id}/clases/${clase.id}/notas.csv`, teacher.cookie), {
          cursoId: course.id,
          claseId: clase.id,
        }),
      );
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      // The BOM kept (text() would drop it).
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    };
    const lines = (await text()).split("\r\n");
    expect(lines[0]).toBe("\uFEFFRUT;Apellido;Nombre;Módulo 1: La célula;Módulo 2: Ecosistemas;Nota final");
    expect(lines.slice(1, 6)).toEqual([
      ";Alvarado;Ana;;;",
      // The product's CSV writer quotes a cell with a comma; Excel in Spanish reads it as 1,0.
      ';Bravo;Bruno;"1,0";;',
      ";Castro;Carla;;;",
      ';Díaz;Diego;"7,0";"4,0";"5,5"',
      '12.345.678-5;Espinoza;Elena;"7,0";"7,0";"7,0"',
    ]);
    await prisma.course.update({ where: { id: course.id }, data: { exigencia: 50 } });
    expect((await text()).split("\r\n")[4]).toBe(';Díaz;Diego;"7,0";"4,6";"5,8"');
    await prisma.course.update({ where: { id: course.id }, data: { exigencia: 60 } });
    const csv = await classGradesCsv(clase);
    expect(csv.header).toHaveLength(6);
  });
});

describe("'Escribir a la clase' to a class of 3 000", () => {
  // How long this takes: `npm run bench` (scripts/bench/timings/batches.timing.ts).
  it("one call writes 3 000 messages (and their notices) in one transaction, in batches", async () => {
    const size = 3000;
    const own = await f.signedIn("docente");
    const big = await newCourse("Curso de una clase grande");
    await prisma.courseTeacher.create({ data: { cursoId: big.id, userId: own.user.id } });
    const bigClass = await prisma.courseClass.create({
      data: { cursoId: big.id, nombre: "Toda la generación", codigo: newClassCode(), createdById: own.user.id },
    });
    const run = crypto.randomUUID().slice(0, 8);
    const ids = Array.from({ length: size }, (_, i) => `scale-${run}-${i}`);
    await prisma.user.createMany({
      data: ids.map((id, i) => ({
        id,
        nombre: `Estudiante ${i}`,
        apellido: "Generación",
        correo: `${id}@clase-grande.cl`,
        rol: "estudiante",
        aprobado: true,
        passwordHash: "x",
      })),
    });
    await prisma.enrolment.createMany({ data: ids.map((userId) => ({ userId, cursoId: big.id })) });
    await prisma.classMember.createMany({
      data: ids.map((userId) => ({ claseId: bigClass.id, cursoId: big.id, userId, addedById: own.user.id })),
    });

    const path = `/docente/cursos/${big.id}/clases/${bigClass.id}/escribir`;
    const fields = { subject: "Ensayo general", content: "El lunes a las 08:00, en el gimnasio." };
    statements.length = 0;
    const sent = f.dataOf<{ sent: number | null }>(
      await writePage.action(
        f.args(f.formRequest(path, fields, { cookie: own.cookie }), { cursoId: big.id, claseId: bigClass.id }),
      ),
    );
    const written = statements.length;
    expect(sent.status).toBe(200);
    expect(sent.data.sent).toBe(size);
    // In batches: 76 statements for 3 000 people when written, not a few per person (SQLite: caught).
    if (sqlite) expect(written, statements.map((s) => s.query.slice(0, 60)).join("\n")).toBeLessThan(200);
    expect(await prisma.message.count({ where: { fromId: own.user.id } })).toBe(size);
    expect(
      await prisma.outboxMail.count({ where: { kind: "message.notice", to: { endsWith: "@clase-grande.cl" } } }),
    ).toBe(size);
    expect(await prisma.auditLog.count({ where: { action: "class.message", targetId: bigClass.id } })).toBe(1);

    // The class's notas, read 500 learners a batch: every learner once, in order.
    const response = await gradesCsvRoute.loader(
      f.args(f.getRequest(`/docente/cursos/${big.id}/clases/${bigClass.id}/notas.csv`, own.cookie), {
        cursoId: big.id,
        claseId: bigClass.id,
      }),
    );
    const rows = (await response.text()).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(size);
    expect(new Set(rows).size).toBe(size);
    expect(rows[0]).toBe(";Generación;Estudiante 0;;;");
  }, 60_000);
});
