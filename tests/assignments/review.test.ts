// Returning hand-ins (docs/product.md#returning-a-hand-in, docs/decisions/048-tareas.md): the
// teacher's queue across her courses, oldest first, paged by cursor on each course's index range;
// a tarea's class view; 'Guardar' (a draft the learner does not see), 'Devolver' (the gradebook's
// tarea column written in the same transaction, the learner told) and 'Reabrir'; who may not; the
// gradebook, its import and its API refuse to write a tarea's column.
// @postgresql: the queue's and the class view's SQL (compound ranges, EXISTS) on both engines
import { beforeAll, describe, expect, it } from "vitest";
import { plansOf, sqlite } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const review = await import("~/features/assignments/review.server.ts");
const { ReviewInputSchema } = await import("~/features/assignments/review-schema.ts");
const texts = await import("~/features/assignments/review-texts.ts");
const { COLUMN_IS_TAREA } = await import("~/features/reports/texts.ts");
const { createColumn, writeGrades } = await import("~/features/reports/grade-columns.server.ts");
const { getGradebook } = await import("~/features/reports/reports.server.ts");
const { previewGradeImport } = await import("~/features/reports/grade-import.server.ts");
const { newClassCode } = await import("~/features/classes/codes.ts");
const { cursorFrom } = await import("~/lib/keyset.ts");
const reviewPage = await import("~/routes/assignments/review-submission.tsx");
const classPage = await import("~/routes/assignments/class-view.tsx");
const queuePage = await import("~/routes/docente/review.tsx");
const gradebookPage = await import("~/routes/docente/gradebook.tsx");
const { NOTA_INVALID } = await import("~/features/reports/texts.ts");
const { messagesScreenLoader } = await import("~/features/messages/screen.server.ts");
const { args, createCourse, createEntrega, createTarea, createUser, dataOf, flashOf, formRequest, getRequest } =
  await import("../factories.ts");
const { sessionCookie } = await import("../factories.ts");

/** The status a loader ends with when it throws (a redirect, or an error page's data()). */
async function thrownStatus(promise: Promise<unknown>) {
  const value = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return value instanceof Response ? value.status : dataOf(value).status;
}

type User = Awaited<ReturnType<typeof createUser>>;
let teacher: User;
let otherDocente: User;
let admin: User;
let ana: User;
let beto: User;
let carla: User;
let courseA: { id: string };
let courseB: { id: string };
let foreign: { id: string };

const minutes = (n: number) => new Date(Date.UTC(2026, 10, 20, 12, n));
const input = (over: Record<string, unknown>) => ReviewInputSchema.parse(over);

async function enrol(cursoId: string, ...people: User[]) {
  await prisma.enrolment.createMany({ data: people.map((p) => ({ userId: p.id, cursoId })) });
}
async function classOf(cursoId: string, nombre: string, ...people: User[]) {
  const clase = await prisma.courseClass.create({ data: { cursoId, nombre, codigo: newClassCode() } });
  await prisma.classMember.createMany({ data: people.map((p) => ({ claseId: clase.id, cursoId, userId: p.id })) });
  return clase;
}

beforeAll(async () => {
  [teacher, otherDocente, admin] = [
    await createUser({ rol: "docente" }),
    await createUser({ rol: "docente" }),
    await createUser({ rol: "admin" }),
  ];
  ana = await createUser({ nombre: "Ana", apellido: "Rojas" });
  beto = await createUser({ nombre: "Beto", apellido: "Soto" });
  carla = await createUser({ nombre: "Carla", apellido: "Araya" });
  courseA = await createCourse({ titulo: "Lenguaje" });
  courseB = await createCourse({ titulo: "Ciencias" });
  foreign = await createCourse({ titulo: "De otra persona" });
  await prisma.courseTeacher.createMany({
    data: [
      { cursoId: courseA.id, userId: teacher.id },
      { cursoId: courseB.id, userId: teacher.id },
      { cursoId: foreign.id, userId: otherDocente.id },
    ],
  });
  for (const c of [courseA, courseB, foreign]) await enrol(c.id, ana, beto, carla);
});

