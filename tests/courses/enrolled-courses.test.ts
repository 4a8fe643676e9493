// One's enrolled courses: the list shown in /user and /user/courses, leaving a course from the
// page (confirmation step without JS) and the two JSON calls (docs/product.md#enrolled-courses, #api-accounts).
import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { NO_TOKEN } from "~/features/accounts/api-token.server.ts";
import { NOT_ENROLLED, UNENROL_FAILED, UNENROL_OK, unenrolFailedWith } from "~/features/enrolment/texts.ts";
import * as loginApi from "~/routes/api/auth.login.ts";
import * as listApi from "~/routes/api/auth.enrolled-courses.ts";
import * as unenrolApi from "~/routes/api/auth.unenrol.ts";
import * as coursesPage from "~/routes/user/courses.tsx";
import * as homePage from "~/routes/user/index.tsx";
import { expectErrorLog } from "../setup.ts";
import {
  args,
  createAttempt,
  createCourse,
  createUser,
  flashOf,
  formRequest,
  getRequest,
  jsonRequest,
  questions,
  quizModules,
  readJson,
  sessionCookie,
  TEST_PASSWORD,
  withModules,
} from "../factories.ts";

async function enrolIn(userId: string, cursoId: string, progreso = 0, registradoEn = new Date()) {
  await prisma.enrolment.create({ data: { userId, cursoId, progreso, registradoEn } });
  await prisma.course.update({ where: { id: cursoId }, data: { cantidadParticipantes: { increment: 1 } } });
}

async function tokenFor(user: { correo: string }) {
  const response = await loginApi.action(
    args(jsonRequest("/api/auth/login", { correo: user.correo, password: TEST_PASSWORD })),
  );
  return (await readJson(response)).token as string;
}

/** A student with four courses: finished, half-way, and two with out-of-range progress. */
async function studentWithCourses() {
  const user = await createUser({ rol: "estudiante" });
  const day = 86_400_000;
  const done = await createCourse({ titulo: "Huertos urbanos", duracionHoras: 8, cantidadParticipantes: 3 });
  const half = await createCourse({ titulo: "Programación inicial", duracionHoras: 20 });
  const over = await createCourse({ titulo: "Energía solar" });
  const under = await createCourse({ titulo: "Reciclaje", duracionHoras: 12 });
  await enrolIn(user.id, done.id, 100, new Date(Date.now() - 4 * day));
  await enrolIn(user.id, half.id, 40, new Date(Date.now() - 3 * day));
  await enrolIn(user.id, over.id, 150, new Date(Date.now() - 2 * day));
  await enrolIn(user.id, under.id, -5, new Date(Date.now() - 1 * day));
  return { user, done, half, over, under };
}

