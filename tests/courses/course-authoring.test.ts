// @postgresql: the course's JSON columns (text in SQLite, jsonb in PostgreSQL)
// Course authoring through the API (POST/PUT /api/cursos), the create page and the editor:
// admin only, all-or-nothing, files on disk follow the rows.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as M from "~/features/authoring/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { storagePath, uploadsDir } from "~/lib/storage.server.ts";
import * as createApi from "~/routes/api/cursos.create.ts";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as participantsApi from "~/routes/api/cursos.participants.ts";
import * as publishApi from "~/routes/api/cursos.publish.ts";
import * as newPage from "~/routes/docente/course-new.tsx";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as filesRoute from "~/routes/docente/course-files.ts";
import {
  PNG_1PX,
  args,
  createAttempt,
  createCourse,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  type Part,
  signedIn,
} from "../factories.ts";

const PNG = {
  bytes: PNG_1PX,
  name: "p.png",
  type: "image/png",
};
const pdf = (name: string) => ({ bytes: new TextEncoder().encode(`%PDF-1.4\n% ${name}\n%%EOF\n`), name });
const TEXT = { bytes: new TextEncoder().encode("no soy un pdf"), name: "falso.pdf" };

function storedFiles(area: string) {
  const dir = path.join(uploadsDir(), area);
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

const fields = {
  titulo: "Curso por API",
  bienvenida: "Hola",
  duracionHoras: "6",
  dirigidoA: "estudiante",
  fechaInicio: "2027-01-10",
  fechaTermino: "2027-02-10",
  herramientas: JSON.stringify(["Planilla", " planilla ", ""]),
  loAprenderan: JSON.stringify(["Ordenar"]),
  exigencia: "60",
};
const modules = [
  {
    titulo: "Uno",
    descripcion: "d1",
    enlaces: [{ nombre: "Docs", url: "https://ejemplo.cl" }],
    quiz: { preguntas: [{ texto: "¿1+1?", opciones: ["1", "2"], respuestaCorrecta: 1 }] },
  },
  { titulo: "Dos", quiz: [] },
];

function createCall(parts: Array<[string, Part]>, token?: string) {
  return createApi.action(args(multipartRequest("/api/cursos", parts, { token })));
}

async function createByApi(token: string) {
  const parts: Array<[string, Part]> = [
    ...Object.entries(fields),
    ["modulos", JSON.stringify(modules)],
    ["imagen", PNG],
    ["archivosModulo_0", pdf("a.pdf")],
    ["archivosModulo_0", pdf("b.pdf")],
  ];
  const response = await createCall(parts, token);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await readJson(response)).id as string;
}

describe("POST /api/cursos", () => {
  it("creates a borrador with modules, links, questions and several files per module", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const course = await prisma.course.findUniqueOrThrow({
      where: { id },
      include: {
        modulos: {
          orderBy: { posicion: "asc" },
          include: {
            archivos: true,
            enlaces: true,
            preguntas: { include: { opciones: { orderBy: { posicion: "asc" } } } },
          },
        },
      },
    });
    expect(course.estado).toBe("borrador");
    expect(course.creadoPorId).toBe(admin.user.id);
    expect(course.herramientas).toEqual(["Planilla"]);
    expect(course.modulos.map((m) => m.titulo)).toEqual(["Uno", "Dos"]);
    expect(course.modulos[0]!.archivos.map((f) => f.nombre).sort()).toEqual(["a.pdf", "b.pdf"]);
    for (const f of course.modulos[0]!.archivos) expect(fs.existsSync(storagePath(f.storageKey))).toBe(true);
    expect(course.modulos[0]!.enlaces[0]).toMatchObject({ nombre: "Docs", url: "https://ejemplo.cl" });
    expect(course.modulos[0]!.preguntas[0]!.opciones.map((o) => o.correcta)).toEqual([false, true]);
    expect(fs.existsSync(storagePath(course.imagen!))).toBe(true);
    expect(await prisma.auditLog.count({ where: { action: "course.create", targetId: id } })).toBe(1);
  });

  it("answers 400 with the documented messages and leaves no file behind", async () => {
    const admin = await signedIn("admin");
    const before = [storedFiles("courses"), storedFiles("modules")];
    const courses = await prisma.course.count();
    const cases: Array<[Array<[string, Part]>, string]> = [
      [[...Object.entries({ ...fields, titulo: " " }), ["imagen", PNG]], M.TITLE_REQUIRED],
      [[...Object.entries({ ...fields, duracionHoras: "-3" }), ["imagen", PNG]], M.DURATION_INVALID],
      [[...Object.entries(fields)], M.IMAGE_REQUIRED],
      [
        [...Object.entries({ ...fields, fechaInicio: "2027-05-01", fechaTermino: "2027-04-01" }), ["imagen", PNG]],
        M.DATES_ORDER,
      ],
      [
        [
          ...Object.entries(fields),
          ["imagen", PNG],
          ["modulos", JSON.stringify([{ titulo: "M", quiz: [{ texto: "P", opciones: ["a"], respuestaCorrecta: 0 }] }])],
          ["archivosModulo_0", pdf("a.pdf")],
        ],
        `Módulo 1: Pregunta 1: ${M.MIN_OPTIONS}`,
      ],
      [
        [
          ...Object.entries(fields),
          ["imagen", PNG],
          ["modulos", JSON.stringify([{ titulo: "M" }])],
          ["archivosModulo_0", TEXT],
        ],
        "Solo se permite subir archivos PDF.",
      ],
      [
        [...Object.entries(fields), ["imagen", { ...TEXT, name: "x.png" }]],
        "El archivo debe ser una imagen JPEG, PNG o WebP.",
      ],
      [
        [...Object.entries(fields), ["imagen", PNG], ["modulos", "[]"], ["archivosModulo_3", pdf("x.pdf")]],
        "Se enviaron archivos para el módulo 4, que no está en la lista.",
      ],
      [
        [...Object.entries(fields), ["imagen", PNG], ["archivosModulo_0", pdf("x.pdf")]],
        "Se enviaron archivos para el módulo 1, que no está en la lista.",
      ],
    ];
    for (const [parts, message] of cases) {
      const response = await createCall(parts, admin.token);
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ error: message });
    }
    expect(await prisma.course.count()).toBe(courses);
    expect([storedFiles("courses"), storedFiles("modules")]).toEqual(before);
  });

  it("accepts a minimal course (no dates, no lists, no modules)", async () => {
    const admin = await signedIn("admin");
    const response = await createCall(
      [
        ["titulo", "Mínimo"],
        ["duracionHoras", "0"],
        ["imagen", PNG],
      ],
      admin.token,
    );
    expect(response.status).toBe(201);
    const course = await prisma.course.findUniqueOrThrow({ where: { id: (await readJson(response)).id as string } });
    expect(course).toMatchObject({ dirigidoA: "comunidad", herramientas: [], fechaInicio: null, duracionHoras: 0 });
  });
});

