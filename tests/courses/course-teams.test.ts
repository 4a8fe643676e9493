// Course teams (docs/product.md#course-teams, docs/decisions/020-course-teams.md): the one rule
// that decides who manages a course, the guards of its pages (one tree,
// docs/decisions/036-one-course-management-tree.md; the admin's old addresses redirect) and of its API calls.
import { beforeAll, describe, expect, it } from "vitest";
import { mayManageCourse } from "~/features/courses/team.server.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import { prisma } from "~/lib/db.server.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as oldAddresses from "~/routes/admin/course-redirects.ts";
import * as reportPage from "~/routes/docente/course-report.tsx";
import * as gradebookCsvRoute from "~/routes/docente/gradebook-csv.ts";
import * as gradebookPage from "~/routes/docente/gradebook.tsx";
import * as participantsCsvRoute from "~/routes/docente/participants-csv.ts";
import * as participantsPage from "~/routes/docente/participants.tsx";
import * as reportApi from "~/routes/api/admin.course-report.ts";
import * as gradebookApi from "~/routes/api/admin.gradebook.ts";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as participantsApi from "~/routes/api/cursos.participants.ts";
import * as docenteHome from "~/routes/docente/index.tsx";
import * as teamApi from "~/routes/api/cursos.team.ts";
import * as classesPage from "~/routes/classes/list.tsx";
import {
  TEAM_ALREADY,
  TEAM_NO_DOCENTE,
  TEAM_USER_NOT_APPROVED,
  TEAM_USER_NOT_DOCENTE,
  TEAM_USER_UNKNOWN,
} from "~/features/courses/texts.ts";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  signedIn,
  thrown,
} from "../factories.ts";

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
  it("the course's teacher and any admin 200, a docente off the team 404, other roles home, a visitor to /login", async () => {
    for (const [loader, path] of panelPages(courseA.id)) {
      expect(await answer(loader, path, courseA.id, teacher.cookie), path).toBe("200");
      expect(await answer(loader, path, courseA.id, admin.cookie), path).toBe("200");
      expect(await answer(loader, path, courseA.id, otherDocente.cookie), path).toBe("404");
      expect(await answer(loader, path, courseA.id, student.cookie), path).toBe("302 /");
      expect(await answer(loader, path, courseA.id), path).toMatch(/^302 \/login\?redirectTo=/);
    }
    for (const [loader, path] of panelPages(courseB.id)) {
      expect(await answer(loader, path, courseB.id, teacher.cookie), path).toBe("404");
      expect(await answer(loader, path, courseB.id, admin.cookie), path).toBe("200");
    }
  });

  it("the admin's old addresses answer with the same page in the tree: GET 301, a POST 308", async () => {
    const moved: Array<[string, string]> = [
      ["new", "nuevo"],
      ["edit/c1?eliminarModulo=m1", "c1/editar?eliminarModulo=m1"],
      ["edit/c1/archivos", "c1/editar/archivos"],
      ["participantes/c1", "c1/participantes"],
      ["participantes/c1/csv", "c1/participantes/csv"],
      ["reportes/c1", "c1/reportes"],
      ["calificaciones/c1", "c1/calificaciones"],
      ["calificaciones/c1/csv", "c1/calificaciones/csv"],
      ["clases/c1", "c1/clases"],
      ["clases/c1/k1", "c1/clases/k1"],
      ["clases/c1/k1/progreso", "c1/clases/k1/progreso"],
      ["clases/c1/k1/escribir", "c1/clases/k1/escribir"],
      ["clases/c1/k1/notas.csv", "c1/clases/k1/notas.csv"],
      ["clases/c1/k1/importar", "c1/clases/k1/importar"],
      ["avisos/c1", "c1/avisos"],
    ];
    const at = (old: string, method = "GET") =>
      ({
        request: new Request(`http://localhost/admin/courses/${old}`, { method }),
        params: { "*": old.split("?")[0] },
      }) as never;
    for (const [old, now] of moved) {
      const got = oldAddresses.loader(at(old));
      expect([got.status, got.headers.get("Location")], old).toEqual([301, `/docente/cursos/${now}`]);
      const posted = oldAddresses.action(at(old, "POST"));
      expect([posted.status, posted.headers.get("Location")], old).toEqual([308, `/docente/cursos/${now}`]);
    }
    const unknown = await Promise.resolve()
      .then(() => oldAddresses.loader(at("otra-cosa")))
      .catch((e: unknown) => e);
    expect(dataOf(unknown).status).toBe(404);
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
    // A PUT sends the whole course (a field left out is a 400).
    const body = {
      titulo: "Curso A renombrado",
      bienvenida: "",
      duracionHoras: 2,
      dirigidoA: "general",
      fechaInicio: null,
      fechaTermino: null,
      herramientas: [],
      loAprenderan: [],
      exigencia: 60,
    };
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

describe("'Equipo docente'", () => {
  const editor = (id: string) => `/docente/cursos/${id}/editar`;
  const post = (id: string, fields: Record<string, string>, cookie: string) =>
    editPage.action(args(formRequest(editor(id), fields, { cookie }), { cursoId: id }));
  const refusal = async (fields: Record<string, string>) => {
    const { data, status } = dataOf<{ errors: Record<string, string[]>; values: Record<string, string> }>(
      await post(courseB.id, { intent: "team-add", ...fields }, admin.cookie),
    );
    return { status, error: data.errors.correo?.[0], typed: data.values.correo };
  };

  it("an admin adds a docente by e-mail: must exist, be approved and be a docente; each change is audited", async () => {
    const pending = await createUser({ rol: "docente", aprobado: false });
    const learner = await createUser({ rol: "estudiante" });
    expect(await refusal({ correo: "nadie@test.cl" })).toEqual({
      status: 400,
      error: TEAM_USER_UNKNOWN,
      typed: "nadie@test.cl",
    });
    expect((await refusal({ correo: pending.correo })).error).toBe(TEAM_USER_NOT_APPROVED);
    expect((await refusal({ correo: learner.correo })).error).toBe(TEAM_USER_NOT_DOCENTE);
    expect((await refusal({ correo: "no es un correo" })).status).toBe(400);

    // Typed in capitals: addresses are compared in lower case.
    const added = (await post(
      courseB.id,
      { intent: "team-add", correo: otherDocente.user.correo.toUpperCase() },
      admin.cookie,
    )) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`${editor(courseB.id)}#equipo-docente`);
    const row = await prisma.courseTeacher.findUniqueOrThrow({
      where: { cursoId_userId: { cursoId: courseB.id, userId: otherDocente.user.id } },
    });
    expect(row.addedById).toBe(admin.user.id);
    expect(await refusal({ correo: otherDocente.user.correo })).toMatchObject({ status: 409, error: TEAM_ALREADY });
    expect(await mayManageCourse(otherDocente.user, courseB.id)).toBe(true);

    const view = await editPage.loader(args(getRequest(editor(courseB.id), admin.cookie), { cursoId: courseB.id }));
    expect(view.team?.profesores.map((p) => p.correo)).toEqual([otherDocente.user.correo]);
    expect(view.team?.profesores[0]!.agregadoPor).toBe(`${admin.user.nombre} ${admin.user.apellido}`);
    // The teacher's own editor shows 'Equipo docente' too, without 'Quitar' (admins remove).
    const teacherView = await editPage.loader(
      args(getRequest(`/docente/cursos/${courseB.id}/editar`, otherDocente.cookie), { cursoId: courseB.id }),
    );
    expect(teacherView.team?.profesores.map((p) => p.id)).toEqual([otherDocente.user.id]);
    expect(teacherView.admin).toBe(false);

    const removed = (await post(
      courseB.id,
      { intent: "team-remove", userId: otherDocente.user.id },
      admin.cookie,
    )) as Response;
    expect(removed.status).toBe(302);
    expect(await mayManageCourse(otherDocente.user, courseB.id)).toBe(false);
    const entries = await prisma.auditLog.findMany({
      where: { targetId: courseB.id, action: { in: ["course.team-add", "course.team-remove"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => [e.action, e.actorId, e.detail])).toEqual([
      ["course.team-add", admin.user.id, otherDocente.user.id],
      ["course.team-remove", admin.user.id, otherDocente.user.id],
    ]);
  });

  it("a teacher adds a co-teacher herself, by e-mail, told only that no approved docente has it; only admins remove", async () => {
    const course = await newCourse("Ciencias Naturales 4°B del equipo");
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
    const colleague = await signedIn("docente");
    const path = `/docente/cursos/${course.id}/editar`;
    const send = (fields: Record<string, string>, who: Signed = teacher) =>
      editPage.action(args(formRequest(path, fields, { cookie: who.cookie }), { cursoId: course.id }));
    const refused = async (correo: string) => {
      const { data, status } = dataOf<{ errors: Record<string, string[]>; values: Record<string, string> }>(
        await send({ intent: "team-add", correo }),
      );
      return { status, error: data.errors.correo?.[0], typed: data.values.correo };
    };
    const pending = await createUser({ rol: "docente", aprobado: false });
    // One answer for an unknown, a pending and a learner's address: the field tells no teacher who has an account.
    expect(await refused("nadie.aqui@test.cl")).toEqual({
      status: 400,
      error: TEAM_NO_DOCENTE,
      typed: "nadie.aqui@test.cl",
    });
    expect((await refused(pending.correo)).error).toBe(TEAM_NO_DOCENTE);
    expect((await refused(student.user.correo)).error).toBe(TEAM_NO_DOCENTE);
    expect(await refused(teacher.user.correo)).toMatchObject({ status: 409, error: TEAM_ALREADY });

    const added = (await send({ intent: "team-add", correo: colleague.user.correo })) as Response;
    expect(added.headers.get("Location")).toBe(`${path}#equipo-docente`);
    const row = await prisma.courseTeacher.findUniqueOrThrow({
      where: { cursoId_userId: { cursoId: course.id, userId: colleague.user.id } },
    });
    expect(row.addedById).toBe(teacher.user.id);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { targetId: course.id, action: "course.team-add" } });
    expect([audit.actorId, audit.detail]).toEqual([teacher.user.id, colleague.user.id]);
    // The colleague now sees the course's classes.
    const classes = `/docente/cursos/${course.id}/clases`;
    expect(await answer(classesPage.loader, classes, course.id, colleague.cookie)).toBe("200");

    // Removing stays with admins: the teacher's 'Quitar' is refused and the colleague stays.
    const removal = (await send({ intent: "team-remove", userId: colleague.user.id })) as Response;
    expect(removal.status).toBe(302);
    expect(await mayManageCourse(colleague.user, course.id)).toBe(true);
    // A docente off the team adds nobody: the course does not exist for them.
    const outsider = await thrown(send({ intent: "team-add", correo: otherDocente.user.correo }, otherDocente));
    expect(outsider.status).toBe(404);
    expect(await mayManageCourse(otherDocente.user, course.id)).toBe(false);
  });

  it("POST /api/cursos/{cursoId}/equipo: the team adds by e-mail (201), the same refusals; 403 off the team", async () => {
    const course = await newCourse("Curso del equipo por la API");
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
    const colleague = await createUser({ rol: "docente" });
    const add = (correo: unknown, token: string) =>
      teamApi.action(
        args(jsonRequest(`/api/cursos/${course.id}/equipo`, { correo }, { token }), { cursoId: course.id }),
      );
    const unknown = await add("nadie.api@test.cl", teacher.token);
    expect(unknown.status).toBe(400);
    expect(await readJson(unknown)).toEqual({ error: TEAM_NO_DOCENTE });
    expect(await readJson(await add(student.user.correo, teacher.token))).toEqual({ error: TEAM_NO_DOCENTE });
    expect((await add("no es correo", teacher.token)).status).toBe(400);
    expect((await add(colleague.correo, otherDocente.token)).status).toBe(403);
    expect((await add(colleague.correo, student.token)).status).toBe(403);
    const done = await add(colleague.correo, teacher.token);
    expect(done.status).toBe(201);
    expect(((await readJson(done)).profesores as Array<{ id: string }>).map((p) => p.id)).toEqual([
      teacher.user.id,
      colleague.id,
    ]);
    const again = await add(colleague.correo, admin.token);
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ error: TEAM_ALREADY });
  });

  it("GET/PUT /api/cursos/{cursoId}/equipo: the team reads for its course, PUT replaces it (admins), audited", async () => {
    const url = (id: string) => `/api/cursos/${id}/equipo`;
    const read = await teamApi.loader(
      args(jsonRequest(url(courseA.id), undefined, { method: "GET", token: teacher.token }), { cursoId: courseA.id }),
    );
    expect(read.status).toBe(200);
    expect(((await readJson(read)).profesores as Array<{ id: string }>).map((p) => p.id)).toEqual([teacher.user.id]);
    const notTheirs = await teamApi.loader(
      args(jsonRequest(url(courseB.id), undefined, { method: "GET", token: teacher.token }), { cursoId: courseB.id }),
    );
    expect(notTheirs.status).toBe(403);

    const put = (id: string, body: unknown, token: string) =>
      teamApi.action(args(jsonRequest(url(id), body, { method: "PUT", token }), { cursoId: id }));
    expect((await put(courseA.id, { profesores: [otherDocente.user.id] }, teacher.token)).status).toBe(403);
    const unknown = await put(courseA.id, { profesores: [student.user.id] }, admin.token);
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).error).toBe(`${TEAM_USER_NOT_DOCENTE} (${student.user.id})`);
    expect((await put(courseA.id, { profesores: "x" }, admin.token)).status).toBe(400);
    expect((await put("cm0000000000000000000none", { profesores: [] }, admin.token)).status).toBe(404);

    const replaced = await put(courseA.id, { profesores: [otherDocente.user.id, teacher.user.id] }, admin.token);
    expect(replaced.status).toBe(200);
    const team = (await readJson(replaced)).profesores as Array<{ id: string; agregadoPor: string | null }>;
    expect(team.map((p) => p.id).sort()).toEqual([otherDocente.user.id, teacher.user.id].sort());
    const swapped = await put(courseA.id, { profesores: [teacher.user.id] }, admin.token);
    expect(((await readJson(swapped)).profesores as unknown[]).length).toBe(1);
    expect(await mayManageCourse(otherDocente.user, courseA.id)).toBe(false);
    const audited = await prisma.auditLog.findMany({
      where: { targetId: courseA.id, action: { in: ["course.team-add", "course.team-remove"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(audited.map((e) => [e.action, e.detail])).toEqual([
      ["course.team-add", otherDocente.user.id],
      ["course.team-remove", otherDocente.user.id],
    ]);
  });
});