describe("the enrolled-course list (pages)", () => {
  it("shows id, nombre, duracion and progreso, newest first; out-of-range progress as 0", async () => {
    const { user, done, half, over, under } = await studentWithCourses();
    const cookie = await sessionCookie(user);
    const data = await coursesPage.loader(args(getRequest("/user/courses", cookie)));
    expect(data.courses).toEqual([
      // No modules yet: 'Continuar' leads to the course's module list; a finished course has none.
      {
        id: under.id,
        nombre: "Reciclaje",
        duracion: 12,
        progreso: 0,
        certificado: null,
        continuar: `/cursos/${under.id}#modulos`,
      },
      {
        id: over.id,
        nombre: "Energía solar",
        duracion: null,
        progreso: 0,
        certificado: null,
        continuar: `/cursos/${over.id}#modulos`,
      },
      {
        id: half.id,
        nombre: "Programación inicial",
        duracion: 20,
        progreso: 40,
        certificado: null,
        continuar: `/cursos/${half.id}#modulos`,
      },
      { id: done.id, nombre: "Huertos urbanos", duracion: 8, progreso: 100, certificado: null, continuar: null },
    ]);
    expect(data.toRemove).toBeNull();

    // /user shows a greeting and the same list.
    const home = await homePage.loader(args(getRequest("/user", cookie)));
    expect(home.nombre).toBe("Ana");
    expect(home.courses).toEqual(data.courses);
  });

  it("'Continuar' leads to each course's next module to take, ?modulo=N#modulo-N, as the course banner does", async () => {
    const user = await createUser({ rol: "estudiante" });
    const quizModule = (posicion: number) => ({
      posicion,
      titulo: `Módulo ${posicion + 1}`,
      preguntas: questions("¿Listo?"),
    });
    // Module 1 passed, module 2 without a quiz, module 3 a quiz not passed yet: module 3 is next.
    const midway = await createCourse(
      { titulo: "Química del suelo", modulos: [quizModule(0), { titulo: "Lectura" }, quizModule(2)] },
      withModules,
    );
    // Nothing passed yet: module 1.
    const fresh = await createCourse({ titulo: "Astronomía", modulos: [quizModule(0), quizModule(1)] });
    // Modules without quizzes: the first one.
    const reading = await createCourse({ titulo: "Lecturas", modulos: [{ titulo: "Uno" }, { titulo: "Dos" }] });
    // Finished (its certificate exists): shows 'Ver certificado', not 'Continuar'.
    const finished = await createCourse({ titulo: "Compostaje", modulos: [quizModule(0)] });
    for (const course of [midway, fresh, reading, finished]) await enrolIn(user.id, course.id, 50);
    const [first] = midway.modulos;
    await createAttempt(user.id, first!);
    await prisma.certificate.create({
      data: {
        userId: user.id,
        cursoId: finished.id,
        codigo: "CERT-COMPOST-1",
        tituloCurso: "Compostaje",
        nombreTitular: "Ana",
      },
    });

    const data = await coursesPage.loader(args(getRequest("/user/courses", await sessionCookie(user))));
    const continuar = Object.fromEntries(data.courses.map((c) => [c.id, c.continuar]));
    expect(continuar).toEqual({
      [midway.id]: `/cursos/${midway.id}?modulo=3#modulo-3`,
      [fresh.id]: `/cursos/${fresh.id}?modulo=1#modulo-1`,
      [reading.id]: `/cursos/${reading.id}?modulo=1#modulo-1`,
      [finished.id]: null,
    });
  });

  it("?eliminar=ID selects the course to confirm, only among one's own", async () => {
    const { user, half } = await studentWithCourses();
    const cookie = await sessionCookie(user);
    const data = await coursesPage.loader(args(getRequest(`/user/courses?eliminar=${half.id}`, cookie)));
    expect(data.toRemove).toMatchObject({ id: half.id, nombre: "Programación inicial" });
    const stranger = await createCourse();
    const none = await coursesPage.loader(args(getRequest(`/user/courses?eliminar=${stranger.id}`, cookie)));
    expect(none.toRemove).toBeNull();
  });

  it("an empty list is an empty array", async () => {
    const user = await createUser({ rol: "comunidad" });
    const data = await coursesPage.loader(args(getRequest("/user/courses", await sessionCookie(user))));
    expect(data.courses).toEqual([]);
  });

  it("requires a panel user: visitors go to /login, admins to /", async () => {
    const visitor = await coursesPage.loader(args(getRequest("/user/courses"))).catch((e: unknown) => e);
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fuser%2Fcourses");
    const admin = await createUser({ rol: "admin" });
    const refused = await coursesPage
      .loader(args(getRequest("/user/courses", await sessionCookie(admin))))
      .catch((e: unknown) => e);
    expect((refused as Response).headers.get("Location")).toBe("/");
  });

  it("the action leaves the course, decrements the participant count and flashes a message", async () => {
    const { user, done, half } = await studentWithCourses();
    const cookie = await sessionCookie(user);
    const response = (await coursesPage.action(
      args(formRequest("/user/courses", { intent: "unenrol", courseId: done.id }, { cookie })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/courses");
    expect(await flashOf(response)).toEqual({ type: "success", message: UNENROL_OK });
    expect(await prisma.enrolment.count({ where: { userId: user.id, cursoId: done.id } })).toBe(0);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: done.id } })).cantidadParticipantes).toBe(3);

    // From /user it goes back to /user.
    const fromHome = (await homePage.action(
      args(formRequest("/user?index", { intent: "unenrol", courseId: half.id }, { cookie })),
    )) as Response;
    expect(fromHome.headers.get("Location")).toBe("/user");
    expect((await prisma.course.findUniqueOrThrow({ where: { id: half.id } })).cantidadParticipantes).toBe(0);
  });

  it("the action reports a course one is not enrolled in, and a malformed request", async () => {
    const { user } = await studentWithCourses();
    const other = await createCourse({ cantidadParticipantes: 5 });
    const cookie = await sessionCookie(user);
    const notEnrolled = (await coursesPage.action(
      args(formRequest("/user/courses", { intent: "unenrol", courseId: other.id }, { cookie })),
    )) as Response;
    expect(await flashOf(notEnrolled)).toEqual({ type: "error", message: unenrolFailedWith(NOT_ENROLLED) });
    expect((await prisma.course.findUniqueOrThrow({ where: { id: other.id } })).cantidadParticipantes).toBe(5);

    const malformed = (await coursesPage.action(
      args(formRequest("/user/courses", { intent: "otra" }, { cookie })),
    )) as Response;
    expect(await flashOf(malformed)).toEqual({ type: "error", message: UNENROL_FAILED });
  });

  it("one cannot remove someone else's enrolment through the action", async () => {
    const { user: owner, half } = await studentWithCourses();
    const intruder = await createUser({ rol: "estudiante" });
    const cookie = await sessionCookie(intruder);
    await coursesPage.action(args(formRequest("/user/courses", { intent: "unenrol", courseId: half.id }, { cookie })));
    expect(await prisma.enrolment.count({ where: { userId: owner.id, cursoId: half.id } })).toBe(1);
  });
});