describe("'Para revisar': the hand-ins waiting in the teacher's courses", () => {
  let ids: string[] = [];
  beforeAll(async () => {
    const [a, b, f] = [await createTarea(courseA.id), await createTarea(courseB.id), await createTarea(foreign.id)];
    // Interleaved in time across the two courses; returned and drafts are not waiting.
    const made = [
      await createEntrega(a, ana.id, { entregadaEn: minutes(5) }),
      await createEntrega(b, ana.id, { entregadaEn: minutes(1) }),
      await createEntrega(a, beto.id, { entregadaEn: minutes(3) }),
      await createEntrega(b, beto.id, { entregadaEn: minutes(3) }),
      await createEntrega(b, carla.id, { entregadaEn: minutes(9) }),
    ];
    await createEntrega(a, carla.id, { estado: "devuelta", entregadaEn: minutes(0) });
    await createEntrega(f, ana.id, { entregadaEn: minutes(0) });
    ids = made
      .sort((x, y) => x.entregadaEn!.getTime() - y.entregadaEn!.getTime() || (x.id < y.id ? -1 : 1))
      .map((e) => e.id);
  });

  it("lists them oldest first across her courses, not another team's nor returned ones", async () => {
    const page = await review.listQueue(teacher, { cursor: null });
    expect(page.ok && page.entregas.map((e) => e.id)).toEqual(ids);
    const first = page.ok ? page.entregas[0]! : null;
    expect(first).toMatchObject({ curso: "Ciencias", estudiante: "Rojas, Ana", tarea: "Guía de fracciones" });
    expect(first?.enlace).toBe(`/docente/cursos/${courseB.id}/tareas/${first?.tareaId}/entregas/${first?.id}`);
    expect(await review.countQueue(teacher.id)).toBe(5);
    const other = await review.listQueue(otherDocente, { cursor: null });
    expect(other.ok && other.entregas).toHaveLength(1);
  });

  it.each([100, 1])(
    "pages by cursor: the pages forward, and back, are the whole list (%i courses a statement)",
    async (chunk) => {
      const seen: string[] = [];
      let url = "http://x/docente/revisar";
      const cursors = [];
      for (let i = 0; i < 5; i++) {
        const page = await review.listQueue(teacher, { cursor: cursorFrom(url), chunk }, 2);
        if (!page.ok) throw new Error(page.message);
        seen.push(...page.entregas.map((e) => e.id));
        cursors.push(page.cursors);
        if (!page.cursors.next) break;
        url = `http://x/docente/revisar?desde=${page.cursors.next}`;
      }
      expect(seen).toEqual(ids);
      expect(cursors.map((c) => [c.prev !== null, c.next !== null])).toEqual([
        [false, true],
        [true, true],
        [true, false],
      ]);
      const back = await review.listQueue(
        teacher,
        { cursor: cursorFrom(`http://x/?antes=${cursors[2]!.prev}`), chunk },
        2,
      );
      expect(back.ok && back.entregas.map((e) => e.id)).toEqual(ids.slice(2, 4));
    },
  );

  it("keeps one class of her courses when asked; another team's class is unknown", async () => {
    const clase = await classOf(courseB.id, "8°B", beto, carla);
    const page = await review.listQueue(teacher, { cursor: null, claseId: clase.id });
    expect(page.ok && page.entregas.map((e) => e.estudiante)).toEqual(["Soto, Beto", "Araya, Carla"]);
    expect(page.ok && page.entregas[0]!.clases).toEqual(["8°B"]);
    const theirs = await classOf(foreign.id, "1°A", ana);
    expect(await review.listQueue(teacher, { cursor: null, claseId: theirs.id })).toMatchObject({ status: 404 });
  });

  it("lists a learner of a thousand courses with the page's classes only", async () => {
    // The queue once read each learner's every enrolment and class: past SQLite's bound parameters.
    await prisma.course.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        titulo: `Optativo ${i}`,
        dirigidoA: "general",
        estado: "publicado",
        duracionHoras: 1,
        herramientas: [],
        loAprenderan: [],
      })),
    });
    const many = await prisma.course.findMany({ where: { titulo: { startsWith: "Optativo " } }, select: { id: true } });
    await prisma.enrolment.createMany({ data: many.map((c) => ({ userId: ana.id, cursoId: c.id })) });
    const page = await review.listQueue(teacher, { cursor: null });
    expect(page.ok && page.entregas.filter((e) => e.estudiante === "Rojas, Ana")).toHaveLength(2);
    await prisma.course.deleteMany({ where: { titulo: { startsWith: "Optativo " } } });
  });

  it.skipIf(!sqlite)("reads each course's range of Submission(cursoId, estado, entregadaEn, id)", async () => {
    const plans = await plansOf(() => review.listQueue(teacher, { cursor: null }));
    const merged = plans.find((p) => p.query.includes("UNION ALL"))!;
    expect(merged.plan.join("\n")).toMatch(/Submission_cursoId_estado_entregadaEn_id_idx \(cursoId=\? AND estado=\?\)/);
    expect(merged.plan.join("\n")).not.toMatch(/SCAN s\b|SCAN Submission/);
  });
});

