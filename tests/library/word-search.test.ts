// @postgresql: search: word tables and their raw SQL
// Search that finds what people type (docs/decisions/009-flat-cost-at-scale.md):
// the admin's Registros and course table and the learners' catalog search whole words anywhere
// in the name, e-mail, title, welcome text, tools and what learners will learn, folded like the
// stored text, on the word indexes (UserWord, CourseWord); learners only ever find what they may
// see; the words follow every write (registration, rectification, an e-mail change, deletion,
// the course editor); older rows are filled at start.
import { describe, expect, it } from "vitest";
import { backfillCourseWords, listAdminCourses } from "~/features/courses/admin-courses.server.ts";
import { createCourse, updateCourse } from "~/features/authoring/whole-course.server.ts";
import type { CourseFields } from "~/features/authoring/schema.ts";
import { courseListJson } from "~/features/courses/course-json.ts";
import { COURSES_PAGE_SIZE, listCourses } from "~/features/courses/courses.server.ts";
import { courseSearchSummary } from "~/features/courses/texts.ts";
import { courseTitleFields, courseWordsUpdate } from "~/features/courses/title-search.ts";
import { deleteUser } from "~/features/privacy/account-deletion.server.ts";
import { updateProfile } from "~/features/profile/profile.server.ts";
import { backfillUserWords, listUsers } from "~/features/accounts/users.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { queryWords, searchWords } from "~/lib/search-text.ts";
import { COURSES } from "../../prisma/seed-catalog.ts";
import { COURSE_WORDS, countDense, DENSE_SEARCH, SEARCH_COUNT_CAP } from "~/features/search/word-search.server.ts";
import * as listApi from "~/routes/api/cursos.list.ts";
import * as audienceApi from "~/routes/api/cursos.audience.ts";
import * as listPage from "~/routes/courses/list.tsx";
import * as audiencePage from "~/routes/courses/audience.tsx";
import * as confirmEmail from "~/routes/auth/confirm-email.tsx";
import * as userProfile from "~/routes/user/profile.tsx";
import {
  args,
  createCourse as makeCourse,
  createUser,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  sessionCookie,
} from "../factories.ts";

const names = (list: { users: Array<{ nombre: string; apellido: string }> }) =>
  list.users.map((u) => `${u.nombre} ${u.apellido}`).sort();
const titles = (list: { courses: Array<{ titulo: string }> }) => list.courses.map((c) => c.titulo).sort();

const admin = { id: "admin", rol: "admin" as const };

describe("the words of a text and of a query", () => {
  it("fold accents and case, keep each word and its parts, and trim a query word's punctuation", () => {
    expect(searchWords("Sofía", "Núñez", "Sofia.Nunez@Escuela.cl")).toEqual([
      "sofia",
      "nunez",
      "sofia.nunez@escuela.cl",
      "nunez@escuela.cl",
      "escuela.cl",
      "cl",
    ]);
    expect(searchWords("Programación (Python)")).toEqual(["programacion", "(python)", "python)"]);
    expect(queryWords("  Núñez, SOFÍA  sofia ")).toEqual(["nunez", "sofia"]);
    expect(queryWords("sofia.nunez@")).toEqual(["sofia.nunez"]);
    expect(queryWords(" ¿? ")).toEqual([]);
  });
});

