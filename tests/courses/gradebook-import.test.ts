// @postgresql: the order by apellido rests on the name copies' triggers (engine-specific SQL)
// The gradebook by apellido with the class as a filter, importing a column's notas from a CSV with
// a preview, and the weights by the API (docs/decisions/047-gradebook-import-order-filter.md): the
// page, its CSV and the API list learners by name (a renamed account moves), a class's filter never
// shows a learner of another class, the preview writes nothing, the confirmation writes every nota
// or none, audited, and a person who is not a participant is listed and never written.
import { beforeAll, describe, expect, it } from "vitest";
import { sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const { newClassCode } = await import("~/features/classes/codes.ts");
const { getGradebook } = await import("~/features/reports/reports.server.ts");
const texts = await import("~/features/reports/texts.ts");
const page = await import("~/routes/docente/gradebook.tsx");
const csvRoute = await import("~/routes/docente/gradebook-csv.ts");
const importPage = await import("~/routes/docente/gradebook-import.tsx");
const apiGradebook = await import("~/routes/api/admin.gradebook.ts");
const apiImport = await import("~/routes/api/cursos.grade-import.ts");
const apiWeight = await import("~/routes/api/cursos.gradebook-weight.ts");
const { args, createCourse, dataOf, flashOf, getRequest, jsonRequest, multipartRequest, readJson, signedIn } =
  await import("../factories.ts");

type Signed = Awaited<ReturnType<typeof signedIn>>;
let course: { id: string };
let teacher: Signed;
let zuniga: Signed;
let araya: Signed;
let munoz: Signed;
let stranger: Signed;
let clase: { id: string };
let otherClase: { id: string };
let columnaId: string;

beforeAll(async () => {
  course = await createCourse({ titulo: "Lenguaje" });
  teacher = await signedIn("docente");
  // Enrolled in this order: Zúñiga, Araya, Muñoz. The gradebook lists them Araya, Muñoz, Zúñiga.
  zuniga = await signedIn({ nombre: "Pía", apellido: "Zúñiga" });
  araya = await signedIn({ nombre: "Tomás", apellido: "Araya" });
  munoz = await signedIn({ nombre: "Ema", apellido: "Muñoz" });
  stranger = await signedIn({ nombre: "Iván", apellido: "Ibáñez" });
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  for (const p of [zuniga, araya, munoz]) {
    await prisma.enrolment.create({ data: { userId: p.user.id, cursoId: course.id } });
  }
  const newClass = (nombre: string, cursoId = course.id) =>
    prisma.courseClass.create({ data: { cursoId, nombre, codigo: newClassCode(), createdById: teacher.user.id } });
  clase = await newClass("4°A");
  otherClase = await newClass("4°B", (await createCourse({ titulo: "Otro" })).id);
  await prisma.classMember.createMany({
    data: [zuniga, araya].map((p) => ({ claseId: clase.id, cursoId: course.id, userId: p.user.id })),
  });
  columnaId = (await prisma.gradeColumn.create({ data: { cursoId: course.id, nombre: "Disertación", posicion: 0 } }))
    .id;
});

const names = (g: { participantes: Array<{ nombre: string }> } | null) => g!.participantes.map((p) => p.nombre);
const gradebookPath = (query = "") => `/docente/cursos/${course.id}/calificaciones${query}`;

async function csvOf(query = "") {
  const response = await csvRoute.loader(
    args(getRequest(`${gradebookPath("/csv")}${query}`, teacher.cookie), { cursoId: course.id }),
  );
  return { status: response.status, text: await response.text() };
}

describe("the gradebook by apellido, with the class as a filter", () => {
  it("lists the page, the CSV and the API by apellido and nombre; a renamed account moves", async () => {
    expect(names(await getGradebook(course.id))).toEqual(["Tomás Araya", "Ema Muñoz", "Pía Zúñiga"]);
    const csv = (await csvOf()).text;
    expect(csv.indexOf("Araya")).toBeLessThan(csv.indexOf("Muñoz"));
    expect(csv.indexOf("Muñoz")).toBeLessThan(csv.indexOf("Zúñiga"));
    await prisma.user.update({ where: { id: munoz.user.id }, data: { apellido: "Alvarado" } });
    const request = getRequest(`/api/admin/cursos/${course.id}/calificaciones`);
    request.headers.set("Authorization", `Bearer ${teacher.token}`);
    const body = await readJson(await apiGradebook.loader(args(request, { cursoId: course.id })));
    expect(names(body as never)).toEqual(["Ema Alvarado", "Tomás Araya", "Pía Zúñiga"]);
    await prisma.user.update({ where: { id: munoz.user.id }, data: { apellido: "Muñoz" } });
  });

  it("?clase= shows that class's learners only, on the page, the CSV and the API; another course's class is a 404", async () => {
    const loaded = await page.loader(
      args(getRequest(gradebookPath(`?clase=${clase.id}`), teacher.cookie), { cursoId: course.id }),
    );
    expect(names(loaded.gradebook)).toEqual(["Tomás Araya", "Pía Zúñiga"]);
    expect(loaded.gradebook.total).toBe(2);
    expect(loaded.gradebook.clases).toEqual([{ id: clase.id, nombre: "4°A" }]);
    const csv = await csvOf(`?clase=${clase.id}`);
    expect(csv.text).toContain("Araya");
    expect(csv.text).not.toContain("Muñoz");
    const request = getRequest(`/api/admin/cursos/${course.id}/calificaciones?clase=${clase.id}`);
    request.headers.set("Authorization", `Bearer ${teacher.token}`);
    const body = await readJson(await apiGradebook.loader(args(request, { cursoId: course.id })));
    expect(JSON.stringify(body)).not.toContain("Muñoz");
    const wrong = getRequest(gradebookPath(`?clase=${otherClase.id}`), teacher.cookie);
    const refused: unknown = await page.loader(args(wrong, { cursoId: course.id })).catch((e: unknown) => e);
    expect(dataOf(refused).status).toBe(404);
    expect((await csvOf(`?clase=${otherClase.id}`)).status).toBe(404);
  });

  it.runIf(sqlite)("a class's page costs the same statements for 2 learners and for 40", async () => {
    const count = async (claseId: string) => {
      statements.length = 0;
      await getGradebook(course.id, { clase: claseId });
      return statements.length;
    };
    const small = await count(clase.id);
    const big = await prisma.courseClass.create({
      data: { cursoId: course.id, nombre: "Grande", codigo: newClassCode(), createdById: teacher.user.id },
    });
    const stamp = Date.now();
    await prisma.user.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        nombre: "P",
        apellido: `${i}`,
        correo: `g${i}-${stamp}@test.cl`,
        rol: "estudiante",
        passwordHash: "x",
      })),
    });
    const users = await prisma.user.findMany({ where: { correo: { endsWith: `-${stamp}@test.cl` } } });
    await prisma.enrolment.createMany({ data: users.map((u) => ({ userId: u.id, cursoId: course.id })) });
    await prisma.classMember.createMany({
      data: users.map((u) => ({ claseId: big.id, cursoId: course.id, userId: u.id })),
    });
    expect(await count(big.id)).toBe(small);
    await prisma.enrolment.deleteMany({ where: { userId: { in: users.map((u) => u.id) } } });
  });
});

