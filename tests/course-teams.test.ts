// Course teams (docs/product.md#course-teams, docs/decisions/020-course-teams.md): the one rule
// that decides who manages a course, the guards of its pages in both panels and of its API calls.
import { beforeAll, describe, expect, it } from "vitest";
import { mayManageCourse } from "~/features/courses/team.server.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import { prisma } from "~/lib/db.server.ts";
import * as editPage from "~/routes/admin/course-edit.tsx";
import * as reportPage from "~/routes/admin/course-report.tsx";
import * as gradebookCsvRoute from "~/routes/admin/gradebook-csv.ts";
import * as gradebookPage from "~/routes/admin/gradebook.tsx";
import * as participantsCsvRoute from "~/routes/admin/participants-csv.ts";
import * as participantsPage from "~/routes/admin/participants.tsx";
import * as reportApi from "~/routes/api/admin.course-report.ts";
import * as gradebookApi from "~/routes/api/admin.gradebook.ts";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as participantsApi from "~/routes/api/cursos.participants.ts";
import * as docenteHome from "~/routes/docente/index.tsx";
import { args, formRequest, getRequest, jsonRequest, readJson, signedIn, thrown } from "./factories.ts";

async function newCourse(titulo: string) {
  return prisma.course.create({
    data: { ...courseTitleFields(titulo), herramientas: [], loAprenderan: [] },
  });
}

type Signed = Awaited<ReturnType<typeof signedIn>>;
let courseA: { id: string };
let courseB: { id: string };
let teacher: Signed;
let otherDocente: Signed;
let student: Signed;
let admin: Signed;

beforeAll(async () => {
  [courseA, courseB] = [await newCourse("Curso A del equipo"), await newCourse("Curso B de otro equipo")];
  [teacher, otherDocente, student, admin] = [
    await signedIn("docente"),
    await signedIn("docente"),
    await signedIn("estudiante"),
    await signedIn("admin"),
  ];
  await prisma.courseTeacher.create({
    data: { cursoId: courseA.id, userId: teacher.user.id, addedById: admin.user.id },
  });
});

const panelPages = (id: string) =>
  [
    [editPage.loader, `/docente/cursos/${id}/editar`],
    [participantsPage.loader, `/docente/cursos/${id}/participantes`],
    [participantsCsvRoute.loader, `/docente/cursos/${id}/participantes/csv`],
    [reportPage.loader, `/docente/cursos/${id}/reportes`],
    [gradebookPage.loader, `/docente/cursos/${id}/calificaciones`],
    [gradebookCsvRoute.loader, `/docente/cursos/${id}/calificaciones/csv`],
  ] as const;

const adminPages = (id: string) =>
  [
    [editPage.loader, `/admin/courses/edit/${id}`],
    [participantsPage.loader, `/admin/courses/participantes/${id}`],
    [participantsCsvRoute.loader, `/admin/courses/participantes/${id}/csv`],
    [reportPage.loader, `/admin/courses/reportes/${id}`],
    [gradebookPage.loader, `/admin/courses/calificaciones/${id}`],
    [gradebookCsvRoute.loader, `/admin/courses/calificaciones/${id}/csv`],
  ] as const;

/** What a loader answered: "200", or the thrown Response's status and Location. */
async function answer(loader: (a: never) => unknown, path: string, id: string, cookie?: string): Promise<string> {
  const outcome = await Promise.resolve(loader(args(getRequest(path, cookie), { cursoId: id }) as never)).then(
    (value) => value,
    (error: unknown) => error,
  );
  if (outcome instanceof Response) {
    if (outcome.status === 200) return "200";
    return `${outcome.status} ${outcome.headers.get("Location") ?? ""}`.trim();
  }
  return "200";
}

describe("the rule", () => {
  it("admins manage every course; a docente the courses whose team lists them; nobody else", async () => {
    expect(await mayManageCourse(admin.user, courseB.id)).toBe(true);
    expect(await mayManageCourse(teacher.user, courseA.id)).toBe(true);
    expect(await mayManageCourse(teacher.user, courseB.id)).toBe(false);
    expect(await mayManageCourse(otherDocente.user, courseA.id)).toBe(false);
    expect(await mayManageCourse(student.user, courseA.id)).toBe(false);
    expect(await mayManageCourse(null, courseA.id)).toBe(false);
    // A student listed by mistake is still not a teacher: the role is part of the rule.
    await prisma.courseTeacher.create({ data: { cursoId: courseB.id, userId: student.user.id } });
    expect(await mayManageCourse(student.user, courseB.id)).toBe(false);
    await prisma.courseTeacher.delete({ where: { cursoId_userId: { cursoId: courseB.id, userId: student.user.id } } });
  });
});