describe("a tarea's class view", () => {
  it("lists every learner it is for by apellido, with their state, 'Sin entregar' as a filter", async () => {
    const course = await createCourse({ titulo: "Artes" });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
    await enrol(course.id, ana, beto, carla);
    const clase = await classOf(course.id, "7°A", ana, beto);
    await classOf(course.id, "7°B", carla);
    const tarea = await createTarea(course.id, { todasLasClases: false, fechaLimite: minutes(10) });
    await prisma.assignmentClass.create({ data: { tareaId: tarea.id, claseId: clase.id, cursoId: course.id } });
    await createEntrega(tarea, beto.id, { estado: "devuelta", nota: 62, entregadaEn: minutes(2) });
    const view = await review.classView(tarea, { claseId: null, pendientes: false, page: 1 }, 50, minutes(5));
    if (!view.ok) throw new Error(view.message);
    // Carla is of another class: left out.
    expect(view.rows.map((r) => [r.nombre, r.estado, r.nota])).toEqual([
      ["Rojas, Ana", "asignada", null],
      ["Soto, Beto", "devuelta", 6.2],
    ]);
    expect(view.clases.map((c) => c.nombre)).toEqual(["7°A"]);
    const missing = await review.classView(tarea, { claseId: null, pendientes: true, page: 1 }, 50, minutes(20));
    expect(missing.ok && missing.rows.map((r) => [r.nombre, r.estado])).toEqual([["Rojas, Ana", "atrasada"]]);
    const all = await createTarea(course.id);
    const everyone = await review.classView(all, { claseId: null, pendientes: false, page: 1 });
    expect(everyone.ok && everyone.rows.map((r) => r.nombre)).toEqual(["Araya, Carla", "Rojas, Ana", "Soto, Beto"]);
    const paged = await review.classView(all, { claseId: null, pendientes: false, page: 2 }, 2);
    expect(paged.ok && [paged.rows.map((r) => r.nombre), paged.pageCount]).toEqual([["Soto, Beto"], 2]);
    expect(await review.classView(tarea, { claseId: "c" + "x".repeat(24), pendientes: false, page: 1 })).toMatchObject({
      status: 404,
    });
  });
});