describe("Registros: whole words of the name, surname or e-mail, accents and case ignored", () => {
  it("'Sofía' and 'Núñez' find the people as 'sofia' does; several words must all match", async () => {
    await createUser({ nombre: "Sofía", apellido: "Núñez", correo: "sofia.nunez@escuela.cl" });
    await createUser({ nombre: "Sofia", apellido: "Rojas", correo: "srojas@correo.cl" });
    await createUser({ nombre: "Pedro", apellido: "Núñez Soto", correo: "pedro@escuela.cl" });
    await createUser({ nombre: "Ana", apellido: "Pérez", correo: "ana@otra.cl" });
    for (const q of ["Sofía", "sofia", "SOFIA", "sof"]) {
      expect(names(await listUsers({ q }))).toEqual(["Sofia Rojas", "Sofía Núñez"]);
    }
    expect(names(await listUsers({ q: "Núñez" }))).toEqual(["Pedro Núñez Soto", "Sofía Núñez"]);
    expect(names(await listUsers({ q: "nunez sofia" }))).toEqual(["Sofía Núñez"]);
    expect(names(await listUsers({ q: "soto" }))).toEqual(["Pedro Núñez Soto"]);
    // The address: whole, from its start, or any of its parts.
    expect(names(await listUsers({ q: "sofia.nunez@" }))).toEqual(["Sofía Núñez"]);
    expect(names(await listUsers({ q: "escuela.cl" }))).toEqual(["Pedro Núñez Soto", "Sofía Núñez"]);
    expect((await listUsers({ q: "nunez sofia" })).total).toBe(1);
    // Inside a word is not a word's start.
    expect((await listUsers({ q: "ofia" })).users).toEqual([]);
  });

  it("follows rectification, an admin's correction, a confirmed e-mail change and deletion", async () => {
    const user = await createUser({ nombre: "Marta", apellido: "Gómez", correo: "marta@antes.cl" });
    expect((await updateProfile(user, user.id, { apellido: "Íñiguez" })).ok).toBe(true);
    expect(names(await listUsers({ q: "iniguez" }))).toEqual(["Marta Íñiguez"]);
    expect((await listUsers({ q: "gomez" })).users).toEqual([]);

    expect((await updateProfile(admin, user.id, { correo: "marta@corregido.cl" })).ok).toBe(true);
    expect(names(await listUsers({ q: "corregido" }))).toEqual(["Marta Íñiguez"]);
    expect((await listUsers({ q: "antes" })).users).toEqual([]);

    // One's own new address: the words change when the link is followed, not before.
    const cookie = await sessionCookie(user);
    const asked = (await userProfile.action(
      args(multipartRequest("/user/profile", { correo: "marta@despues.cl" }, { cookie })),
    )) as Response;
    expect(asked.status).toBe(302);
    expect((await listUsers({ q: "despues" })).users).toEqual([]);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: "marta@despues.cl", kind: "email.confirm" } });
    const token = /confirmar-correo\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    await confirmEmail.action(args(formRequest(`/confirmar-correo/${token}`, {}), { token }));
    expect(names(await listUsers({ q: "despues" }))).toEqual(["Marta Íñiguez"]);
    expect((await listUsers({ q: "corregido" })).users).toEqual([]);

    const other = await createUser({ rol: "admin" });
    expect((await deleteUser(other, user.id, getRequest("/admin/records"))).ok).toBe(true);
    expect(await prisma.userWord.count({ where: { userId: user.id } })).toBe(0);
  });

  it("accounts written before the words existed are found once filled at start", async () => {
    const old = await prisma.user.create({
      data: { nombre: "Óscar", apellido: "Peña", correo: "oscar@viejo.cl", rol: "estudiante", passwordHash: "x" },
    });
    expect((await listUsers({ q: "oscar" })).users).toEqual([]);
    await backfillUserWords(1);
    await backfillUserWords(1); // nothing left: no duplicate words
    expect((await listUsers({ q: "Óscar pena" })).users.map((u) => u.id)).toEqual([old.id]);
  });

  it("many matches (every word common) page through the list's order; the count stops past SEARCH_COUNT_CAP", async () => {
    const when = Date.UTC(2031, 0, 1);
    const rows = Array.from({ length: DENSE_SEARCH + 3 }, (_, i) => ({
      id: `denseuser${String(i).padStart(5, "0")}`,
      nombre: "Comun",
      apellido: "Apellido",
      correo: `comun${i}@masivo.cl`,
      rol: "estudiante",
      passwordHash: "x",
      aprobado: i % 2 === 0,
      createdAt: new Date(when + i),
    }));
    await prisma.user.createMany({ data: rows });
    await backfillUserWords();
    const expected = await prisma.user.findMany({
      where: { nombre: "Comun" },
      orderBy: [{ aprobado: "asc" }, { correoConfirmado: "desc" }, { createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const first = await listUsers({ q: "comun masivo", pageSize: 25 });
    expect(rows.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false, pageCount: SEARCH_COUNT_CAP / 25 });
    expect(first.users.map((u) => u.id)).toEqual(expected.slice(0, 25).map((u) => u.id));
    const third = await listUsers({ q: "comun masivo", page: 3, pageSize: 25 });
    expect(third.users.map((u) => u.id)).toEqual(expected.slice(50, 75).map((u) => u.id));
  });
});

describe("the admin's course search: whole words anywhere, on the word index", () => {
  it("'programacion' finds 'Introducción a la programación'; the editor's writes rewrite the words", async () => {
    const image = { key: "courses/x.png", originalName: "x.png", contentType: "image/png", size: 1 };
    const fields: CourseFields = {
      titulo: "Introducción a la programación",
      bienvenida: "Bienvenida al curso.",
      duracionHoras: 10,
      dirigidoA: "estudiante",
      fechaInicio: null,
      fechaTermino: null,
      herramientas: ["Scratch"],
      loAprenderan: ["Pensamiento computacional"],
    } as CourseFields;
    const user = await createUser({ rol: "admin" });
    const { id } = await createCourse(user, { fields, image: image as never }, null);
    await makeCourse({ titulo: "Huertos urbanos" });
    for (const q of ["programacion", "Programación", "introduccion program", "scratch", "computacional"]) {
      expect(titles(await listAdminCourses({ q }))).toEqual(["Introducción a la programación"]);
    }
    expect((await listAdminCourses({ q: "programacion" })).total).toBe(1);

    const edited = { ...fields, titulo: "Robótica educativa", herramientas: ["Arduino"] } as CourseFields;
    expect((await updateCourse(user, id, { fields: edited }, null)).ok).toBe(true);
    expect((await listAdminCourses({ q: "programacion" })).courses).toEqual([]);
    expect((await listAdminCourses({ q: "scratch" })).courses).toEqual([]);
    expect(titles(await listAdminCourses({ q: "arduino educativa" }))).toEqual(["Robótica educativa"]);
  });
});

describe("the catalog search (/cursos?q=, the audience lists, GET /api/cursos/lista?q=)", () => {
  it("searches title, welcome text, tools and what learners will learn; learners never find drafts", async () => {
    await makeCourse({ titulo: "Programación creativa", bienvenida: "Aprende jugando.", dirigidoA: "estudiante" });
    await makeCourse({ titulo: "Huertos", herramientas: ["Pala"], loAprenderan: ["Compostaje en la escuela"] });
    await makeCourse({ titulo: "Programación avanzada", estado: "borrador" });
    await makeCourse({ titulo: "Didáctica de la programación", dirigidoA: "docente" });

    const learner = { id: "x", rol: "estudiante" as const };
    for (const viewer of [null, learner]) {
      expect(titles(await listCourses({ viewer, q: "PROGRAMACION" }))).toEqual([
        "Didáctica de la programación",
        "Programación creativa",
      ]);
      expect(titles(await listCourses({ viewer, q: "jugando" }))).toEqual(["Programación creativa"]);
      expect(titles(await listCourses({ viewer, q: "pala compost" }))).toEqual(["Huertos"]);
      expect((await listCourses({ viewer, q: "avanzada" })).courses).toEqual([]);
      expect((await listCourses({ viewer, q: "avanzada" })).total).toBe(0);
    }
    // Docentes and admins see drafts, in a search too.
    expect(titles(await listCourses({ viewer: { id: "d", rol: "docente" }, q: "avanzada" }))).toEqual([
      "Programación avanzada",
    ]);
    // An audience list: its own courses and the general ones.
    expect(titles(await listCourses({ viewer: null, audience: "estudiante", q: "programacion" }))).toEqual([
      "Programación creativa",
    ]);
    expect(titles(await listCourses({ viewer: null, audience: "docente", q: "escuela" }))).toEqual(["Huertos"]);

    // The pages and the API read ?q= the same way.
    const page = await listPage.loader(args(getRequest("/cursos?q=programaci%C3%B3n")));
    expect(page).toMatchObject({ q: "programación", total: 2 });
    const audience = await audiencePage.loader(
      args(getRequest("/cursos/dirigido/estudiante?q=creativa"), { tipo: "estudiante" }),
    );
    expect(audience).toMatchObject({ q: "creativa", total: 1 });
    const api = await listApi.loader(args(jsonRequest("/api/cursos/lista?q=avanzada", null, { method: "GET" })));
    expect(((await readJson(api)) as { cursos: unknown[] }).cursos).toEqual([]);
    const pub = await audienceApi.loader(
      args(jsonRequest("/api/cursos/publico/docente?q=didactica", null, { method: "GET" }), { tipo: "docente" }),
    );
    expect(((await readJson(pub)) as { cursos: Array<{ titulo: string }> }).cursos.map((c) => c.titulo)).toEqual([
      "Didáctica de la programación",
    ]);
  });

  it("follows a course published, moved to another audience and unpublished (the word rows' copies)", async () => {
    const course = await makeCourse({ titulo: "Cerámica mapuche", estado: "borrador" });
    const found = async (audience?: string) =>
      titles(await listCourses({ viewer: null, q: "ceramica", ...(audience ? { audience } : {}) }));
    expect(await found()).toEqual([]);
    await prisma.course.update({ where: { id: course.id }, data: { estado: "publicado", dirigidoA: "docente" } });
    expect(await found()).toEqual(["Cerámica mapuche"]);
    expect(await found("docente")).toEqual(["Cerámica mapuche"]);
    expect(await found("estudiante")).toEqual([]);
    const rows = await prisma.courseWord.findMany({ where: { courseId: course.id } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.estado === "publicado" && r.dirigidoA === "docente")).toBe(true);
    // The editor rewrites the words: the new rows take the course's current copies.
    await prisma.course.update({
      where: { id: course.id },
      data: {
        dirigidoA: "general",
        ...courseTitleFields("Cerámica y alfarería"),
        ...courseWordsUpdate({ titulo: "Cerámica y alfarería", bienvenida: "", herramientas: [], loAprenderan: [] }),
      },
    });
    expect(await found("estudiante")).toEqual(["Cerámica y alfarería"]);
    await prisma.course.update({ where: { id: course.id }, data: { estado: "borrador" } });
    expect(await found()).toEqual([]);
    expect(titles(await listCourses({ viewer: admin, q: "alfareria" }))).toEqual(["Cerámica y alfarería"]);
  });

  it("pages a search by cursors, forwards and backwards, and the Link header keeps the query", async () => {
    const base = Date.UTC(2031, 0, 1);
    for (let i = 0; i < COURSES_PAGE_SIZE * 2 + 3; i++) {
      // Several per instant: the cursor's id breaks the tie.
      await makeCourse({ titulo: `Taller de ciencias ${i}`, createdAt: new Date(base + Math.floor(i / 3) * 1000) });
    }
    await makeCourse({ titulo: "Otro tema" });
    const expected = await prisma.course.findMany({
      where: { titulo: { startsWith: "Taller" } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const pages = [await listCourses({ viewer: null, q: "ciencias taller" })];
    while (pages.at(-1)!.cursors.next) {
      const last = pages.at(-1)!;
      const cursor = cursorFrom(`http://x/?desde=${last.cursors.next}`);
      pages.push(await listCourses({ viewer: null, q: "ciencias taller", page: last.page + 1, cursor }));
    }
    expect(pages.flatMap((p) => p.courses.map((c) => c.id))).toEqual(expected.map((c) => c.id));
    expect(pages[0]!.total).toBe(expected.length);
    const back = await listCourses({
      viewer: null,
      q: "ciencias taller",
      page: 2,
      cursor: cursorFrom(`http://x/?antes=${pages[2]!.cursors.prev}`),
    });
    expect(back.courses.map((c) => c.id)).toEqual(pages[1]!.courses.map((c) => c.id));
    // A typed ?page=N gives the same rows.
    const typed = await listCourses({ viewer: null, q: "ciencias taller", page: 2 });
    expect(typed.courses.map((c) => c.id)).toEqual(pages[1]!.courses.map((c) => c.id));

    const response = await listApi.loader(
      args(jsonRequest("/api/cursos/lista?q=ciencias+taller", null, { method: "GET" })),
    );
    const next = /<([^>]+)>; rel="next"/.exec(response.headers.get("Link")!)![1]!;
    expect(next).toMatch(/^\/api\/cursos\/lista\?q=ciencias\+taller&page=2&desde=\d+_/);
  });

  it("'contraseñas seguras' on the demo catalog: the courses with every word first, then those with some", async () => {
    for (const { titulo, bienvenida, herramientas, loAprenderan, publicado, dirigidoA } of COURSES) {
      await makeCourse({
        titulo,
        bienvenida,
        herramientas,
        loAprenderan,
        dirigidoA,
        estado: publicado ? "publicado" : "borrador",
      });
    }
    const page = async (url: string) =>
      (await listPage.loader(args(getRequest(url)))) as unknown as {
        courses: Array<{ titulo: string }>;
        someWords: { courses: Array<{ titulo: string }>; total: number; more: boolean } | null;
        someMode: boolean;
      };
    // No demo course has both words: none with every word, then the one about passwords.
    const demo = await page("/cursos?q=contrase%C3%B1as+seguras");
    expect(demo.courses).toEqual([]);
    expect(titles(demo.someWords!)).toEqual(["Ciudadanía digital y seguridad en internet"]);
    // One with both comes first; a draft with one of them stays out of a visitor's second tier.
    await makeCourse({ titulo: "Rutas seguras al colegio" });
    await makeCourse({ titulo: "Contraseñas seguras en familia" });
    await makeCourse({ titulo: "Contraseñas del borrador", estado: "borrador" });
    const both = await page("/cursos?q=contrase%C3%B1as+seguras");
    expect(titles(both)).toEqual(["Contraseñas seguras en familia"]);
    expect(titles(both.someWords!)).toEqual(["Ciudadanía digital y seguridad en internet", "Rutas seguras al colegio"]);
    expect(both.someWords).toMatchObject({ total: 2, more: false });
    // ?alguna=1: the second tier as a list of its own (paged like any search), without the first.
    const some = await page("/cursos?q=contrase%C3%B1as+seguras&alguna=1");
    expect(some.someMode).toBe(true);
    expect(titles(some)).toEqual(["Ciudadanía digital y seguridad en internet", "Rutas seguras al colegio"]);
    expect(some.someWords).toBeNull();
    // A one-word search has no second tier; the API keeps every word.
    expect((await page("/cursos?q=seguras")).someWords).toBeNull();
    expect((await page("/cursos?q=seguras&alguna=1")).someMode).toBe(false);
    const api = await listApi.loader(
      args(jsonRequest("/api/cursos/lista?q=contrase%C3%B1as+seguras", null, { method: "GET" })),
    );
    expect(((await readJson(api)) as { cursos: Array<{ titulo: string }> }).cursos.map((c) => c.titulo)).toEqual([
      "Contraseñas seguras en familia",
    ]);
  });

  it("a word on more than DENSE_SEARCH courses walks the list's index: drafts left out, counted up to the cap", async () => {
    const when = Date.UTC(2032, 0, 1);
    const rows = Array.from({ length: DENSE_SEARCH + 200 }, (_, i) => ({
      id: `densecourse${String(i).padStart(5, "0")}`,
      ...courseTitleFields(`Curso masivo ${i}`),
      estado: i % 10 === 0 ? "borrador" : "publicado",
      dirigidoA: i % 2 === 0 ? "docente" : "general",
      herramientas: [],
      loAprenderan: [],
      createdAt: new Date(when + i),
    }));
    await prisma.course.createMany({ data: rows });
    await backfillCourseWords();
    const published = rows.filter((r) => r.estado === "publicado").reverse();
    const first = await listCourses({ viewer: null, q: "masivo curso" });
    // More published matches than the count reads: the cap, said as such by the page and the API.
    expect(published.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    expect(courseListJson(first)).toMatchObject({ total: SEARCH_COUNT_CAP, totalExacto: false });
    expect(courseSearchSummary(first.total, first.totalExact, "masivo curso")).toBe(
      "Más de 1.000 cursos con «masivo curso». Agrega otra palabra para acotar la búsqueda.",
    );
    expect(first.courses.map((c) => c.id)).toEqual(published.slice(0, COURSES_PAGE_SIZE).map((r) => r.id));
    const second = await listCourses({
      viewer: null,
      q: "masivo curso",
      page: 2,
      cursor: cursorFrom(`http://x/?desde=${first.cursors.next}`),
    });
    expect(second.courses.map((c) => c.id)).toEqual(
      published.slice(COURSES_PAGE_SIZE, 2 * COURSES_PAGE_SIZE).map((r) => r.id),
    );
    // Back with 'Anterior' (the rows before the second page's first key), and a typed ?page=3.
    const back = await listCourses({
      viewer: null,
      q: "masivo curso",
      page: 1,
      cursor: cursorFrom(`http://x/?antes=${second.cursors.prev}`),
    });
    expect(back.courses.map((c) => c.id)).toEqual(first.courses.map((c) => c.id));
    const typed = await listCourses({ viewer: null, q: "masivo curso", page: 3 });
    expect(typed.courses.map((c) => c.id)).toEqual(
      published.slice(2 * COURSES_PAGE_SIZE, 3 * COURSES_PAGE_SIZE).map((r) => r.id),
    );
    // A docente sees the drafts too, along each state's range of the index.
    const all = rows.slice().reverse();
    const docente = await listCourses({ viewer: { id: "x", rol: "docente" }, q: "masivo", page: 2 });
    expect(docente.courses.map((c) => c.id)).toEqual(
      all.slice(COURSES_PAGE_SIZE, 2 * COURSES_PAGE_SIZE).map((r) => r.id),
    );
    const general = await listCourses({ viewer: null, audience: "estudiante", q: "masivo" });
    const generalRows = published.filter((r) => r.dirigidoA === "general");
    // Fewer than the cap: counted exactly.
    expect(generalRows.length).toBeLessThan(SEARCH_COUNT_CAP);
    expect(general).toMatchObject({ total: generalRows.length, totalExact: true });
    expect(general.courses.map((c) => c.id)).toEqual(generalRows.slice(0, COURSES_PAGE_SIZE).map((r) => r.id));

    // Some of the words when one of them is that common: the same walk, each course
    // with one word but not both, newest first, paged by the cursors, counted up to the cap.
    const one = published[5]!;
    await prisma.courseWord.create({
      data: { courseId: one.id, word: "unico", estado: "publicado", dirigidoA: one.dirigidoA },
    });
    const every = await listCourses({ viewer: null, q: "masivo unico", withSome: true });
    expect(every.courses.map((c) => c.id)).toEqual([one.id]);
    const others = published.filter((r) => r.id !== one.id);
    expect(every.someWords).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false, more: true });
    expect(every.someWords!.courses.map((c) => c.id)).toEqual(others.slice(0, COURSES_PAGE_SIZE).map((r) => r.id));
    const someFirst = await listCourses({ viewer: null, q: "masivo unico", some: true });
    const someSecond = await listCourses({
      viewer: null,
      q: "masivo unico",
      some: true,
      page: 2,
      cursor: cursorFrom(`http://x/?desde=${someFirst.cursors.next}`),
    });
    expect(someSecond.courses.map((c) => c.id)).toEqual(
      others.slice(COURSES_PAGE_SIZE, 2 * COURSES_PAGE_SIZE).map((r) => r.id),
    );
  });
});

describe("the count of a prefix that several common words share", () => {
  const courses = async (prefix: string, n: number) => {
    const ids = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, "0")}`);
    await prisma.course.createMany({
      data: ids.map((id) => ({
        id,
        ...courseTitleFields(id),
        estado: "publicado",
        herramientas: [],
        loAprenderan: [],
      })),
    });
    return ids;
  };
  const words = (ids: string[], word: string) =>
    prisma.courseWord.createMany({ data: ids.map((courseId) => ({ courseId, word })) });

  it("stops at the cap when one of the words passes it alone", async () => {
    const ids = await courses("capone", SEARCH_COUNT_CAP + 5);
    await words(ids, "zumbido");
    await words(ids.slice(0, 10), "zumbidos");
    expect(await countDense(COURSE_WORDS, ["zumb"])).toEqual({ total: SEARCH_COUNT_CAP, exact: false });
  });

  it("makes the rows distinct when no word passes the cap alone: each row once, however many words it has", async () => {
    const ids = await courses("captwo", 700);
    await words(ids, "yodoa");
    await words(ids, "yodob");
    expect(await countDense(COURSE_WORDS, ["yodo"])).toEqual({ total: 700, exact: true });
    const more = await courses("capthree", 400);
    await words(more, "yodoc");
    expect(await countDense(COURSE_WORDS, ["yodo"])).toEqual({ total: SEARCH_COUNT_CAP, exact: false });
  });
});