describe("the pages", () => {
  it("under /docente: the course's teacher 200, a docente off the team 404, other roles home, a visitor to /login", async () => {
    for (const [loader, path] of panelPages(courseA.id)) {
      expect(await answer(loader, path, courseA.id, teacher.cookie), path).toBe("200");
      expect(await answer(loader, path, courseA.id, otherDocente.cookie), path).toBe("404");
      expect(await answer(loader, path, courseA.id, student.cookie), path).toBe("302 /");
      expect(await answer(loader, path, courseA.id), path).toMatch(/^302 \/login\?redirectTo=/);
    }
    for (const [loader, path] of panelPages(courseB.id)) {
      expect(await answer(loader, path, courseB.id, teacher.cookie), path).toBe("404");
    }
  });

  it("under /admin: admins only, as before (the course's teacher goes home too)", async () => {
    for (const [loader, path] of adminPages(courseA.id)) {
      expect(await answer(loader, path, courseA.id, admin.cookie), path).toBe("200");
      expect(await answer(loader, path, courseA.id, teacher.cookie), path).toBe("302 /");
    }
  });

  it("the editor's forms save for the teacher and come back to the teacher's address; publishing is refused", async () => {
    const path = `/docente/cursos/${courseA.id}/editar`;
    const added = (await editPage.action(
      args(
        formRequest(path, { intent: "add-module", titulo: "Unidad 1", descripcion: "" }, { cookie: teacher.cookie }),
        {
          cursoId: courseA.id,
        },
      ),
    )) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toMatch(new RegExp(`^/docente/cursos/${courseA.id}/editar#modulo-`));
    expect(await prisma.module.count({ where: { cursoId: courseA.id } })).toBe(1);

    const published = (await editPage.action(
      args(formRequest(path, { intent: "publish" }, { cookie: teacher.cookie }), { cursoId: courseA.id }),
    )) as Response;
    expect(published.status).toBe(302);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: courseA.id } })).estado).toBe("borrador");

    // Another docente cannot post to course A's editor.
    const refused = await thrown(
      Promise.resolve(
        editPage.action(
          args(formRequest(path, { intent: "add-module", titulo: "Intruso" }, { cookie: otherDocente.cookie }), {
            cursoId: courseA.id,
          }),
        ),
      ),
    );
    expect(refused.status).toBe(404);
    expect(await prisma.module.count({ where: { cursoId: courseA.id } })).toBe(1);
  });

  it("/docente lists the teacher's courses with their state and links", async () => {
    const data = await docenteHome.loader(args(getRequest("/docente", teacher.cookie)));
    expect(data.teaching.courses.map((c) => c.id)).toEqual([courseA.id]);
    const none = await docenteHome.loader(args(getRequest("/docente", otherDocente.cookie)));
    expect(none.teaching.total).toBe(0);
    const home = await thrown(Promise.resolve(docenteHome.loader(args(getRequest("/docente", student.cookie)))));
    expect(home.headers.get("Location")).toBe("/");
  });
});

describe("the API", () => {
  const get = (path: string, token: string) => jsonRequest(path, undefined, { method: "GET", token });

  it("the course's teacher reads its participants, report and gradebook; 403 for course B", async () => {
    const calls = [
      [participantsApi.loader, (id: string) => `/api/cursos/${id}/participantes`],
      [reportApi.loader, (id: string) => `/api/admin/cursos/${id}/reporte`],
      [gradebookApi.loader, (id: string) => `/api/admin/cursos/${id}/calificaciones`],
    ] as const;
    for (const [loader, path] of calls) {
      const own = await loader(args(get(path(courseA.id), teacher.token), { cursoId: courseA.id }));
      expect(own.status, path(courseA.id)).toBe(200);
      const other = await loader(args(get(path(courseB.id), teacher.token), { cursoId: courseB.id }));
      expect(other.status, path(courseB.id)).toBe(403);
      expect((await readJson(other)).error).toBe("No tienes permiso para realizar esta acción.");
      const byStudent = await loader(args(get(path(courseA.id), student.token), { cursoId: courseA.id }));
      expect(byStudent.status).toBe(403);
    }
  });

  it("PUT /api/cursos/{cursoId}: the teacher updates their course, 403 for another; DELETE stays with admins", async () => {
    const body = { titulo: "Curso A renombrado", duracionHoras: 2, dirigidoA: "general" };
    const own = await detailApi.action(
      args(jsonRequest(`/api/cursos/${courseA.id}`, body, { method: "PUT", token: teacher.token }), {
        cursoId: courseA.id,
      }),
    );
    expect(own.status, JSON.stringify(await own.clone().json())).toBe(200);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: courseA.id } })).titulo).toBe("Curso A renombrado");
    const other = await detailApi.action(
      args(jsonRequest(`/api/cursos/${courseB.id}`, body, { method: "PUT", token: teacher.token }), {
        cursoId: courseB.id,
      }),
    );
    expect(other.status).toBe(403);
    const removed = await detailApi.action(
      args(jsonRequest(`/api/cursos/${courseA.id}`, undefined, { method: "DELETE", token: teacher.token }), {
        cursoId: courseA.id,
      }),
    );
    expect(removed.status).toBe(403);
    expect(await prisma.course.count({ where: { id: courseA.id } })).toBe(1);
    // GET shows the teacher the quiz answers of their own course (to edit it), not of another.
    const detail = await readJson(
      await detailApi.loader(args(get(`/api/cursos/${courseA.id}`, teacher.token), { cursoId: courseA.id })),
    );
    expect((detail.modulos as Array<{ quiz?: unknown }>)[0]!.quiz).toBeDefined();
  });
});