describe("importing a column's notas from a CSV", () => {
  const api = (body: unknown, who: Signed = teacher, column = columnaId) =>
    apiImport.action(
      args(
        jsonRequest(`/api/cursos/${course.id}/calificaciones/columnas/${column}/importar`, body, { token: who.token }),
        { cursoId: course.id, columnaId: column },
      ),
    );
  const grades = () => prisma.manualGrade.findMany({ where: { columnaId }, orderBy: { userId: "asc" } });
  const audits = (action: string) => prisma.auditLog.count({ where: { action, actorId: teacher.user.id } });

  it("previews each row (es-CL Excel: BOM, ';', comma decimals) and writes nothing", async () => {
    const lista =
      "\uFEFFNombre;Correo;Disertación - Nota;Disertación - Comentario;Nota\r\n" +
      `Tomás Araya;${araya.user.correo.toUpperCase()};"6,5";Clara;5,0\r\n` +
      `Pía Zúñiga;${zuniga.user.correo};;;\r\n` +
      `Iván Ibáñez;${stranger.user.correo};5,0;;\r\n` +
      "Nadie;nadie@colegio.cl;4,0;;\r\n" +
      `Ema Muñoz;${munoz.user.correo};8,0;;\r\n`;
    const response = await api({ lista });
    expect(response.status).toBe(200);
    const preview = (await readJson(response)) as { filas: Array<Record<string, unknown>>; resumen: unknown };
    expect(preview.filas.map((f) => [f.linea, f.estado, f.nombre, f.nota])).toEqual([
      [2, "escribir", "Tomás Araya", 6.5],
      [3, "sin-nota", "Pía Zúñiga", null],
      // Not enrolled, or no account at all: the same answer, never written.
      [4, "fuera", null, 5],
      [5, "fuera", null, 4],
      [6, "error", "Ema Muñoz", null],
    ]);
    expect(preview.filas[2]!.motivo).toBe(texts.ROW_NOT_PARTICIPANT);
    expect(preview.filas[4]!.motivo).toBe(texts.rowNotaInvalid("8,0"));
    expect(preview.resumen).toEqual({ escribir: 1, igual: 0, sinNota: 1, fuera: 2, errores: 1 });
    expect(await grades()).toEqual([]);
  });

  it("refuses a file with an error row whole: nothing written", async () => {
    const lista = `Correo;Nota\n${araya.user.correo};6\n${zuniga.user.correo};siete\n${araya.user.correo};5\n`;
    const preview = (await readJson(await api({ lista }))) as { huella: string; filas: Array<{ motivo: unknown }> };
    expect(preview.filas.map((f) => f.motivo)).toEqual([null, texts.rowNotaInvalid("siete"), texts.rowRepeated(2)]);
    const response = await api({ lista, confirmar: true, huella: preview.huella });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: texts.IMPORT_HAS_ERRORS(2) });
    expect(await grades()).toEqual([]);
  });

  it("refuses a file without the columns, another text than the preview's, and the team's outsiders", async () => {
    expect(await readJson(await api({ lista: "Nombre;Nota\nAna;5\n" }))).toEqual({ error: texts.IMPORT_NO_ID_COLUMN });
    expect(await readJson(await api({ lista: "Correo;Puntaje\na@b.cl;5\n" }))).toEqual({
      error: texts.importNoNotaColumn("Disertación"),
    });
    const lista = `Correo;Nota\n${araya.user.correo};6\n`;
    const { huella } = (await readJson(await api({ lista }))) as { huella: string };
    const changed = `Correo;Nota\n${araya.user.correo};7\n`;
    expect((await api({ lista: changed, confirmar: true, huella })).status).toBe(409);
    const outsider = await signedIn("docente");
    expect((await api({ lista }, outsider)).status).toBe(403);
    expect(await grades()).toEqual([]);
  });

  it("confirms by the API: writes every nota of the file in one go, audited; a comma-separated file too", async () => {
    const before = { set: await audits("grades.set"), import: await audits("grades.import") };
    const lista = `correo,nota,comentario\n${araya.user.correo},"6,5",Muy clara\n${zuniga.user.correo},5.8,\nx@y.cl,4,\n`;
    const { huella } = (await readJson(await api({ lista }))) as { huella: string };
    const response = await api({ lista, confirmar: true, huella });
    expect(response.status).toBe(201);
    expect(await readJson(response)).toEqual({ message: texts.importDone(2), escritas: 2 });
    const rows = await grades();
    expect(rows.map((r) => [r.userId, r.nota, r.comentario]).sort()).toEqual(
      [
        [araya.user.id, 65, "Muy clara"],
        [zuniga.user.id, 58, ""],
      ].sort(),
    );
    expect(await audits("grades.set")).toBe(before.set + 2);
    expect(await audits("grades.import")).toBe(before.import + 1);
    // The same file again changes nothing: nothing to save.
    const again = (await readJson(await api({ lista }))) as { huella: string; resumen: { igual: number } };
    expect(again.resumen.igual).toBe(2);
    expect((await api({ lista, confirmar: true, huella: again.huella })).status).toBe(400);
  });

  it("imports without JavaScript: the upload shows the preview, the confirmation saves and goes back", async () => {
    const loaded = await importPage.loader(
      args(getRequest(gradebookPath("/importar"), teacher.cookie), { cursoId: course.id }),
    );
    expect(loaded.columnas).toEqual([{ id: columnaId, nombre: "Disertación" }]);
    const file = new TextEncoder().encode(`\uFEFFCorreo;Nota\r\n${munoz.user.correo};"4,5"\r\n`);
    const upload = multipartRequest(
      gradebookPath("/importar"),
      { columnaId, confirmar: "false", archivo: { bytes: file, name: "notas.csv", type: "text/csv" } },
      { cookie: teacher.cookie },
    );
    const shown = dataOf<{ preview: { huella: string; resumen: { escribir: number } }; text: string }>(
      await importPage.action(args(upload, { cursoId: course.id })),
    ).data;
    expect(shown.preview.resumen.escribir).toBe(1);
    expect(await prisma.manualGrade.count({ where: { columnaId, userId: munoz.user.id } })).toBe(0);
    const confirm = multipartRequest(
      gradebookPath("/importar"),
      { columnaId, confirmar: "true", huella: shown.preview.huella, lista: shown.text },
      { cookie: teacher.cookie },
    );
    const done = (await importPage.action(args(confirm, { cursoId: course.id }))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(gradebookPath());
    expect((await flashOf(done))?.message).toBe(texts.importDone(1));
    expect((await prisma.manualGrade.findFirst({ where: { columnaId, userId: munoz.user.id } }))?.nota).toBe(45);
  });
});