describe("PUT /api/cursos/{cursoId}", () => {
  it("updates fields and modules in place: ids kept, files kept or dropped as listed, new files added", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const [uno, dos] = await prisma.module.findMany({
      where: { cursoId: id },
      orderBy: { posicion: "asc" },
      include: { archivos: { orderBy: { nombre: "asc" } } },
    });
    const [a, b] = uno!.archivos;
    const oldImage = (await prisma.course.findUniqueOrThrow({ where: { id } })).imagen!;
    const student = await createUser({ rol: "estudiante" });
    await prisma.enrolment.create({ data: { userId: student.id, cursoId: id, progreso: 100 } });
    await createAttempt(student.id, uno!);

    const put = (parts: Array<[string, Part]>, token = admin.token) =>
      detailApi.action(args(multipartRequest(`/api/cursos/${id}`, parts, { token, method: "PUT" }), { cursoId: id }));
    const newModules = [
      {
        id: dos!.id,
        titulo: "Dos (primero)",
        quiz: [{ texto: "¿Nuevo?", opciones: ["sí", "no"], respuestaCorrecta: 0 }],
      },
      { id: uno!.id, titulo: "Uno renombrado", descripcion: "d1", archivosModulo: [`/cursos/${id}/archivos/${a!.id}`] },
      { titulo: "Tres" },
    ];
    const response = await put([
      ...Object.entries({ ...fields, titulo: "Curso editado", duracionHoras: "" }),
      ["modulos", JSON.stringify(newModules)],
      ["imagen", PNG],
      ["archivosModulo_2", pdf("c.pdf")],
    ]);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await readJson(response)).toMatchObject({ message: M.UPDATED });

    const course = await prisma.course.findUniqueOrThrow({
      where: { id },
      include: { modulos: { orderBy: { posicion: "asc" }, include: { archivos: true, preguntas: true } } },
    });
    expect(course.titulo).toBe("Curso editado");
    expect(course.duracionHoras).toBeNull();
    expect(course.modulos.map((m) => [m.id === dos!.id, m.id === uno!.id, m.titulo])).toEqual([
      [true, false, "Dos (primero)"],
      [false, true, "Uno renombrado"],
      [false, false, "Tres"],
    ]);
    expect(course.modulos[1]!.archivos.map((f) => f.id)).toEqual([a!.id]);
    expect(course.modulos[1]!.preguntas).toHaveLength(1); // quiz not sent: kept
    expect(course.modulos[2]!.archivos.map((f) => f.nombre)).toEqual(["c.pdf"]);
    expect(fs.existsSync(storagePath(b!.storageKey))).toBe(false);
    expect(fs.existsSync(storagePath(a!.storageKey))).toBe(true);
    expect(fs.existsSync(storagePath(oldImage))).toBe(false);
    expect(fs.existsSync(storagePath(course.imagen!))).toBe(true);
    // Module "Dos" now has a quiz the student has not passed: progress is recomputed (1 of 2).
    expect((await prisma.enrolment.findFirstOrThrow({ where: { userId: student.id, cursoId: id } })).progreso).toBe(50);
  });

  it("changes nothing when any part is refused, and removes the files it stored", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const snapshot = async () =>
      JSON.stringify(
        await prisma.course.findUniqueOrThrow({
          where: { id },
          include: { modulos: { include: { archivos: true, preguntas: { include: { opciones: true } } } } },
        }),
      );
    const before = await snapshot();
    const files = [storedFiles("courses"), storedFiles("modules")];
    const response = await detailApi.action(
      args(
        multipartRequest(
          `/api/cursos/${id}`,
          [
            ...Object.entries({ ...fields, titulo: "No debe guardarse" }),
            [
              "modulos",
              JSON.stringify([{ titulo: "Bien" }, { titulo: "Mal", quiz: [{ texto: "P", opciones: ["a", "b"] }] }]),
            ],
            ["imagen", PNG],
            ["archivosModulo_0", pdf("z.pdf")],
          ],
          { token: admin.token, method: "PUT" },
        ),
        { cursoId: id },
      ),
    );
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: `Módulo 2: Pregunta 1: ${M.ONE_CORRECT}` });
    expect(await snapshot()).toBe(before);
    expect([storedFiles("courses"), storedFiles("modules")]).toEqual(files);

    const orphan = await detailApi.action(
      args(
        multipartRequest(`/api/cursos/${id}`, [...Object.entries(fields), ["archivosModulo_0", pdf("y.pdf")]], {
          token: admin.token,
          method: "PUT",
        }),
        { cursoId: id },
      ),
    );
    expect(await readJson(orphan)).toEqual({
      error: "Se enviaron archivos para el módulo 1, que no está en la lista.",
    });
    expect(await snapshot()).toBe(before);

    const missing = await detailApi.action(
      args(
        multipartRequest(`/api/cursos/nope`, [...Object.entries(fields), ["imagen", PNG]], {
          token: admin.token,
          method: "PUT",
        }),
        { cursoId: "nope" },
      ),
    );
    expect(missing.status).toBe(404);
    expect([storedFiles("courses"), storedFiles("modules")]).toEqual(files);
  });

  it("a course read with GET can be sent back as it is: nothing is lost", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const snapshot = async () =>
      JSON.stringify(
        await prisma.course.findUniqueOrThrow({
          where: { id },
          select: {
            modulos: {
              orderBy: { posicion: "asc" },
              select: {
                id: true,
                titulo: true,
                archivos: { select: { id: true } },
                enlaces: { select: { nombre: true, url: true } },
                preguntas: {
                  orderBy: { posicion: "asc" },
                  select: {
                    id: true,
                    texto: true,
                    opciones: { orderBy: { posicion: "asc" }, select: { texto: true, correcta: true } },
                  },
                },
              },
            },
          },
        }),
      );
    const before = await snapshot();
    const read = await readJson(
      await detailApi.loader(
        args(jsonRequest(`/api/cursos/${id}`, null, { method: "GET", token: admin.token }), { cursoId: id }),
      ),
    );
    // The author sees the quiz with its answers; a learner never does (tests/courses/catalog.test.ts).
    const quiz = (
      read.modulos as Array<{
        quiz: { preguntas: Array<{ id: string; respuestaCorrecta: number; opciones: Array<{ correcta: boolean }> }> };
      }>
    )[0]!.quiz;
    expect(quiz.preguntas).toHaveLength(1);
    expect(quiz.preguntas[0]).toMatchObject({
      respuestaCorrecta: 1,
      opciones: [{ correcta: false }, { correcta: true }],
    });
    const student = await signedIn("estudiante");
    const learner = JSON.stringify(
      await readJson(
        await detailApi.loader(
          args(jsonRequest(`/api/cursos/${id}`, null, { method: "GET", token: student.token }), { cursoId: id }),
        ),
      ),
    );
    expect(learner).not.toMatch(/correcta|respuestaCorrecta|"quiz"/);
    const response = await detailApi.action(
      args(
        multipartRequest(`/api/cursos/${id}`, [...Object.entries(fields), ["modulos", JSON.stringify(read.modulos)]], {
          token: admin.token,
          method: "PUT",
        }),
        { cursoId: id },
      ),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await snapshot()).toBe(before);

    // A question edited through the API keeps its id (and the answers that point at it).
    const modules = read.modulos as Array<{
      quiz: { preguntas: Array<{ id: string; texto: string; opciones: Array<{ texto: string; correcta: boolean }> }> };
    }>;
    const q = modules[0]!.quiz.preguntas[0]!;
    modules[0]!.quiz.preguntas = [
      {
        ...q,
        texto: "¿Uno más uno?",
        opciones: [
          { texto: "2", correcta: true },
          { texto: "3", correcta: false },
        ],
      },
      {
        id: "inventado",
        texto: "¿Nueva?",
        opciones: [
          { texto: "sí", correcta: true },
          { texto: "no", correcta: false },
        ],
      },
    ];
    const edited = await detailApi.action(
      args(
        multipartRequest(`/api/cursos/${id}`, [...Object.entries(fields), ["modulos", JSON.stringify(modules)]], {
          token: admin.token,
          method: "PUT",
        }),
        { cursoId: id },
      ),
    );
    expect(edited.status).toBe(200);
    const after = await prisma.quizQuestion.findMany({
      where: { modulo: { cursoId: id } },
      orderBy: { posicion: "asc" },
      include: { opciones: { orderBy: { posicion: "asc" } } },
    });
    expect(after.map((x) => [x.id === q.id, x.texto])).toEqual([
      [true, "¿Uno más uno?"],
      [false, "¿Nueva?"],
    ]);
    expect(after[0]!.opciones.map((o) => [o.texto, o.correcta])).toEqual([
      ["2", true],
      ["3", false],
    ]);
  });

  it("accepts a JSON body too (fields only)", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const response = await detailApi.action(
      args(
        jsonRequest(
          `/api/cursos/${id}`,
          { ...fields, titulo: "Por JSON", fechaInicio: { seconds: 1_800_000_000 } },
          { method: "PUT", token: admin.token },
        ),
        { cursoId: id },
      ),
    );
    expect(response.status).toBe(200);
    const course = await prisma.course.findUniqueOrThrow({ where: { id }, include: { modulos: true } });
    expect(course.titulo).toBe("Por JSON");
    expect(course.fechaInicio?.toISOString()).toBe("2027-01-15T12:00:00.000Z");
    expect(course.modulos).toHaveLength(2);
  });
});