describe("GET /api/auth/{userId}/cursos-inscritos", () => {
  const get = (userId: string, init: { token?: string; cookie?: string } = {}) =>
    listApi.loader(
      args(jsonRequest(`/api/auth/${userId}/cursos-inscritos`, null, { method: "GET", ...init }), { userId }),
    );

  it("returns the caller's own courses as [{ id, nombre, duracion, progreso }]", async () => {
    const { user, done, over } = await studentWithCourses();
    const response = await get(user.id, { token: await tokenFor(user) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<Record<string, unknown>>;
    expect(body).toHaveLength(4);
    for (const item of body) expect(Object.keys(item).sort()).toEqual(["duracion", "id", "nombre", "progreso"]);
    expect(body.find((c) => c.id === done.id)).toEqual({
      id: done.id,
      nombre: "Huertos urbanos",
      duracion: 8,
      progreso: 100,
    });
    expect(body.find((c) => c.id === over.id)?.progreso).toBe(0);
  });

  it("also answers to the session cookie", async () => {
    const { user } = await studentWithCourses();
    const response = await get(user.id, { cookie: await sessionCookie(user) });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(4);
  });

  it("refuses another user's list (403), without a token (401); lets an admin read any", async () => {
    const { user } = await studentWithCourses();
    const other = await createUser({ rol: "docente" });
    const forbidden = await get(user.id, { token: await tokenFor(other) });
    expect(forbidden.status).toBe(403);
    expect(typeof (await readJson(forbidden)).error).toBe("string");

    const none = await get(user.id);
    expect(none.status).toBe(401);
    expect(await readJson(none)).toEqual({ error: NO_TOKEN });

    const admin = await createUser({ rol: "admin" });
    const allowed = await get(user.id, { token: await tokenFor(admin) });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(4);

    const missing = await get("no-existe", { token: await tokenFor(admin) });
    expect(missing.status).toBe(404);
  });
});

describe("DELETE /api/auth/usuario/cursos-inscritos/{cursoId}", () => {
  const del = (courseId: string, init: { token?: string; cookie?: string; origin?: string } = {}) =>
    unenrolApi.action(
      args(jsonRequest(`/api/auth/usuario/cursos-inscritos/${courseId}`, null, { method: "DELETE", ...init }), {
        cursoId: courseId,
      }),
    );

  it("leaves one's own course and decrements the counter; 404 when not enrolled", async () => {
    const { user, done } = await studentWithCourses();
    const token = await tokenFor(user);
    const ok = await del(done.id, { token });
    expect(ok.status).toBe(200);
    expect(await readJson(ok)).toMatchObject({ message: UNENROL_OK });
    expect(await prisma.enrolment.count({ where: { userId: user.id, cursoId: done.id } })).toBe(0);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: done.id } })).cantidadParticipantes).toBe(3);

    const again = await del(done.id, { token });
    expect(again.status).toBe(404);
    expect(await readJson(again)).toEqual({ error: NOT_ENROLLED });
    expect((await prisma.course.findUniqueOrThrow({ where: { id: done.id } })).cantidadParticipantes).toBe(3);
  });

  it("touches only the caller's own enrolment", async () => {
    const { user: owner, half } = await studentWithCourses();
    const other = await createUser({ rol: "estudiante" });
    const response = await del(half.id, { token: await tokenFor(other) });
    expect(response.status).toBe(404);
    expect(await prisma.enrolment.count({ where: { userId: owner.id, cursoId: half.id } })).toBe(1);
  });

  it("requires a token (401) and refuses a cross-site cookie call (403)", async () => {
    const { user, half } = await studentWithCourses();
    const none = await del(half.id);
    expect(none.status).toBe(401);
    expect(await readJson(none)).toEqual({ error: NO_TOKEN });
    const cookie = await sessionCookie(user);
    const evil = await del(half.id, { cookie, origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(await prisma.enrolment.count({ where: { userId: user.id, cursoId: half.id } })).toBe(1);
    const same = await del(half.id, { cookie, origin: "http://localhost:3000" });
    expect(same.status).toBe(200);
  });

  it("answers other methods with 405", async () => {
    const response = await unenrolApi.loader(args(getRequest("/api/auth/usuario/cursos-inscritos/x")));
    expect(response.status).toBe(405);
  });
});

