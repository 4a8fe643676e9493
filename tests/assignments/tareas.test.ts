// @postgresql: a class or module of another course is refused by foreign keys, read as a 400 on both engines
// Setting a tarea (docs/product.md#setting-a-tarea): the team creates, edits and deletes a course's
// tareas through the page (plain forms, a rubric without JavaScript, attachments checked by
// content) and the API; every write comes with its audit row and its gradebook column; a new tarea
// tells the learners it is for; a learner lists, opens and downloads only the tareas for their
// classes; a tarea's due date joins 'Próximas fechas' and the calendar feed until it is handed in.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { storeBytes, storedExistsSync } from "~/lib/storage.server.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import { tareaDueDates } from "~/features/assignments/due.server.ts";
import { calendarFeed, renewCalendarToken, upcomingDueDates } from "~/features/due-dates/due-dates.server.ts";
import * as T from "~/features/assignments/set-texts.ts";
import { TAREA_NOT_FOUND } from "~/features/assignments/texts.ts";
import { deleteColumn, renameColumn } from "~/features/reports/grade-columns.server.ts";
import * as managePage from "~/routes/assignments/manage.tsx";
import * as editPage from "~/routes/assignments/edit.tsx";
import * as attachment from "~/routes/assignments/attachment.ts";
import * as coursePage from "~/routes/courses/detail.tsx";
import * as api from "~/routes/api/cursos.tareas.ts";
import * as apiOne from "~/routes/api/tareas.tarea.ts";
import * as upcomingApi from "~/routes/api/auth.upcoming.ts";
import {
  args,
  createCourse,
  createEntrega,
  createTarea,
  dataOf,
  flashOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  PNG_1PX,
  readJson,
  signedIn,
  thrown,
  type Part,
} from "../factories.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
let course: { id: string; modulos: Array<{ id: string }> };
let other: { id: string; modulos: Array<{ id: string }> };
let teacher: Signed;
let otherDocente: Signed;
let inA: Signed;
let inB: Signed;
let noClass: Signed;
let outsider: Signed;
let claseA: { id: string };
let claseB: { id: string };
let claseOther: { id: string };

const PDF = { bytes: new TextEncoder().encode("%PDF-1.4\n% guía\n%%EOF\n"), name: "guía.pdf" };
const PNG = { bytes: PNG_1PX, name: "foto.png", type: "image/png" };

async function newClass(cursoId: string, nombre: string) {
  return prisma.courseClass.create({ data: { cursoId, nombre, codigo: newClassCode() }, select: { id: true } });
}

beforeAll(async () => {
  const withModules = { include: { modulos: { orderBy: { posicion: "asc" as const } } } };
  course = await createCourse(
    { titulo: "Matemática 7°", modulos: [{ titulo: "Fracciones" }, { titulo: "Decimales" }] },
    withModules,
  );
  other = await createCourse({ titulo: "Historia", modulos: [{ titulo: "Incas" }] }, withModules);
  [teacher, otherDocente, inA, inB, noClass, outsider] = [
    await signedIn("docente"),
    await signedIn("docente"),
    await signedIn({ nombre: "Ada" }),
    await signedIn({ nombre: "Beto" }),
    await signedIn({ nombre: "Cata" }),
    await signedIn("estudiante"),
  ];
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  await prisma.enrolment.createMany({
    data: [inA, inB, noClass].map((s) => ({ userId: s.user.id, cursoId: course.id })),
  });
  [claseA, claseB, claseOther] = [
    await newClass(course.id, "7° A"),
    await newClass(course.id, "7° B"),
    await newClass(other.id, "8° A"),
  ];
  await prisma.classMember.createMany({
    data: [
      { claseId: claseA.id, cursoId: course.id, userId: inA.user.id },
      { claseId: claseB.id, cursoId: course.id, userId: inB.user.id },
    ],
  });
});

const manage = (cursoId = course.id) => `/docente/cursos/${cursoId}/tareas`;

/** 'Crear tarea' as a browser without JavaScript sends it: every field of the form, empty ones too. */
async function createByPage(fields: Array<[string, Part]>, who: Signed = teacher) {
  const request = multipartRequest(manage(), [["intent", "create"], ...fields], { cookie: who.cookie });
  return managePage.action(args(request, { cursoId: course.id }));
}