describe("PUT replaces the whole course, PATCH only the fields sent", () => {
  /** A course whose every field differs from its default. */
  async function fullCourse(token: string) {
    const id = await createByApi(token);
    await prisma.course.update({ where: { id }, data: { exigencia: 70 } });
    return id;
  }
  const stored = (id: string) =>
    prisma.course.findUniqueOrThrow({
      where: { id },
      select: {
        titulo: true,
        bienvenida: true,
        duracionHoras: true,
        dirigidoA: true,
        fechaInicio: true,
        fechaTermino: true,
        herramientas: true,
        loAprenderan: true,
        exigencia: true,
      },
    });
  const send = (id: string, method: "PUT" | "PATCH", body: Record<string, unknown>, token: string) =>
    detailApi.action(args(jsonRequest(`/api/cursos/${id}`, body, { method, token }), { cursoId: id }));

  it("a PUT that leaves fields out is a 400 naming them, and changes nothing (no field reset to a default)", async () => {
    const admin = await signedIn("admin");
    const id = await fullCourse(admin.token);
    const before = await stored(id);
    expect(before).toMatchObject({ dirigidoA: "estudiante", bienvenida: "Hola", duracionHoras: 6, exigencia: 70 });

    const onlyTitle = await send(id, "PUT", { titulo: "Solo el título" }, admin.token);
    expect(onlyTitle.status).toBe(400);
    const refused = await readJson(onlyTitle);
    expect(refused).toEqual({
      error: M.FIELDS_MISSING([
        "bienvenida",
        "duracionHoras",
        "dirigidoA",
        "fechaInicio",
        "fechaTermino",
        "herramientas",
        "loAprenderan",
        "exigencia",
      ]),
    });
    expect(refused.error).toMatch(/^Faltan los campos bienvenida, duracionHoras, .*usa PATCH\.$/);
    expect(await stored(id)).toEqual(before);

    // Multipart too; one field left out is named alone.
    const { exigencia: _left, ...allButOne } = fields;
    const multipart = await detailApi.action(
      args(multipartRequest(`/api/cursos/${id}`, allButOne, { token: admin.token, method: "PUT" }), { cursoId: id }),
    );
    expect(multipart.status).toBe(400);
    const one = (await readJson(multipart)).error;
    expect(one).toBe(M.FIELDS_MISSING(["exigencia"]));
    expect(one).toMatch(/^Falta el campo exigencia: /);
    expect(await stored(id)).toEqual(before);

    // Every field sent, some of them blank on purpose (null or empty): those are cleared.
    const whole = await send(
      id,
      "PUT",
      { ...fields, bienvenida: "", duracionHoras: null, fechaInicio: null, fechaTermino: "", herramientas: [] },
      admin.token,
    );
    expect(whole.status, await whole.clone().text()).toBe(200);
    expect(await stored(id)).toEqual({
      ...before,
      bienvenida: "",
      duracionHoras: null,
      fechaInicio: null,
      fechaTermino: null,
      herramientas: [],
      exigencia: 60,
    });
  });

  it("PATCH changes only the fields sent, under the same rules as PUT, and keeps the modules", async () => {
    const admin = await signedIn("admin");
    const id = await fullCourse(admin.token);
    const before = await stored(id);
    const modules = await prisma.module.count({ where: { cursoId: id } });

    const title = await send(id, "PATCH", { titulo: "  Solo el título  " }, admin.token);
    expect(title.status, await title.clone().text()).toBe(200);
    expect(await readJson(title)).toEqual({ message: M.UPDATED, id });
    expect(await stored(id)).toEqual({ ...before, titulo: "Solo el título" });
    expect(await prisma.module.count({ where: { cursoId: id } })).toBe(modules);
    // The catalog's title search follows the new title (the same write as PUT's).
    expect(await prisma.courseWord.count({ where: { courseId: id, word: "titulo" } })).toBe(1);

    // Numbers as JSON numbers, as PUT reads them.
    const numbers = await send(id, "PATCH", { exigencia: 65, duracionHoras: 12.5 }, admin.token);
    expect(numbers.status, await numbers.clone().text()).toBe(200);
    expect(await stored(id)).toMatchObject({ titulo: "Solo el título", exigencia: 65, duracionHoras: 12.5 });
    const now = await stored(id);

    // The rules: a start after the stored end, a bad exigencia, an empty title, an unknown audience.
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ fechaInicio: "2027-03-01" }, M.DATES_ORDER],
      [{ exigencia: 95 }, M.EXIGENCIA_INVALID],
      [{ titulo: " " }, M.TITLE_REQUIRED],
      [{ dirigidoA: "nadie" }, M.AUDIENCE_INVALID],
      [{ titulo: "Bien", duracionHoras: -1 }, M.DURATION_INVALID],
    ];
    for (const [body, error] of refusals) {
      const response = await send(id, "PATCH", body, admin.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await readJson(response), JSON.stringify(body)).toEqual({ error });
    }
    expect(await stored(id)).toEqual(now);

    // Both dates at once, in order: fine.
    const dates = await send(id, "PATCH", { fechaInicio: "2027-03-01", fechaTermino: "2027-04-01" }, admin.token);
    expect(dates.status).toBe(200);
    expect((await stored(id)).fechaTermino?.toISOString()).toBe("2027-04-01T12:00:00.000Z");

    // An unknown course: 404; the same guard as PUT (tests below: 401 and 403).
    expect((await send("nope", "PATCH", { titulo: "X" }, admin.token)).status).toBe(404);
  });
});