describe("a failure while loading the list", () => {
  it("becomes a 500 route error whose text the ErrorBoundary shows", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const spy = vi.spyOn(prisma.enrolment, "findMany").mockRejectedValueOnce(new Error("disk I/O error"));
    expectErrorLog();
    const thrown = await coursesPage.loader(args(getRequest("/user/courses", cookie))).catch((e: unknown) => e);
    spy.mockRestore();
    expect(thrown).toMatchObject({ init: { status: 500 }, data: "Error interno del servidor" });
  });
});

describe("enrolling again", () => {
  it("starts from the modules already passed, not from 0% (attempts outlive an enrolment)", async () => {
    const { enrol } = await import("~/features/enrolment/enrolment.server.ts");
    const user = await createUser({ rol: "estudiante" });
    const course = await createCourse({ titulo: "Curso con dos evaluaciones", modulos: quizModules(2) }, withModules);
    // One module passed during an earlier enrolment that the person then left.
    await createAttempt(user.id, course.modulos[0]!);
    expect(await enrol({ id: user.id, rol: "estudiante" }, course.id)).toMatchObject({
      ok: true,
      alreadyEnrolled: false,
    });
    const row = await prisma.enrolment.findUniqueOrThrow({
      where: { userId_cursoId: { userId: user.id, cursoId: course.id } },
    });
    expect(row.progreso).toBe(50);
  });
});

describe("long lists of one's courses", () => {
  it("come 20 to a page in the panel and 100 to a page in the API, newest first, each course once", async () => {
    const user = await createUser();
    const start = Date.now() - 3_600_000;
    const courses = [];
    for (let i = 0; i < 105; i++) courses.push(await createCourse({ titulo: `Largo ${i}` }));
    await prisma.enrolment.createMany({
      data: courses.map((c, i) => ({ userId: user.id, cursoId: c.id, registradoEn: new Date(start + i * 1000) })),
    });
    const cookie = await sessionCookie(user);
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const data = await coursesPage.loader(args(getRequest(`/user/courses?page=${page}`, cookie)));
      expect(data.page).toBe(page);
      expect(data.pageCount).toBe(6);
      expect(data.courses).toHaveLength(page < 6 ? 20 : 5);
      seen.push(...data.courses.map((c) => c.nombre));
    }
    expect(seen[0]).toBe("Largo 104");
    expect(new Set(seen).size).toBe(105);
    // The confirmation of leaving a course finds it on any page.
    const confirm = await homePage.loader(args(getRequest(`/user?eliminar=${courses[0]!.id}`, cookie)));
    expect(confirm.toRemove?.nombre).toBe("Largo 0");

    const token = await tokenFor(user);
    const first = await listApi.loader(
      args(jsonRequest(`/api/auth/${user.id}/cursos-inscritos`, undefined, { method: "GET", token }), {
        userId: user.id,
      }),
    );
    expect(((await first.json()) as unknown[]).length).toBe(50);
    expect(first.headers.get("X-Total-Count")).toBe("105");
    expect(first.headers.get("Link")).toBe(`</api/auth/${user.id}/cursos-inscritos?page=2>; rel="next"`);
    const last = await listApi.loader(
      args(jsonRequest(`/api/auth/${user.id}/cursos-inscritos?page=3`, undefined, { method: "GET", token }), {
        userId: user.id,
      }),
    );
    expect(((await last.json()) as Array<{ nombre: string }>).map((c) => c.nombre)).toEqual([
      "Largo 4",
      "Largo 3",
      "Largo 2",
      "Largo 1",
      "Largo 0",
    ]);
  });
});