describe("the weights by the API", () => {
  const call = (method: string, body: unknown, who: Signed) =>
    apiWeight.action(
      args(jsonRequest(`/api/cursos/${course.id}/calificaciones/ponderacion`, body, { method, token: who.token }), {
        cursoId: course.id,
      }),
    );

  it("reads and sets the page's Ponderación, audited; only the team", async () => {
    expect((await call("PUT", { evaluaciones: 30 }, teacher)).status).toBe(200);
    expect((await getGradebook(course.id))!.ponderacion).toEqual({ evaluaciones: 30 });
    expect(await prisma.auditLog.count({ where: { action: "grades.weights", targetId: course.id } })).toBe(1);
    expect(await readJson(await call("PUT", { evaluaciones: 30.5 }, teacher))).toEqual({ error: texts.WEIGHT_INVALID });
    expect((await call("PUT", { evaluaciones: 50 }, araya)).status).toBe(403);
    const request = getRequest(`/api/cursos/${course.id}/calificaciones/ponderacion`);
    request.headers.set("Authorization", `Bearer ${teacher.token}`);
    expect(await readJson(await apiWeight.loader(args(request, { cursoId: course.id })))).toEqual({
      cursoId: course.id,
      evaluaciones: 30,
    });
    expect((await call("PUT", { evaluaciones: null }, teacher)).status).toBe(200);
    expect((await getGradebook(course.id))!.ponderacion).toBeNull();
  });
});
