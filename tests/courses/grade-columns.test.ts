// The gradebook's manual columns (docs/decisions/044-manual-grade-columns.md): the team adds,
// renames and deletes them and grades each enrolled learner 1,0–7,0 (comma or dot, one decimal)
// with a comment, by the page's forms without JavaScript and by the API, audited; nobody else
// does; a learner not enrolled gets no row; the notas count in the final nota and the CSV; the
// gradebook page stays the same few statements whatever the learners × columns.
import { beforeAll, describe, expect, it } from "vitest";
import { sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const texts = await import("~/features/reports/texts.ts");
const { COURSE_NOT_FOUND } = await import("~/features/courses/texts.ts");
const { notaTenthsFrom } = await import("~/features/reports/grade-columns-schema.ts");
const { getGradebook, gradebookCsv } = await import("~/features/reports/reports.server.ts");
const { finalNota } = await import("~/features/reports/final-nota.ts");
const page = await import("~/routes/docente/gradebook.tsx");
const apiColumns = await import("~/routes/api/cursos.grade-columns.ts");
const apiColumn = await import("~/routes/api/cursos.grade-column.ts");
const apiGrade = await import("~/routes/api/cursos.manual-grade.ts");
const coursePage = await import("~/routes/courses/detail.tsx");
const { args, createCourse, dataOf, flashOf, formRequest, getRequest, jsonRequest, readJson, signedIn, thrown } =
  await import("../factories.ts");

type Signed = Awaited<ReturnType<typeof signedIn>>;
let course: { id: string };
let teacher: Signed;
let otherDocente: Signed;
let learner: Signed;
let classmate: Signed;
let outsider: Signed;
let admin: Signed;

beforeAll(async () => {
  course = await createCourse({ titulo: "Historia" });
  [teacher, otherDocente, learner, classmate, outsider, admin] = [
    await signedIn("docente"),
    await signedIn("docente"),
    await signedIn({ nombre: "Ana", apellido: "Rojas" }),
    await signedIn({ nombre: "Beto", apellido: "Soto" }),
    await signedIn("estudiante"),
    await signedIn("admin"),
  ];
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  await prisma.enrolment.createMany({
    data: [learner, classmate].map((p) => ({ userId: p.user.id, cursoId: course.id })),
  });
});

const base = (cursoId = course.id) => `/api/cursos/${cursoId}/calificaciones/columnas`;
const call = (method: string, path: string, who: Signed | null, body?: unknown) =>
  jsonRequest(path, body, { method, token: who?.token });

async function newColumn(nombre: string, who: Signed = teacher, cursoId = course.id) {
  return apiColumns.action(args(call("POST", base(cursoId), who, { nombre }), { cursoId }));
}
async function putGrade(columnaId: string, userId: string, body: unknown, who: Signed = teacher) {
  const path = `${base()}/${columnaId}/notas/${userId}`;
  return apiGrade.action(args(call("PUT", path, who, body), { cursoId: course.id, columnaId, userId }));
}
const idOf = async (response: Response) => ((await readJson(response)) as { id: string }).id;

describe("a nota as a teacher types it", () => {
  it("reads 1,0–7,0 with a comma or a dot and one decimal at most, in tenths", () => {
    const read = [
      "1",
      "1,0",
      "4,5",
      "4.5",
      " 6,9 ",
      "7",
      "7,0",
      5.5,
      7,
      "0,9",
      "7,1",
      "5,55",
      "8",
      "",
      "a",
      "-4",
      "4,",
    ];
    expect(read.map(notaTenthsFrom)).toEqual([
      10,
      10,
      45,
      45,
      69,
      70,
      70,
      55,
      70,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("the final nota", () => {
  it("a plain average by default; with weights each group's average weighs its %; one decimal, halves up", () => {
    const table: Array<[number[], number[], number | null, number | null]> = [
      [[], [], null, null],
      [[], [], 40, null],
      [[7], [3.5], null, 5.3], // 5,25
      [[7, 3.5], [], null, 5.3],
      [[4], [3.9], 50, 4], // 3,95 is a 4,0
      [[3.9], [4], 50, 4],
      [[4.4], [4.5], 50, 4.5], // 4,45 is a 4,5
      [[7], [1], 40, 3.4],
      [[6, 5], [4], 40, 4.6], // 0,4 · 5,5 + 0,6 · 4,0
      [[4.1, 4, 4], [3.9], 30, 3.9], // 0,3 · 4,0333… + 0,7 · 3,9 = 3,94
      [[5], [7], 100, 5],
      [[5], [7], 0, 7],
      [[], [6.2], 40, 6.2], // one group alone: its average
      [[1, 1], [], 40, 1],
    ];
    for (const [modules, manual, weight, expected] of table) {
      expect(finalNota(modules, manual, weight), `${modules} | ${manual} @ ${weight}`).toBe(expected);
    }
  });
});

describe("the API", () => {
  it("the team adds, lists, renames and deletes columns, audited; a name is unique in the course", async () => {
    const created = await newColumn("  Disertación ");
    expect(created.status).toBe(201);
    const columna = (await readJson(created)) as { id: string };
    expect(columna).toMatchObject({ cursoId: course.id, nombre: "Disertación", posicion: 0 });
    expect((await readJson(await newColumn("Prueba escrita", admin))).posicion).toBe(1);
    const taken = await newColumn("Disertación");
    expect([taken.status, (await readJson(taken)).error]).toEqual([409, texts.COLUMN_NAME_TAKEN]);
    const empty = await newColumn(" ");
    expect([empty.status, (await readJson(empty)).error]).toEqual([400, texts.COLUMN_NAME_REQUIRED]);

    const list = await apiColumns.loader(args(call("GET", base(), teacher), { cursoId: course.id }));
    const names = ((await readJson(list)).columnas as Array<{ nombre: string }>).map((c) => c.nombre);
    expect(names).toEqual(["Disertación", "Prueba escrita"]);

    const one = (method: string, who: Signed, body?: unknown) =>
      apiColumn.action(
        args(call(method, `${base()}/${columna.id}`, who, body), { cursoId: course.id, columnaId: columna.id }),
      );
    const renamed = await one("PUT", teacher, { nombre: "Disertación oral" });
    expect([renamed.status, (await readJson(renamed)).nombre]).toEqual([200, "Disertación oral"]);
    expect((await one("PUT", teacher, { nombre: "Prueba escrita" })).status).toBe(409);
    await putGrade(columna.id, learner.user.id, { nota: "6,0" });
    const deleted = await one("DELETE", teacher);
    expect([deleted.status, await readJson(deleted)]).toEqual([200, { message: texts.COLUMN_DELETED, id: columna.id }]);
    expect(await prisma.manualGrade.count({ where: { columnaId: columna.id } })).toBe(0);
    expect((await one("DELETE", teacher)).status).toBe(404);
    const actions = await prisma.auditLog.findMany({ where: { targetId: columna.id }, select: { action: true } });
    expect(actions.map((a) => a.action).sort()).toEqual([
      "grades.column-create",
      "grades.column-delete",
      "grades.column-rename",
    ]);
  });

  it("PUT a nota: 1,0–7,0 with a comma or a dot, replaced, audited; never a row for a learner not enrolled", async () => {
    const columnaId = await idOf(await newColumn("Maqueta"));
    const first = await putGrade(columnaId, learner.user.id, { nota: "5,5", comentario: "Buen trabajo." });
    expect(first.status).toBe(200);
    expect(await readJson(first)).toMatchObject({
      columnaId,
      userId: learner.user.id,
      nota: 5.5,
      comentario: "Buen trabajo.",
    });
    const again = await putGrade(columnaId, learner.user.id, { nota: 6.2 });
    expect(await readJson(again)).toMatchObject({ nota: 6.2, comentario: "" });
    const same = await putGrade(columnaId, learner.user.id, { nota: "6.2" });
    expect([same.status, (await readJson(same)).nota]).toEqual([200, 6.2]);
    for (const nota of ["0,9", "7,1", "5,55", "", null, "siete"]) {
      const bad = await putGrade(columnaId, learner.user.id, { nota });
      expect([bad.status, (await readJson(bad)).error]).toEqual([400, texts.NOTA_INVALID]);
    }
    const stranger = await putGrade(columnaId, outsider.user.id, { nota: "7,0" });
    expect([stranger.status, (await readJson(stranger)).error]).toEqual([404, texts.LEARNER_NOT_ENROLLED]);
    expect((await putGrade(columnaId, "no-existe", { nota: "7,0" })).status).toBe(404);
    expect((await putGrade("cm0nada000000000000000000", learner.user.id, { nota: "7,0" })).status).toBe(404);
    expect(await prisma.manualGrade.findMany({ where: { columnaId }, select: { userId: true, nota: true } })).toEqual([
      { userId: learner.user.id, nota: 62 },
    ]);
    const audits = await prisma.auditLog.findMany({ where: { action: "grades.set", targetId: learner.user.id } });
    expect(audits.map((a) => a.detail)).toEqual(expect.arrayContaining(["Maqueta: 5,5", "Maqueta: 6,2"]));
    expect(audits.filter((a) => a.detail?.startsWith("Maqueta")).length).toBe(2);
  });

  it("off the team: 403 for a teacher of another course and a learner, 401 without credentials; 404 an unknown course", async () => {
    const columnaId = await idOf(await newColumn("Bitácora"));
    for (const who of [otherDocente, learner]) {
      expect((await newColumn("Otra", who)).status).toBe(403);
      expect((await putGrade(columnaId, learner.user.id, { nota: "7,0" }, who)).status).toBe(403);
      expect((await apiColumns.loader(args(call("GET", base(), who), { cursoId: course.id }))).status).toBe(403);
    }
    expect((await apiColumns.loader(args(call("GET", base(), null), { cursoId: course.id }))).status).toBe(401);
    const unknown = await newColumn("Otra", admin, "cm0nada000000000000000000");
    expect([unknown.status, (await readJson(unknown)).error]).toEqual([404, COURSE_NOT_FOUND]);
    expect(await prisma.manualGrade.count({ where: { columnaId } })).toBe(0);
  });
});

describe("the gradebook page without JavaScript", () => {
  const path = () => `/docente/cursos/${course.id}/calificaciones`;
  const post = (fields: Record<string, string> | Array<[string, string]>, who: Signed = teacher) => {
    const request = formRequest(path(), {}, { cookie: who.cookie });
    const body = new URLSearchParams(fields);
    return page.action(
      args(new Request(request.url, { method: "POST", headers: request.headers, body }), { cursoId: course.id }),
    );
  };

  it("adds a column, grades the page's learners in one form and shows them with the final nota", async () => {
    const added = (await post({ intent: "create-column", nombre: "Prueba de síntesis" })) as Response;
    expect((await flashOf(added))?.message).toBe("Columna Prueba de síntesis agregada.");
    const taken = dataOf<{ columns: { result: { error: Record<string, string[]> } } }>(
      await post({ intent: "create-column", nombre: "Prueba de síntesis" }),
    );
    expect([taken.status, taken.data.columns.result.error.nombre]).toEqual([409, [texts.COLUMN_NAME_TAKEN]]);
    const columnaId = (await prisma.gradeColumn.findFirstOrThrow({ where: { nombre: "Prueba de síntesis" } })).id;
    const fields = (a: string, b: string): Array<[string, string]> => [
      ["intent", "grades"],
      ["columnaId", columnaId],
      ["userId", learner.user.id],
      [`nota-${learner.user.id}`, a],
      [`comentario-${learner.user.id}`, "Muy clara."],
      ["userId", classmate.user.id],
      [`nota-${classmate.user.id}`, b],
      [`comentario-${classmate.user.id}`, ""],
    ];
    const refused = dataOf<{ columns: { rows: Record<string, string>; values: Record<string, string> } }>(
      await post(fields("6,5", "9")),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.columns.rows).toEqual({ [classmate.user.id]: texts.NOTA_INVALID });
    expect(refused.data.columns.values[`nota-${learner.user.id}`]).toBe("6,5");
    expect(await prisma.manualGrade.count({ where: { columnaId } })).toBe(0);

    const saved = (await post(fields("6,5", "3.9"))) as Response;
    expect((await flashOf(saved))?.message).toBe("Notas guardadas.");
    const gradebook = (await getGradebook(course.id))!;
    const column = gradebook.columnas.findIndex((c) => c.id === columnaId);
    const ana = gradebook.participantes.find((p) => p.id === learner.user.id)!;
    expect(ana.manuales[column]).toEqual({ columnaId, nota: 6.5, comentario: "Muy clara." });
    const beto = gradebook.participantes.find((p) => p.id === classmate.user.id)!;
    expect(beto.manuales[column]!.nota).toBe(3.9);
    expect(beto.nota).toBe(3.9); // no quiz attempt: the final nota is the manual notas' average

    const removed = (await post(fields("6,5", ""))) as Response;
    expect((await flashOf(removed))?.message).toBe("Notas guardadas.");
    expect(await prisma.manualGrade.count({ where: { columnaId, userId: classmate.user.id } })).toBe(0);

    const csv = (await gradebookCsv(course.id))!;
    expect(csv.header).toEqual(
      expect.arrayContaining(["Prueba de síntesis - Nota", "Prueba de síntesis - Comentario"]),
    );
    expect(csv.header.at(-1)).toBe("Nota");
    const rows = [];
    for await (const batch of csv.batches) rows.push(...batch);
    const at = csv.header.indexOf("Prueba de síntesis - Nota");
    expect(rows.find((r) => r[1] === learner.user.correo)!.slice(at, at + 2)).toEqual(["6,5", "Muy clara."]);
  });

  it("'Ponderación': a whole % for the modules, the columns the rest; empty is a plain average", async () => {
    const refused = dataOf<{ columns: { result: { error: Record<string, string[]> } } }>(
      await post({ intent: "weights", evaluaciones: "150" }),
    );
    expect([refused.status, refused.data.columns.result.error.evaluaciones]).toEqual([400, [texts.WEIGHT_INVALID]]);
    const saved = (await post({ intent: "weights", evaluaciones: "40" })) as Response;
    expect((await flashOf(saved))?.message).toBe("Ponderación guardada.");
    expect((await getGradebook(course.id))!.ponderacion).toEqual({ evaluaciones: 40 });
    await post({ intent: "weights", evaluaciones: "" });
    expect((await getGradebook(course.id))!.ponderacion).toBeNull();
    expect(await prisma.auditLog.count({ where: { action: "grades.weights", targetId: course.id } })).toBe(2);
  });

  it("refuses a learner not enrolled and a teacher off the team", async () => {
    const columnaId = (await prisma.gradeColumn.findFirstOrThrow({ where: { cursoId: course.id } })).id;
    const stranger = (await post([
      ["intent", "grades"],
      ["columnaId", columnaId],
      ["userId", outsider.user.id],
      [`nota-${outsider.user.id}`, "7,0"],
    ])) as Response;
    expect((await flashOf(stranger))?.message).toBe(texts.LEARNER_NOT_ENROLLED);
    expect(await prisma.manualGrade.count({ where: { userId: outsider.user.id } })).toBe(0);
    const off = await thrown(post({ intent: "create-column", nombre: "Intrusa" }, otherDocente));
    expect(off.status).toBe(404); // the page's guard: a course off the teacher's team is not there
    expect(await prisma.gradeColumn.count({ where: { nombre: "Intrusa" } })).toBe(0);
  });
});

describe("'Mis notas' on the course page", () => {
  const gradesOf = async (who: Signed) =>
    (await coursePage.loader(args(getRequest(`/cursos/${course.id}`, who.cookie), { cursoId: course.id }))).grades;

  it("shows an enrolled learner their own notas with the comments and the final nota; nobody else's", async () => {
    const columnaId = await idOf(await newColumn("Ensayo"));
    await putGrade(columnaId, learner.user.id, { nota: "4,0", comentario: "Revisa la conclusión." });
    await putGrade(columnaId, classmate.user.id, { nota: "6,8", comentario: "Excelente." });
    const mine = (await gradesOf(learner))!;
    expect(mine.columnas.find((c) => c.nombre === "Ensayo")).toMatchObject({
      nota: 4,
      comentario: "Revisa la conclusión.",
    });
    expect(JSON.stringify(mine)).not.toContain("Excelente.");
    expect(mine.nota).not.toBeNull();
    const theirs = (await gradesOf(classmate))!;
    expect(theirs.columnas.find((c) => c.nombre === "Ensayo")).toMatchObject({ nota: 6.8, comentario: "Excelente." });
    expect(JSON.stringify(theirs)).not.toContain("Revisa la conclusión.");
    for (const who of [outsider, teacher]) expect(await gradesOf(who)).toBeNull();
  });
});

describe.runIf(sqlite)("the gradebook page's statements", () => {
  async function courseOf(learners: number, columns: number) {
    const c = await createCourse({ titulo: `Grande ${learners}` });
    const stamp = `${learners}-${Date.now()}`;
    await prisma.user.createMany({
      data: Array.from({ length: learners }, (_, i) => ({
        nombre: "P",
        apellido: `${i}`,
        correo: `p${i}-${stamp}@test.cl`,
        rol: "estudiante",
        passwordHash: "x",
      })),
    });
    const users = await prisma.user.findMany({ where: { correo: { endsWith: `-${stamp}@test.cl` } } });
    await prisma.enrolment.createMany({ data: users.map((u) => ({ userId: u.id, cursoId: c.id })) });
    for (let i = 0; i < columns; i++) {
      const col = await prisma.gradeColumn.create({ data: { cursoId: c.id, nombre: `C${i}`, posicion: i } });
      await prisma.manualGrade.createMany({ data: users.map((u) => ({ columnaId: col.id, userId: u.id, nota: 55 })) });
    }
    return c;
  }

  it("stays the same for 2 learners × 1 column and 50 × 10", async () => {
    const small = await courseOf(2, 1);
    const large = await courseOf(50, 10);
    const count = async (id: string) => {
      statements.length = 0;
      const gradebook = await getGradebook(id, { page: 1, size: 50 });
      expect(gradebook!.participantes[0]!.manuales.every((m) => m.nota === 5.5)).toBe(true);
      return statements.length;
    };
    expect(await count(large.id)).toBe(await count(small.id));
  });
});