describe("every admin course call refuses non-admins and callers without a token", () => {
  it("POST (but by docentes), PUT, PATCH, publish, DELETE and participants (but by the course's team)", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const count = await prisma.course.count();
    const calls: Array<[string, (token?: string) => Promise<Response>]> = [
      ["POST /api/cursos", (token) => createCall([...Object.entries(fields), ["imagen", PNG]], token)],
      [
        "PUT /api/cursos/{cursoId}",
        (token) =>
          detailApi.action(
            args(
              multipartRequest(`/api/cursos/${id}`, [...Object.entries({ ...fields, titulo: "Intruso" })], {
                token,
                method: "PUT",
              }),
              { cursoId: id },
            ),
          ),
      ],
      [
        "PATCH /api/cursos/{cursoId}",
        (token) =>
          detailApi.action(
            args(jsonRequest(`/api/cursos/${id}`, { titulo: "Intruso" }, { method: "PATCH", token }), { cursoId: id }),
          ),
      ],
      [
        "PUT /api/cursos/{cursoId}/publicar",
        (token) =>
          publishApi.action(
            args(jsonRequest(`/api/cursos/${id}/publicar`, null, { method: "PUT", token }), { cursoId: id }),
          ),
      ],
      [
        "DELETE /api/cursos/{cursoId}",
        (token) =>
          detailApi.action(args(jsonRequest(`/api/cursos/${id}`, null, { method: "DELETE", token }), { cursoId: id })),
      ],
      [
        "GET /api/cursos/{cursoId}/participantes",
        (token) =>
          participantsApi.loader(
            args(jsonRequest(`/api/cursos/${id}/participantes`, null, { method: "GET", token }), { cursoId: id }),
          ),
      ],
    ];
    const others = await Promise.all(["estudiante", "docente", "comunidad"].map((rol) => signedIn(rol)));
    for (const [name, call] of calls) {
      expect((await call()).status, `${name} without a token`).toBe(401);
      // A docente may create a course of their own (docs/product.md#course-teams), not touch this one.
      for (const other of others) {
        if (name === "POST /api/cursos" && other.user.rol === "docente") continue;
        expect((await call(other.token)).status, `${name} as ${other.user.rol}`).toBe(403);
      }
    }
    expect(await prisma.course.count()).toBe(count);
    expect(await prisma.course.findUniqueOrThrow({ where: { id } })).toMatchObject({
      titulo: "Curso por API",
      estado: "borrador",
    });
  });

  it("the create page, the editor and its upload route send non-admins away", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const student = await signedIn("estudiante");
    for (const run of [
      () => newPage.loader(args(getRequest("/docente/cursos/nuevo", student.cookie))),
      () =>
        newPage.action(
          args(
            multipartRequest("/docente/cursos/nuevo", [...Object.entries(fields), ["imagen", PNG]], {
              cookie: student.cookie,
            }),
          ),
        ),
      () => editPage.loader(args(getRequest(`/docente/cursos/${id}/editar`, student.cookie), { cursoId: id })),
      () =>
        editPage.action(
          args(
            formRequest(
              `/docente/cursos/${id}/editar`,
              { intent: "add-module", titulo: "X" },
              { cookie: student.cookie },
            ),
            { cursoId: id },
          ),
        ),
      () =>
        filesRoute.action(
          args(
            multipartRequest(`/docente/cursos/${id}/editar/archivos`, [["archivos", pdf("x.pdf")]], {
              cookie: student.cookie,
            }),
            { cursoId: id },
          ),
        ),
      () => editPage.loader(args(getRequest(`/docente/cursos/${id}/editar`), { cursoId: id })),
    ]) {
      const response = await run().then(
        (r) => r,
        (e: unknown) => e,
      );
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(302);
      expect((response as Response).headers.get("Location")).toMatch(/^\/(login|\?|$)/);
    }
    expect(await prisma.module.count({ where: { cursoId: id, titulo: "X" } })).toBe(0);
  });
});