describe.skipIf(!sqlite)("the class view's plan", () => {
  it("reads the course's enrolments in name order from their index, a page at a time, without a sort", async () => {
    const course = await createCourse({ titulo: "Plan" });
    const tarea = await createTarea(course.id);
    const plans = await plansOf(() => review.classView(tarea, { claseId: null, pendientes: true, page: 1 }));
    const page = plans.find((p) => p.query.includes(`"Enrolment" e JOIN`))!.plan.join("\n");
    expect(page).toMatch(/Enrolment_cursoId_apellido_nombre_userId_idx \(cursoId=\?\)/);
    for (const { plan } of plans) expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN (e|Enrolment|Submission)\b/);
  });
});

describe("reviewing one hand-in", () => {
  async function setup(over: Parameters<typeof createTarea>[1] = {}) {
    const course = await createCourse({ titulo: "Matemática", exigencia: 60 });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
    await enrol(course.id, ana, beto);
    const made = await createColumn(teacher, course.id, "Guía 1", null);
    if (!made.ok) throw new Error(made.message);
    await prisma.gradeColumn.update({ where: { id: made.columna.id }, data: { tipo: "tarea" } });
    const tarea = await createTarea(course.id, { columnaId: made.columna.id, ...over });
    const entrega = await createEntrega(tarea, ana.id);
    return { course, tarea, entrega, columnaId: made.columna.id };
  }
  const notas = (columnaId: string) => prisma.manualGrade.findMany({ where: { columnaId } });

  it("'Guardar' keeps a draft: not returned, nothing in the gradebook, the learner not told", async () => {
    const { entrega, columnaId } = await setup();
    const saved = await review.reviewSubmission(
      teacher,
      entrega.id,
      input({ nota: "5,5", comentario: "Bien" }),
      false,
      null,
    );
    expect(saved.ok && saved.entrega).toMatchObject({ estado: "entregada", nota: 5.5, comentario: "Bien" });
    expect(await notas(columnaId)).toEqual([]);
    expect(await prisma.notification.count({ where: { userId: ana.id, kind: "entrega-devuelta" } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: "submission.review", targetId: entrega.id } })).toBe(1);
  });

  it("'Devolver' returns it, writes the gradebook's column and tells the learner, in one transaction", async () => {
    const { course, entrega, columnaId } = await setup();
    const before = await prisma.notification.count({ where: { userId: ana.id, kind: "entrega-devuelta" } });
    expect(await review.reviewSubmission(teacher, entrega.id, input({}), true, null)).toMatchObject({
      status: 400,
      message: texts.REVIEW_NOTA_NEEDED,
    });
    const done = await review.reviewSubmission(
      teacher,
      entrega.id,
      input({ nota: "6.2", comentario: "Ordenado" }),
      true,
      null,
    );
    expect(done.ok && done.entrega).toMatchObject({ estado: "devuelta", nota: 6.2, comentario: "Ordenado" });
    expect(done.ok && done.entrega.devueltaEn).not.toBeNull();
    expect((await notas(columnaId)).map((n) => [n.userId, n.nota])).toEqual([[ana.id, 62]]);
    const told = await prisma.notification.findMany({ where: { userId: ana.id, kind: "entrega-devuelta" } });
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.link).toBe(`/cursos/${course.id}/tareas/${entrega.tareaId}`);
    expect(await prisma.auditLog.count({ where: { action: "submission.return", targetId: entrega.id } })).toBe(1);
    // The tarea's column counts in the final nota, as a manual column.
    const book = await getGradebook(course.id);
    const row = book!.participantes.find((p) => p.id === ana.id)!;
    expect(row.manuales.map((m) => m.nota)).toEqual([6.2]);
    expect(row.nota).toBe(6.2);
    // Returned: only returning it again changes it.
    expect(await review.reviewSubmission(teacher, entrega.id, input({ nota: "7" }), false, null)).toMatchObject({
      status: 409,
    });
  });

  it("rolls the whole return back when a part of it fails: no state, no nota, no notification", async () => {
    const { entrega, columnaId } = await setup();
    // A notification that cannot be written (the learner's row is gone mid-way) fails the transaction.
    const original = prisma.$transaction.bind(prisma);
    let failed = false;
    (prisma as { $transaction: unknown }).$transaction = (fn: (tx: unknown) => Promise<unknown>) =>
      original(async (tx) => {
        await fn(tx);
        failed = true;
        throw new Error("falla al final");
      });
    try {
      await expect(review.reviewSubmission(teacher, entrega.id, input({ nota: "5" }), true, null)).rejects.toThrow();
    } finally {
      (prisma as { $transaction: unknown }).$transaction = original;
    }
    expect(failed).toBe(true);
    expect((await prisma.submission.findUnique({ where: { id: entrega.id } }))!.estado).toBe("entregada");
    expect(await notas(columnaId)).toEqual([]);
    expect(await prisma.auditLog.count({ where: { action: "submission.return", targetId: entrega.id } })).toBe(0);
  });

  it("gives a rubric's nota from one level per criterion, on the course's exigencia", async () => {
    const rubrica = JSON.stringify([
      {
        nombre: "Contenido",
        niveles: [
          { nombre: "Inicial", puntos: 0 },
          { nombre: "Logrado", puntos: 3 },
        ],
      },
      {
        nombre: "Orden",
        niveles: [
          { nombre: "Inicial", puntos: 1 },
          { nombre: "Logrado", puntos: 2 },
        ],
      },
    ]);
    const { entrega, columnaId } = await setup({ calificacion: "rubrica", rubrica });
    expect(await review.reviewSubmission(teacher, entrega.id, input({ niveles: [1] }), true, null)).toMatchObject({
      status: 400,
      message: texts.REVIEW_LEVELS_NEEDED,
    });
    // 4 of 5 points: 80 % on a 60 % exigencia.
    const done = await review.reviewSubmission(
      teacher,
      entrega.id,
      input({ niveles: ["1", "0"], nota: "2" }),
      true,
      null,
    );
    expect(done.ok && done.entrega).toMatchObject({ nota: 5.5, niveles: [1, 0] });
    expect((await notas(columnaId)).map((n) => n.nota)).toEqual([55]);
  });

  it("'Reabrir' makes a returned hand-in a draft again and tells the learner; the nota stays in the gradebook", async () => {
    const { entrega, columnaId } = await setup();
    expect(await review.reopenSubmission(teacher, entrega.id, null)).toMatchObject({ status: 409 });
    await review.reviewSubmission(teacher, entrega.id, input({ nota: "4" }), true, null);
    const reopened = await review.reopenSubmission(teacher, entrega.id, null);
    expect(reopened.ok && reopened.entrega).toMatchObject({ estado: "borrador", devueltaEn: null, nota: 4 });
    expect((await notas(columnaId)).map((n) => n.nota)).toEqual([40]);
    expect(await prisma.auditLog.count({ where: { action: "submission.reopen", targetId: entrega.id } })).toBe(1);
    const told = { userId: entrega.userId, kind: "entrega-devuelta", title: { startsWith: "Tarea reabierta" } };
    expect(await prisma.notification.count({ where: told })).toBe(1);
    // Not handed in again: nothing to review.
    expect(await review.reviewSubmission(teacher, entrega.id, input({ nota: "5" }), true, null)).toMatchObject({
      status: 409,
      message: texts.REVIEW_NOT_HANDED_IN,
    });
  });

  it("is the course team's: its learners (the author too) and another docente get 403; an admin may", async () => {
    const { entrega } = await setup();
    for (const [who, status] of [
      [ana, 403],
      [beto, 403],
      [otherDocente, 403],
      [carla, 403],
    ] as const) {
      expect(await review.reviewSubmission(who, entrega.id, input({ nota: "7" }), true, null)).toMatchObject({
        status,
      });
      expect(await review.reopenSubmission(who, entrega.id, null)).toMatchObject({ status });
    }
    expect(await review.reviewSubmission(admin, entrega.id, input({ nota: "7" }), false, null)).toMatchObject({
      ok: true,
    });
    expect(await review.submissionForReview(teacher, "nada")).toMatchObject({ status: 404 });
  });

  it("the gradebook, its import and its API refuse to write a tarea's column", async () => {
    const { course, columnaId } = await setup();
    const write = await writeGrades(
      teacher,
      course.id,
      columnaId,
      [{ userId: ana.id, nota: 70, comentario: "" }],
      null,
    );
    expect(write).toMatchObject({ status: 409, message: COLUMN_IS_TAREA });
    const csv = `Correo;Nota\n${ana.correo};7,0\n`;
    expect(await previewGradeImport(course.id, columnaId, csv)).toMatchObject({
      status: 409,
      message: COLUMN_IS_TAREA,
    });
    expect(await prisma.manualGrade.count({ where: { columnaId } })).toBe(0);
  });
});