/** The form's rubric grid: two filled criteria among empty rows and empty levels. */
const rubricGrid: Array<[string, Part]> = [
  ["rubrica[0].nombre", "Procedimiento"],
  ["rubrica[0].niveles[0].nombre", "Inicial"],
  ["rubrica[0].niveles[0].puntos", "1"],
  ["rubrica[0].niveles[1].nombre", "Logrado"],
  ["rubrica[0].niveles[1].puntos", "3"],
  ["rubrica[0].niveles[2].nombre", ""],
  ["rubrica[0].niveles[2].puntos", ""],
  ["rubrica[1].nombre", ""],
  ["rubrica[1].niveles[0].nombre", ""],
  ["rubrica[1].niveles[0].puntos", ""],
  ["rubrica[2].nombre", "Orden"],
  ["rubrica[2].niveles[0].nombre", "Desordenado"],
  ["rubrica[2].niveles[0].puntos", "0"],
  ["rubrica[2].niveles[1].nombre", "Ordenado"],
  ["rubrica[2].niveles[1].puntos", "2"],
];

const api$ = (method: string, path: string, who: Signed, body?: unknown) =>
  jsonRequest(path, body ?? {}, { method, token: who.token });

describe("setting a tarea on the page, without JavaScript", () => {
  let tareaId: string;

  it("stores the rubric, the class, the due date in Chile's time and the attachments, with its column", async () => {
    const response = (await createByPage([
      ["titulo", "Guía de fracciones"],
      ["instrucciones", "Resuelve la guía.\r\nVideo: https://ejemplo.cl/v"],
      ["moduloId", course.modulos[0]!.id],
      ["fechaLimite", "2026-12-05T23:59"],
      ["permiteAtrasadas", "no"],
      ["calificacion", "rubrica"],
      ...rubricGrid,
      ["todasLasClases", "no"],
      ["clases", claseA.id],
      ["adjuntos", PDF],
      ["adjuntos", PNG],
    ])) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(manage());
    expect((await flashOf(response))?.message).toBe(T.TAREA_CREATED);

    const row = await prisma.assignment.findFirstOrThrow({
      where: { cursoId: course.id, titulo: "Guía de fracciones" },
      include: { clases: true, archivos: { orderBy: { posicion: "asc" } }, columna: true },
    });
    tareaId = row.id;
    expect(row.instrucciones).toBe("Resuelve la guía.\nVideo: https://ejemplo.cl/v");
    expect(row.moduloId).toBe(course.modulos[0]!.id);
    // 23:59 of 5 December in Chile's summer time (UTC-3).
    expect(row.fechaLimite?.toISOString()).toBe("2026-12-06T02:59:00.000Z");
    expect(row.permiteAtrasadas).toBe(false);
    expect(row.todasLasClases).toBe(false);
    expect(row.clases.map((c) => c.claseId)).toEqual([claseA.id]);
    expect(row.calificacion).toBe("rubrica");
    expect(JSON.parse(row.rubrica!)).toEqual([
      {
        nombre: "Procedimiento",
        niveles: [
          { nombre: "Inicial", puntos: 1 },
          { nombre: "Logrado", puntos: 3 },
        ],
      },
      {
        nombre: "Orden",
        niveles: [
          { nombre: "Desordenado", puntos: 0 },
          { nombre: "Ordenado", puntos: 2 },
        ],
      },
    ]);
    expect(row.archivos.map((a) => [a.nombre, a.tipo]).sort()).toEqual([
      ["foto.png", "image/png"],
      ["guía.pdf", "application/pdf"],
    ]);
    expect(row.archivos.every((a) => a.storageKey.startsWith("assignments/") && storedExistsSync(a.storageKey))).toBe(
      true,
    );
    expect(row.columna).toMatchObject({ nombre: "Guía de fracciones", tipo: "tarea", cursoId: course.id });
    expect(
      await prisma.auditLog.count({
        where: { action: "assignment.create", targetId: row.id, actorId: teacher.user.id },
      }),
    ).toBe(1);
  });

  it("tells only the learners it is for, in the app and by e-mail as their preferences say", async () => {
    const notes = await prisma.notification.findMany({
      where: { kind: "tarea", link: `/cursos/${course.id}/tareas/${tareaId}` },
      select: { userId: true, title: true, text: true },
    });
    expect(notes.map((n) => n.userId)).toEqual([inA.user.id]);
    expect(notes[0]!.title).toBe("Nueva tarea: Guía de fracciones (Matemática 7°)");
    expect(notes[0]!.text).toContain("05-12-2026, 23:59");
    const mails = await prisma.outboxMail.findMany({
      where: { kind: "notice.tarea", subject: { contains: "Guía de fracciones" } },
      select: { toUserId: true },
    });
    expect(mails.map((m) => m.toUserId)).toEqual([inA.user.id]);
  });

  it("shows its attachments to the team and the learners it is for, and to nobody else", async () => {
    const file = await prisma.assignmentFile.findFirstOrThrow({ where: { tareaId, tipo: "application/pdf" } });
    const get = (who: Signed, cursoId = course.id) =>
      attachment.loader(
        args(getRequest(`/cursos/${cursoId}/tareas/${tareaId}/adjuntos/${file.id}`, who.cookie), {
          cursoId,
          tareaId,
          adjuntoId: file.id,
        }),
      );
    const mine = await get(inA);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(PDF.bytes);
    expect((await get(teacher)).status).toBe(200);
    expect((await get(inB)).status).toBe(404);
    expect((await get(outsider)).status).toBe(403);
    expect((await get(teacher, other.id)).status).toBe(404);
  });

  it("answers a wrong form with Spanish errors under its fields, keeps what was typed, and sets nothing", async () => {
    const before = await prisma.assignment.count();
    const columns = await prisma.gradeColumn.count();
    const { data, status } = dataOf(
      await createByPage([
        ["titulo", ""],
        ["instrucciones", "Lo que escribí"],
        ["fechaLimite", "2026-02-31T10:00"],
        ["calificacion", "rubrica"],
        ["rubrica[0].nombre", "Contenido"],
        ["rubrica[0].niveles[0].nombre", "Único"],
        ["rubrica[0].niveles[0].puntos", "3"],
        ["rubrica[1].nombre", "Forma"],
        ["rubrica[1].niveles[0].nombre", "Mal"],
        ["rubrica[1].niveles[0].puntos", "muchos"],
        ["rubrica[1].niveles[1].nombre", "Bien"],
        ["rubrica[1].niveles[1].puntos", "2"],
        ["todasLasClases", "no"],
      ]),
    );
    expect(status).toBe(400);
    expect(data.result?.error).toMatchObject({
      titulo: [T.TITULO_REQUIRED],
      fechaLimite: [T.FECHA_INVALID],
      clases: [T.CLASES_REQUIRED],
      rubrica: ["Criterio 1: Cada criterio necesita al menos dos niveles.", `Criterio 2: ${T.PUNTOS_INVALID}`],
    });
    expect(data.result?.initialValue).toMatchObject({ instrucciones: "Lo que escribí" });
    expect(await prisma.assignment.count()).toBe(before);
    expect(await prisma.gradeColumn.count()).toBe(columns);
  });

  it("refuses an attachment that is not a PDF or an image by its content, storing nothing", async () => {
    const before = await prisma.assignment.count();
    const { data, status } = dataOf(
      await createByPage([
        ["titulo", "Con un falso PDF"],
        ["adjuntos", PDF],
        ["adjuntos", { bytes: new TextEncoder().encode("<html>no</html>"), name: "guia.pdf" }],
      ]),
    );
    expect(status).toBe(400);
    expect(data.result?.error).toMatchObject({ adjuntos: [T.ADJUNTO_TYPES] });
    expect(data.result?.initialValue).toMatchObject({ titulo: "Con un falso PDF" });
    expect(await prisma.assignment.count()).toBe(before);
  });

  it("is the team's: a learner or another docente cannot open the pages or post", async () => {
    for (const who of [inA, otherDocente]) {
      const refused = await thrown(managePage.loader(args(getRequest(manage(), who.cookie), { cursoId: course.id })));
      expect(refused.status).toBeGreaterThanOrEqual(300);
      const posted = await thrown(createByPage([["titulo", "Intrusa"]], who));
      expect(posted.status).toBeGreaterThanOrEqual(300);
    }
    expect(await prisma.assignment.count({ where: { titulo: "Intrusa" } })).toBe(0);
  });

  it("edits, removes an attachment, and deletes with its column, hand-ins and files", async () => {
    const edit = `${manage()}/${tareaId}/editar`;
    const params = { cursoId: course.id, tareaId };
    const page = await editPage.loader(args(getRequest(edit, teacher.cookie), params));
    expect(page.values).toMatchObject({
      fechaLimite: "2026-12-05T23:59",
      calificacion: "rubrica",
      clases: [claseA.id],
    });

    const saved = (await editPage.action(
      args(
        formRequest(
          edit,
          {
            intent: "save",
            titulo: "Guía de fracciones (corregida)",
            instrucciones: "",
            moduloId: "",
            fechaLimite: "",
            permiteAtrasadas: "si",
            calificacion: "nota",
            todasLasClases: "si",
          },
          { cookie: teacher.cookie },
        ),
        params,
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    const row = await prisma.assignment.findUniqueOrThrow({
      where: { id: tareaId },
      include: { columna: true, clases: true, archivos: { orderBy: { posicion: "asc" } } },
    });
    expect(row).toMatchObject({ moduloId: null, fechaLimite: null, calificacion: "nota", rubrica: null });
    expect(row.todasLasClases).toBe(true);
    expect(row.clases).toEqual([]);
    expect(row.columna?.nombre).toBe("Guía de fracciones (corregida)");

    const pdf = row.archivos.find((a) => a.tipo === "application/pdf");
    const png = row.archivos.find((a) => a.tipo === "image/png");
    const removed = (await editPage.action(
      args(formRequest(edit, { intent: "remove-file", archivoId: png!.id }, { cookie: teacher.cookie }), params),
    )) as Response;
    expect((await flashOf(removed))?.message).toBe(T.ADJUNTO_REMOVED);
    expect(storedExistsSync(png!.storageKey)).toBe(false);

    const entrega = await createEntrega(row, inA.user.id);
    const key = await storeBytes("submissions", "png", PNG_1PX);
    const handedIn = await prisma.submissionFile.create({
      data: { entregaId: entrega.id, nombre: "foto.png", storageKey: key, tipo: "image/png", tamano: PNG_1PX.length },
    });
    await prisma.manualGrade.create({ data: { columnaId: row.columnaId!, userId: inA.user.id, nota: 60 } });

    const gone = (await editPage.action(
      args(formRequest(edit, { intent: "delete", tareaId }, { cookie: teacher.cookie }), params),
    )) as Response;
    expect(gone.headers.get("Location")).toBe(manage());
    expect((await flashOf(gone))?.message).toBe(T.TAREA_DELETED);
    expect(await prisma.assignment.count({ where: { id: tareaId } })).toBe(0);
    expect(await prisma.submission.count({ where: { tareaId } })).toBe(0);
    expect(await prisma.gradeColumn.count({ where: { id: row.columnaId! } })).toBe(0);
    expect(await prisma.manualGrade.count({ where: { columnaId: row.columnaId! } })).toBe(0);
    expect(storedExistsSync(pdf!.storageKey)).toBe(false);
    expect(storedExistsSync(handedIn.storageKey)).toBe(false);
    expect(await prisma.auditLog.count({ where: { action: "assignment.delete", targetId: tareaId } })).toBe(1);
  });
});

describe("the API", () => {
  const list = (cursoId = course.id) => `/api/cursos/${cursoId}/tareas`;
  const post = (who: Signed, body: unknown, cursoId = course.id) =>
    api.action(args(api$("POST", list(cursoId), who, body), { cursoId }));
  const one = (method: string, id: string, who: Signed, body?: unknown) =>
    (method === "GET" ? apiOne.loader : apiOne.action)(
      args(api$(method, `/api/tareas/${id}`, who, body), { tareaId: id }),
    );

  it("creates a tarea from JSON, with a free column name beside a column of the same name", async () => {
    await prisma.gradeColumn.create({ data: { cursoId: course.id, nombre: "Disertación", posicion: 0 } });
    const created = await post(teacher, {
      titulo: "Disertación",
      fechaLimite: "2026-12-10T12:00:00Z",
      calificacion: "rubrica",
      rubrica: [
        {
          nombre: "Voz",
          niveles: [
            { nombre: "Baja", puntos: 0 },
            { nombre: "Clara", puntos: 2 },
          ],
        },
      ],
    });
    expect(created.status).toBe(201);
    const body = (await readJson(created)) as { id: string; rubrica: unknown; todasLasClases: boolean; url: string };
    expect(body).toMatchObject({ todasLasClases: true, url: `/cursos/${course.id}/tareas/${body.id}` });
    expect(body.rubrica).toEqual([
      {
        nombre: "Voz",
        niveles: [
          { nombre: "Baja", puntos: 0 },
          { nombre: "Clara", puntos: 2 },
        ],
      },
    ]);
    const row = await prisma.assignment.findUniqueOrThrow({ where: { id: body.id }, include: { columna: true } });
    expect(row.columna?.nombre).toBe("Disertación (2)");

    // The gradebook's own calls leave a tarea's column alone: it follows its tarea.
    expect((await renameColumn(teacher.user, course.id, row.columnaId!, "Otra", null)).ok).toBe(false);
    expect((await deleteColumn(teacher.user, course.id, row.columnaId!, null)).ok).toBe(false);

    // Renamed: the column follows; deleted: the column goes.
    const put = await one("PUT", body.id, teacher, { titulo: "Ensayo", calificacion: "nota" });
    expect(put.status).toBe(200);
    expect((await prisma.gradeColumn.findUniqueOrThrow({ where: { id: row.columnaId! } })).nombre).toBe("Ensayo");
    expect(await prisma.auditLog.count({ where: { action: "assignment.update", targetId: body.id } })).toBe(1);
    expect((await one("DELETE", body.id, teacher)).status).toBe(200);
    expect(await prisma.gradeColumn.count({ where: { id: row.columnaId! } })).toBe(0);
    expect((await one("DELETE", body.id, teacher)).status).toBe(404);
  });

  it("makes two tareas of one title at once, each with a column of its own name", async () => {
    const answers = await Promise.all([0, 1, 2].map(() => post(teacher, { titulo: "Guía a la vez" })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const names = await prisma.gradeColumn.findMany({
      where: { cursoId: course.id, nombre: { startsWith: "Guía a la vez" } },
      select: { nombre: true },
    });
    expect(names.map((n) => n.nombre).sort()).toEqual(["Guía a la vez", "Guía a la vez (2)", "Guía a la vez (3)"]);
  });

  it("answers bad JSON with Spanish errors, and a class or module of another course with a 400", async () => {
    const empty = await post(teacher, { titulo: " " });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).error).toBe(T.TITULO_REQUIRED);
    const badClass = await post(teacher, { titulo: "X", todasLasClases: false, clases: [claseOther.id] });
    expect(badClass.status).toBe(400);
    expect((await readJson(badClass)).error).toBe(T.CLASE_UNKNOWN);
    const badModule = await post(teacher, { titulo: "X", moduloId: other.modulos[0]!.id });
    expect(badModule.status).toBe(400);
    expect((await readJson(badModule)).error).toBe(T.MODULO_UNKNOWN);
    const noModule = await post(teacher, { titulo: "X", moduloId: "no-existe" });
    expect(noModule.status).toBe(400);
    for (const wrong of [{ permiteAtrasadas: "quizás" }, { calificacion: "letra" }, { moduloId: "m".repeat(500) }]) {
      const refused = await post(teacher, { titulo: "X", ...wrong });
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
      expect((await readJson(refused)).error).toBe(T.CHOICE_INVALID);
    }
    const noRubric = await post(teacher, { titulo: "X", calificacion: "rubrica" });
    expect((await readJson(noRubric)).error).toBe("La rúbrica necesita al menos un criterio.");
    expect(await prisma.assignment.count({ where: { titulo: "X" } })).toBe(0);
  });

  it("lets only the team write, and a learner see only the tareas for their classes", async () => {
    const forA = await createTarea(course.id, { titulo: "Solo 7° A", todasLasClases: false });
    await prisma.assignmentClass.create({ data: { tareaId: forA.id, claseId: claseA.id, cursoId: course.id } });
    const forAll = await createTarea(course.id, { titulo: "Para todos" });

    expect((await post(inA, { titulo: "Mía" })).status).toBe(403);
    expect((await post(otherDocente, { titulo: "Mía" })).status).toBe(403);
    const learnerPut = await one("PUT", forAll.id, inA, { titulo: "Cambiada" });
    expect(learnerPut.status).toBe(403);
    expect((await readJson(learnerPut)).error).toBe(T.TAREAS_TEAM_ONLY);
    expect((await one("DELETE", forAll.id, otherDocente)).status).toBe(403);
    expect((await one("DELETE", forA.id, inB)).status).toBe(404);

    const titles = async (who: Signed) =>
      (
        (await readJson(await api.loader(args(api$("GET", list(), who), { cursoId: course.id })))) as {
          tareas: Array<{ titulo: string }>;
        }
      ).tareas.map((t) => t.titulo);
    expect(await titles(inA)).toEqual(expect.arrayContaining(["Solo 7° A", "Para todos"]));
    expect(await titles(inB)).toContain("Para todos");
    expect(await titles(inB)).not.toContain("Solo 7° A");
    expect(await titles(noClass)).not.toContain("Solo 7° A");
    expect(await titles(teacher)).toEqual(expect.arrayContaining(["Solo 7° A", "Para todos"]));
    const outside = await api.loader(args(api$("GET", list(), outsider), { cursoId: course.id }));
    expect(outside.status).toBe(403);

    const hidden = await one("GET", forA.id, inB);
    expect(hidden.status).toBe(404);
    expect((await readJson(hidden)).error).toBe(TAREA_NOT_FOUND);
    const seen = (await readJson(await one("GET", forA.id, inA))) as { clases: Array<{ nombre: string }> };
    expect(seen.clases.map((c) => c.nombre)).toEqual(["7° A"]);

    // The course page lists the same, at its top, each linking to the tarea's page.
    const pageOf = async (who: Signed) =>
      (
        await coursePage.loader(args(getRequest(`/cursos/${course.id}`, who.cookie), { cursoId: course.id }))
      ).tareas?.tareas.map((t) => t.url);
    expect(await pageOf(inB)).toContain(`/cursos/${course.id}/tareas/${forAll.id}`);
    expect(await pageOf(inB)).not.toContain(`/cursos/${course.id}/tareas/${forA.id}`);
    expect(await pageOf(inA)).toContain(`/cursos/${course.id}/tareas/${forA.id}`);
    expect(await pageOf(outsider)).toBeUndefined();
    // Each with where the learner stands: handed in, or still to do; the team sees no state.
    await createEntrega(forAll, inA.user.id);
    const states = async (who: Signed) =>
      Object.fromEntries(
        (
          await coursePage.loader(args(getRequest(`/cursos/${course.id}`, who.cookie), { cursoId: course.id }))
        ).tareas!.tareas.map((t) => [t.titulo, t.estado]),
      );
    expect(await states(inA)).toMatchObject({ "Para todos": "Entregada", "Solo 7° A": "Asignada" });
    expect(await states(inB)).toMatchObject({ "Para todos": "Asignada" });
    expect((await states(teacher))["Para todos"]).toBeNull();
  });
});

describe("due dates", () => {
  it("joins 'Próximas fechas' and the calendar feed for the learners it is for, until handed in", async () => {
    const now = new Date("2027-03-01T12:00:00Z");
    const soon = new Date("2027-03-04T02:59:00Z");
    const later = new Date("2027-03-05T02:59:00Z");
    const dated = await createTarea(course.id, { titulo: "Maqueta", fechaLimite: soon });
    const onlyB = await createTarea(course.id, { titulo: "Mapa de 7° B", fechaLimite: later, todasLasClases: false });
    await prisma.assignmentClass.create({ data: { tareaId: onlyB.id, claseId: claseB.id, cursoId: course.id } });
    const moduleDue = new Date(later.getTime() + 3600 * 1000);
    await prisma.module.update({ where: { id: course.modulos[1]!.id }, data: { fechaLimite: moduleDue } });

    const upcoming = async (who: Signed) =>
      (await upcomingDueDates(who.user.id, now, tareaDueDates)).map((i) => i.tareaId ?? i.moduloId);
    expect(await upcoming(inB)).toEqual([dated.id, onlyB.id, course.modulos[1]!.id]);
    expect(await upcoming(inA)).toEqual([dated.id, course.modulos[1]!.id]);
    await createEntrega(dated, inA.user.id);
    expect(await upcoming(inA)).toEqual([course.modulos[1]!.id]);

    const token = await renewCalendarToken(inB.user.id);
    const ics = (await calendarFeed(token, now, tareaDueDates))!.replace(/\r\n /g, "");
    expect(ics).toContain(`UID:tarea-${dated.id}@`);
    expect(ics).toContain(`UID:tarea-${onlyB.id}@`);
    expect(ics).toContain("SUMMARY:Matemática 7°: Tarea: Mapa de 7° B");
    expect(ics).toContain(`/cursos/${course.id}/tareas/${onlyB.id}`);

    // GET /api/auth/proximas-fechas says which dates are tareas' (today's dates: one due tomorrow).
    const tomorrow = await createTarea(course.id, {
      titulo: "Para mañana",
      fechaLimite: new Date(Date.now() + 24 * 3600 * 1000),
    });
    const answer = await readJson(
      await upcomingApi.loader(
        args(jsonRequest("/api/auth/proximas-fechas", {}, { method: "GET", token: noClass.token })),
      ),
    );
    expect(answer.fechas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tipo: "tarea", tareaId: tomorrow.id, modulo: "Para mañana", moduloIndex: null }),
      ]),
    );
  });
});