describe("the editor's forms", () => {
  async function setup() {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const post = (fieldsIn: Record<string, string>) =>
      editPage.action(
        args(formRequest(`/docente/cursos/${id}/editar`, fieldsIn, { cookie: admin.cookie }), { cursoId: id }),
      );
    const mod = await prisma.module.findFirstOrThrow({ where: { cursoId: id, posicion: 0 } });
    return { admin, id, post, mod };
  }

  it("the create page redirects to the editor; a refused form comes back with its values", async () => {
    const admin = await signedIn("admin");
    const refused = dataOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
      await newPage.action(
        args(
          multipartRequest("/docente/cursos/nuevo", Object.entries({ ...fields, herramientas: "Uno\nDos" }), {
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.imagen).toEqual([M.IMAGE_REQUIRED]);
    expect(refused.data.result.initialValue).toMatchObject({ titulo: "Curso por API", dirigidoA: "estudiante" });
    expect(refused.data.result.initialValue.herramientas).toMatch(/^Uno\r?\nDos$/);

    const created = (await newPage.action(
      args(
        multipartRequest("/docente/cursos/nuevo", [...Object.entries(fields), ["imagen", PNG]], {
          cookie: admin.cookie,
        }),
      ),
    )) as Response;
    expect(created.status).toBe(302);
    const id = /\/docente\/cursos\/(.+)\/editar$/.exec(created.headers.get("Location")!)![1]!;
    expect(await prisma.course.findUniqueOrThrow({ where: { id } })).toMatchObject({
      estado: "borrador",
      titulo: "Curso por API",
    });
  });

  it("publishes from the editor", async () => {
    const { post, id } = await setup();
    expect(((await post({ intent: "publish" })) as Response).status).toBe(302);
    expect((await prisma.course.findUniqueOrThrow({ where: { id } })).estado).toBe("publicado");
  });

  it("a question draft is returned unsaved; saving applies the rules", async () => {
    const { admin, mod } = await setup();
    const base = { moduloId: mod.id, formId: "f", texto: "¿Capital de Chile?", correcta: "2" };
    const questions = await prisma.quizQuestion.count({ where: { moduloId: mod.id } });
    // Options repeat the same field name, as the browser sends them.
    const send = (extra: Record<string, string>, opciones: string[]) => {
      const body = new URLSearchParams({ ...base, ...extra });
      for (const o of opciones) body.append("opcion", o);
      const headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:3000",
        Host: "localhost:3000",
        Cookie: admin.cookie,
      };
      return editPage.action(
        args(
          new Request(`http://localhost:3000/docente/cursos/${mod.cursoId}/editar`, { method: "POST", headers, body }),
          { cursoId: mod.cursoId },
        ),
      );
    };

    const removed = dataOf<{ draft: { opciones: Array<{ texto: string; correcta: boolean }> }; errors: string[] }>(
      await send({ intent: "remove-option:2" }, ["Lima", "Santiago", "Quito"]),
    );
    expect(removed.data.draft.opciones).toEqual([
      { texto: "Lima", correcta: true },
      { texto: "Santiago", correcta: false },
    ]);
    const refused = dataOf<{ errors: string[] }>(await send({ intent: "save-question", correcta: "" }, ["Lima", ""]));
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual([M.OPTIONS_REQUIRED, M.ONE_CORRECT]);
    expect(await prisma.quizQuestion.count({ where: { moduloId: mod.id } })).toBe(questions);

    const saved = (await send({ intent: "save-question", correcta: "1" }, ["Lima", "Santiago"])) as Response;
    expect(saved.status).toBe(302);
    const q = await prisma.quizQuestion.findFirstOrThrow({
      where: { moduloId: mod.id, texto: "¿Capital de Chile?" },
      include: { opciones: { orderBy: { posicion: "asc" } } },
    });
    expect(q.opciones.map((o) => [o.texto, o.correcta])).toEqual([
      ["Lima", false],
      ["Santiago", true],
    ]);
  });

  it("modules: add, refuse an empty title, move, delete (files removed from disk); links validated", async () => {
    const { post, id, mod } = await setup();
    const refused = dataOf<{ errors: Record<string, string[]>; values: Record<string, string> }>(
      await post({ intent: "add-module", titulo: " ", descripcion: "guardada" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors.titulo).toEqual([M.MODULE_TITLE_REQUIRED]);
    expect(refused.data.values.descripcion).toBe("guardada");

    expect(((await post({ intent: "add-module", titulo: "Cuatro" })) as Response).status).toBe(302);
    const order = async () =>
      (await prisma.module.findMany({ where: { cursoId: id }, orderBy: { posicion: "asc" } })).map((m) => m.titulo);
    expect(await order()).toEqual(["Uno", "Dos", "Cuatro"]);
    await post({ intent: "move-down", moduloId: mod.id });
    expect(await order()).toEqual(["Dos", "Uno", "Cuatro"]);

    const questionOrder = async () =>
      (await prisma.quizQuestion.findMany({ where: { moduloId: mod.id }, orderBy: { posicion: "asc" } })).map(
        (q) => q.texto,
      );
    const first = await prisma.quizQuestion.findFirstOrThrow({ where: { moduloId: mod.id } });
    await prisma.quizQuestion.create({ data: { moduloId: mod.id, posicion: 1, texto: "Segunda" } });
    expect(await questionOrder()).toEqual(["¿1+1?", "Segunda"]);
    await post({ intent: "question-down", preguntaId: first.id, moduloId: mod.id });
    expect(await questionOrder()).toEqual(["Segunda", "¿1+1?"]);
    await post({ intent: "question-down", preguntaId: first.id, moduloId: mod.id }); // already last
    expect(await questionOrder()).toEqual(["Segunda", "¿1+1?"]);
    const other = await signedIn("admin");
    const foreign = await createCourse({ titulo: "Otro", estado: "borrador" });
    const wrongCourse = (await editPage.action(
      args(
        formRequest(
          `/docente/cursos/${foreign.id}/editar`,
          { intent: "question-up", preguntaId: first.id },
          { cookie: other.cookie },
        ),
        { cursoId: foreign.id },
      ),
    )) as Response;
    expect(wrongCourse.status).toBe(302);
    expect(await questionOrder()).toEqual(["Segunda", "¿1+1?"]);

    const badLink = dataOf<{ errors: Record<string, string[]> }>(
      await post({ intent: "add-link", moduloId: mod.id, nombre: "x", url: "javascript:alert(1)" }),
    );
    expect(badLink.data.errors.url).toEqual([M.LINK_URL_INVALID]);

    const keys = (await prisma.moduleFile.findMany({ where: { moduloId: mod.id } })).map((f) => f.storageKey);
    expect(keys).toHaveLength(2);
    expect(((await post({ intent: "delete", moduloId: mod.id })) as Response).status).toBe(302);
    expect(await order()).toEqual(["Dos", "Cuatro"]);
    for (const key of keys) expect(fs.existsSync(storagePath(key))).toBe(false);
    expect(
      (await prisma.module.findMany({ where: { cursoId: id }, orderBy: { posicion: "asc" } })).map((m) => m.posicion),
    ).toEqual([0, 1]);
  });

  it("module files: several PDFs at once as JSON for the progress bar; a fake PDF is refused and not stored", async () => {
    const { admin, id, mod } = await setup();
    const upload = (parts: Array<[string, Part]>) =>
      filesRoute.action(
        args(
          multipartRequest(`/docente/cursos/${id}/editar/archivos`, parts, {
            cookie: admin.cookie,
            accept: "application/json",
          }),
          { cursoId: id },
        ),
      );
    const files = storedFiles("modules");
    const bad = await upload([
      ["moduloId", mod.id],
      ["archivos", pdf("ok.pdf")],
      ["archivos", TEXT],
    ]);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ error: "Solo se permite subir archivos PDF." });
    expect(storedFiles("modules")).toBe(files);

    const none = await upload([["moduloId", mod.id]]);
    expect(await readJson(none)).toEqual({ error: M.FILES_REQUIRED });

    const good = await upload([
      ["moduloId", mod.id],
      ["archivos", pdf("x.pdf")],
      ["archivos", pdf("y.pdf")],
    ]);
    expect(good.status).toBe(200);
    expect(await readJson(good)).toEqual({ message: "2 archivos agregados." });
    expect(await prisma.moduleFile.count({ where: { moduloId: mod.id } })).toBe(4);

    const student = await signedIn("estudiante");
    const forbidden = await filesRoute.action(
      args(
        multipartRequest(
          `/docente/cursos/${id}/editar/archivos`,
          [
            ["moduloId", mod.id],
            ["archivos", pdf("z.pdf")],
          ],
          { cookie: student.cookie, accept: "application/json" },
        ),
        { cursoId: id },
      ),
    );
    expect(forbidden.status).toBe(401);
    expect(await readJson(forbidden)).toEqual({ error: M.UNAUTHORIZED_AGAIN });

    const wrongCourse = await filesRoute.action(
      args(
        multipartRequest(
          `/docente/cursos/otro/editar/archivos`,
          [
            ["moduloId", mod.id],
            ["archivos", pdf("z.pdf")],
          ],
          { cookie: admin.cookie, accept: "application/json" },
        ),
        { cursoId: "otro" },
      ),
    );
    expect(wrongCourse.status).toBe(404);
    expect(storedFiles("modules")).toBe(files + 2);
  });
});

describe("the course's exigencia (docs/product.md#course-editor)", () => {
  const exigenciaOf = async (id: string) =>
    (await prisma.course.findUniqueOrThrow({ where: { id }, select: { exigencia: true } })).exigencia;

  it("the editor's course form: shown, saved, and a bad value refused with the typed values kept", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const editor = async () =>
      (await editPage.loader(args(getRequest(`/docente/cursos/${id}/editar`, admin.cookie), { cursoId: id }))).course
        .defaults;
    expect((await editor()).exigencia).toBe("60");
    const save = (exigencia: string) =>
      editPage.action(
        args(
          multipartRequest(
            `/docente/cursos/${id}/editar`,
            { intent: "update-course", ...fields, titulo: "Con exigencia", exigencia },
            { cookie: admin.cookie },
          ),
          { cursoId: id },
        ),
      );

    const saved = (await save("65")) as Response;
    expect(saved.status).toBe(302);
    expect(await exigenciaOf(id)).toBe(65);
    expect(await editor()).toMatchObject({ titulo: "Con exigencia", exigencia: "65" });

    for (const bad of ["35", "95", "60,5", "sesenta"]) {
      const refused = dataOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
        await save(bad),
      );
      expect(refused.status, bad).toBe(400);
      expect(refused.data.result.error.exigencia).toEqual([M.EXIGENCIA_INVALID]);
      expect(refused.data.result.initialValue).toMatchObject({ titulo: "Con exigencia", exigencia: bad });
    }
    expect(await exigenciaOf(id)).toBe(65);

    // Left empty: the default.
    expect(((await save("")) as Response).status).toBe(302);
    expect(await exigenciaOf(id)).toBe(70);
  });

  it("the create page stores it", async () => {
    const admin = await signedIn("admin");
    const created = (await newPage.action(
      args(
        multipartRequest(
          "/docente/cursos/nuevo",
          [...Object.entries({ ...fields, exigencia: "70" }), ["imagen", PNG]],
          {
            cookie: admin.cookie,
          },
        ),
      ),
    )) as Response;
    expect(created.status).toBe(302);
    const id = /\/docente\/cursos\/(.+)\/editar$/.exec(created.headers.get("Location")!)![1]!;
    expect(await exigenciaOf(id)).toBe(70);
  });

  it("the API: POST and PUT (multipart and JSON) read it, GET shows it to admins only", async () => {
    const admin = await signedIn("admin");
    const student = await signedIn("estudiante");
    const created = await createCall([...Object.entries({ ...fields, exigencia: "55" }), ["imagen", PNG]], admin.token);
    expect(created.status, await created.clone().text()).toBe(201);
    const id = (await readJson(created)).id as string;
    expect(await exigenciaOf(id)).toBe(55);

    await prisma.course.update({ where: { id }, data: { estado: "publicado" } });
    const get = async (token?: string) =>
      readJson(
        await detailApi.loader(args(jsonRequest(`/api/cursos/${id}`, null, { method: "GET", token }), { cursoId: id })),
      );
    expect((await get(admin.token)).exigencia).toBe(55);
    expect(await get(student.token)).not.toHaveProperty("exigencia");
    expect(await get()).not.toHaveProperty("exigencia");

    const put = (body: Record<string, unknown>) =>
      detailApi.action(
        args(jsonRequest(`/api/cursos/${id}`, body, { method: "PUT", token: admin.token }), { cursoId: id }),
      );
    expect((await put({ ...fields, exigencia: 70 })).status).toBe(200);
    expect(await exigenciaOf(id)).toBe(70);
    for (const bad of [95, 39, 60.5, "alta", true]) {
      const refused = await put({ ...fields, exigencia: bad });
      expect([refused.status, await readJson(refused)], String(bad)).toEqual([400, { error: M.EXIGENCIA_INVALID }]);
    }
    expect(await exigenciaOf(id)).toBe(70);

    const multipart = await detailApi.action(
      args(
        multipartRequest(`/api/cursos/${id}`, { ...fields, exigencia: "50 %" }, { token: admin.token, method: "PUT" }),
        { cursoId: id },
      ),
    );
    expect(multipart.status).toBe(200);
    expect(await exigenciaOf(id)).toBe(50);

    // PUT replaces the fields: one left out takes its empty value, here the default.
    expect((await put(fields)).status).toBe(200);
    expect(await exigenciaOf(id)).toBe(60);
    // What GET answered, sent back, keeps it.
    await prisma.course.update({ where: { id }, data: { exigencia: 85 } });
    const read = await get(admin.token);
    expect((await put({ ...fields, exigencia: read.exigencia })).status).toBe(200);
    expect(await exigenciaOf(id)).toBe(85);
  });

  it("is fixed once a quiz of the course has an attempt: the editor and the API refuse a change with 409", async () => {
    const admin = await signedIn("admin");
    const id = await createByApi(admin.token);
    const module = await prisma.module.findFirstOrThrow({
      where: { cursoId: id },
      select: { id: true, cursoId: true },
    });
    const learner = await createUser({ rol: "estudiante" });
    await createAttempt(learner.id, module, { porcentaje: 65, aprobado: false });
    const put = (exigencia: number) =>
      detailApi.action(
        args(jsonRequest(`/api/cursos/${id}`, { ...fields, exigencia }, { method: "PUT", token: admin.token }), {
          cursoId: id,
        }),
      );
    const refused = await put(75);
    expect([refused.status, await readJson(refused)]).toEqual([409, { error: M.EXIGENCIA_LOCKED }]);
    const form = dataOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
      await editPage.action(
        args(
          multipartRequest(
            `/docente/cursos/${id}/editar`,
            { intent: "update-course", ...fields, exigencia: "75" },
            { cookie: admin.cookie },
          ),
          { cursoId: id },
        ),
      ),
    );
    expect(form.status).toBe(409);
    expect(form.data.result.error.exigencia).toEqual([M.EXIGENCIA_LOCKED]);
    expect(form.data.result.initialValue).toMatchObject({ exigencia: "75" });
    expect(await exigenciaOf(id)).toBe(60);
    // The same exigencia, and the other fields, still save.
    expect((await put(60)).status).toBe(200);
  });
});