describe("the pages, plain forms without JavaScript", () => {
  it("the review page returns a hand-in with a nota and a comment, and shows it; others are refused", async () => {
    const course = await createCourse({ titulo: "Física" });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
    await enrol(course.id, ana);
    const tarea = await createTarea(course.id);
    const entrega = await createEntrega(tarea, ana.id, { texto: "Mi informe." });
    const params = { cursoId: course.id, tareaId: tarea.id, entregaId: entrega.id };
    const path = `/docente/cursos/${course.id}/tareas/${tarea.id}/entregas/${entrega.id}`;
    const cookie = await sessionCookie(teacher);
    const shown = await reviewPage.loader(args(getRequest(path, cookie), params));
    expect(shown.entrega).toMatchObject({ texto: "Mi informe.", nombre: "Rojas, Ana", estado: "entregada" });
    // A wrong nota keeps what was typed and says why.
    const bad = dataOf<{ result: { error: Record<string, string[]> } }>(
      await reviewPage.action(
        args(formRequest(path, { intent: "devolver", nota: "9", comentario: "x" }, { cookie }), params),
      ),
    );
    expect([bad.status, bad.data.result.error.nota]).toEqual([400, [NOTA_INVALID]]);
    const done = (await reviewPage.action(
      args(formRequest(path, { intent: "devolver", nota: "6,5", comentario: "Muy claro." }, { cookie }), params),
    )) as Response;
    expect(done.status).toBe(302);
    expect((await flashOf(done))?.message).toBe(texts.REVIEW_RETURNED);
    expect(await prisma.submission.findUnique({ where: { id: entrega.id } })).toMatchObject({
      estado: "devuelta",
      nota: 65,
      comentario: "Muy claro.",
    });
    // Another tarea's path, a learner, another docente: refused.
    const elsewhere = { ...params, tareaId: (await createTarea(course.id)).id };
    expect(await thrownStatus(reviewPage.loader(args(getRequest(path, cookie), elsewhere)))).toBe(404);
    const learnerCookie = await sessionCookie(ana);
    expect(await thrownStatus(reviewPage.loader(args(getRequest(path, learnerCookie), params)))).toBe(302);
    const otherCookie = await sessionCookie(otherDocente);
    expect(await thrownStatus(reviewPage.loader(args(getRequest(path, otherCookie), params)))).toBe(404);
  });

  it("the review page's rubric: one radio per level, the levels posted as niveles[i]", async () => {
    const course = await createCourse({ titulo: "Tecnología", exigencia: 60 });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
    await enrol(course.id, ana);
    const rubrica = JSON.stringify([
      {
        nombre: "Diseño",
        niveles: [
          { nombre: "Inicial", puntos: 0 },
          { nombre: "Logrado", puntos: 3 },
        ],
      },
      {
        nombre: "Prototipo",
        niveles: [
          { nombre: "Inicial", puntos: 1 },
          { nombre: "Logrado", puntos: 2 },
        ],
      },
    ]);
    const tarea = await createTarea(course.id, { calificacion: "rubrica", rubrica });
    const entrega = await createEntrega(tarea, ana.id);
    const params = { cursoId: course.id, tareaId: tarea.id, entregaId: entrega.id };
    const path = `/docente/cursos/${course.id}/tareas/${tarea.id}/entregas/${entrega.id}`;
    const cookie = await sessionCookie(teacher);
    const post = (fields: Record<string, string>) =>
      reviewPage.action(args(formRequest(path, { comentario: "", ...fields }, { cookie }), params));
    const missing = dataOf<{ result: { error: Record<string, string[]> } }>(
      await post({ intent: "devolver", "niveles[1]": "0" }),
    );
    expect([missing.status, missing.data.result.error.niveles]).toEqual([400, [texts.REVIEW_LEVELS_NEEDED]]);
    expect(((await post({ intent: "devolver", "niveles[0]": "1", "niveles[1]": "0" })) as Response).status).toBe(302);
    expect(await prisma.submission.findUnique({ where: { id: entrega.id } })).toMatchObject({
      estado: "devuelta",
      nota: 55,
      niveles: "[1,0]",
    });
  });

  it("the class view and 'Para revisar' list for the team; 'Escribir a quienes no han entregado' sends", async () => {
    const course = await createCourse({ titulo: "Química" });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
    await enrol(course.id, ana, beto);
    const tarea = await createTarea(course.id);
    await createEntrega(tarea, beto.id);
    const params = { cursoId: course.id, tareaId: tarea.id };
    const path = `/docente/cursos/${course.id}/tareas/${tarea.id}/entregas`;
    const cookie = await sessionCookie(teacher);
    const view = await classPage.loader(args(getRequest(`${path}?estado=sin-entregar`, cookie), params));
    expect(view.rows.map((r) => r.nombre)).toEqual(["Rojas, Ana"]);
    expect(view.mensajes).toBe("/docente/messages");
    // 'Escribir': the messages form opened, prefilled with the learner and the tarea.
    const compose = await messagesScreenLoader(
      teacher,
      getRequest(`/docente/messages?para=${encodeURIComponent(ana.correo)}&asunto=Tarea`),
    );
    expect([compose.composeOpen, compose.prefill]).toEqual([true, { to: ana.correo, subject: "Tarea" }]);
    const sent = (await classPage.action(
      args(formRequest(path, { subject: "Tu tarea", content: "Te falta entregarla." }, { cookie }), params),
    )) as Response;
    expect((await flashOf(sent))?.message).toBe("Mensaje enviado a 1 persona.");
    expect(await prisma.message.count({ where: { toId: ana.id, subject: "Tu tarea" } })).toBe(1);
    expect(await prisma.message.count({ where: { toId: beto.id, subject: "Tu tarea" } })).toBe(0);
    const queue = await queuePage.loader(args(getRequest("/docente/revisar", cookie)));
    expect(queue.entregas.ok && queue.entregas.entregas.some((e) => e.curso === "Química")).toBe(true);
    expect(queue.questions).not.toBeNull();
  });

  it("the gradebook's form refuses a tarea's column", async () => {
    const course = await createCourse({ titulo: "Biología" });
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.id } });
    await enrol(course.id, ana);
    const made = await createColumn(teacher, course.id, "Informe", null);
    if (!made.ok) throw new Error(made.message);
    await prisma.gradeColumn.update({ where: { id: made.columna.id }, data: { tipo: "tarea" } });
    const path = `/docente/cursos/${course.id}/calificaciones`;
    const cookie = await sessionCookie(teacher);
    const fields = {
      intent: "grades",
      columnaId: made.columna.id,
      userId: ana.id,
      [`nota-${ana.id}`]: "7",
      [`comentario-${ana.id}`]: "",
    };
    const answer = (await gradebookPage.action(
      args(formRequest(path, fields, { cookie }), { cursoId: course.id }),
    )) as Response;
    expect((await flashOf(answer))?.message).toBe(COLUMN_IS_TAREA);
    expect(await prisma.manualGrade.count({ where: { columnaId: made.columna.id } })).toBe(0);
  });
});
