// @postgresql: the Tally keys and word copies of a private course are kept by triggers
// Private courses on the real database (docs/product.md#private-courses,
// docs/decisions/039-private-courses.md): a docente's new course is private; it never reaches the
// catalog, its search, 'Cursos destacados', the list APIs or the counts; it is a 404 to everyone but
// its team, admins and its enrolled learners; its classes work at once, the audience rule aside;
// 'Lista para la clase' opens its modules; a publish request ends in the open catalog.
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/features/accounts/roles.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import { classListFingerprint, confirmClassImport } from "~/features/classes/import.server.ts";
import { parseList } from "~/features/accounts/import/parse-list.ts";
import { listAdminCourses } from "~/features/courses/admin-courses.server.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { COURSE_NOT_FOUND, REVIEW_PRIVATE_NOT_READY } from "~/features/courses/texts.ts";
import { VISIBILITY_ADMIN_ONLY } from "~/features/authoring/texts.ts";
import { getCourseForViewer } from "~/features/learning/course-view.server.ts";
import { moduleAccess } from "~/features/questions/questions.server.ts";
import { getResumen } from "~/features/reports/reports.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as home from "~/routes/home.tsx";
import * as detailRoute from "~/routes/courses/detail.tsx";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as newPage from "~/routes/docente/course-new.tsx";
import * as apiAudience from "~/routes/api/cursos.audience.ts";
import * as apiCount from "~/routes/api/cursos.participant-count.ts";
import * as apiCreate from "~/routes/api/cursos.create.ts";
import * as apiDetail from "~/routes/api/cursos.detail.ts";
import * as apiFeatured from "~/routes/api/cursos.featured.ts";
import * as apiList from "~/routes/api/cursos.list.ts";
import * as apiPublish from "~/routes/api/cursos.publish.ts";
import * as apiReview from "~/routes/api/cursos.review.ts";
import * as joinApi from "~/routes/api/clases.unirse.ts";
import {
  args,
  createCourse,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  PNG_1PX,
  readJson,
  signedIn,
} from "../factories.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let otherDocente: Signed;
let admin: Signed;
let learner: Signed;
let outsider: Signed;

beforeAll(async () => {
  [teacher, otherDocente, admin, learner, outsider] = [
    await signedIn("docente"),
    await signedIn("docente"),
    await signedIn("admin"),
    await signedIn("estudiante"),
    await signedIn("estudiante"),
  ];
});

const image = { bytes: PNG_1PX, name: "p.png", type: "image/png" };
const get = (path: string, token?: string) => jsonRequest(path, null, { method: "GET", token });

/** A private course of `teacher`'s team, for docentes only (the audience a class ignores), with one module. */
async function privateCourse(estado = "borrador", titulo = "Ciencias Naturales 4°B") {
  const course = await createCourse({
    titulo,
    estado,
    visibilidad: "privado",
    dirigidoA: "docente",
    cantidadParticipantes: 1_000_000,
    modulos: [{ titulo: "La célula", enlaces: { create: [{ nombre: "Guía", url: "https://example.org" }] } }],
  });
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  return course;
}

async function classOf(cursoId: string) {
  return prisma.courseClass.create({
    data: { cursoId, nombre: "4°B", codigo: newClassCode(), createdById: teacher.user.id },
    select: { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true },
  });
}

const join = (codigo: string, who: Signed) =>
  joinApi.action(args(jsonRequest("/api/clases/unirse", { codigo }, { token: who.token })));

const detail = (id: string, cookie?: string) =>
  detailRoute.loader(args(getRequest(`/cursos/${id}`, cookie), { cursoId: id }));

describe("a new course's visibility", () => {
  it("a docente's starts private, an admin's public (page and API); GET /api/cursos/{id} says which", async () => {
    const fields = { titulo: "Mi clase", duracionHoras: "2", dirigidoA: "estudiante" };
    const byPage = (await newPage.action(
      args(
        multipartRequest("/docente/cursos/nuevo", [...Object.entries(fields), ["imagen", image]], {
          cookie: teacher.cookie,
        }),
      ),
    )) as Response;
    const pageId = /^\/docente\/cursos\/(.+)\/editar$/.exec(byPage.headers.get("Location")!)![1]!;
    expect(await prisma.course.findUniqueOrThrow({ where: { id: pageId } })).toMatchObject({
      visibilidad: "privado",
      estado: "borrador",
    });

    const create = (who: Signed) =>
      apiCreate.action(
        args(multipartRequest("/api/cursos", [...Object.entries(fields), ["imagen", image]], { token: who.token })),
      );
    const docente = await create(teacher);
    expect(docente.status).toBe(201);
    const mine = await readJson(docente);
    expect(mine).toMatchObject({ estado: "borrador", visibilidad: "privado" });
    expect(await readJson(await create(admin))).toMatchObject({ visibilidad: "publico" });

    const id = mine.id as string;
    const shown = await apiDetail.loader(args(get(`/api/cursos/${id}`, teacher.token), { cursoId: id }));
    expect(await readJson(shown)).toMatchObject({ visibilidad: "privado" });
  });

  it("only an admin changes it: a team's PATCH to publico is a 403, an admin's goes through", async () => {
    const course = await privateCourse();
    const patch = (who: Signed) =>
      apiDetail.action(
        args(
          jsonRequest(`/api/cursos/${course.id}`, { visibilidad: "publico" }, { method: "PATCH", token: who.token }),
          { cursoId: course.id },
        ),
      );
    const refused = await patch(teacher);
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ error: VISIBILITY_ADMIN_ONLY });
    expect((await patch(admin)).status).toBe(200);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).visibilidad).toBe("publico");
  });
});

describe("outside the catalog", () => {
  it("not on /, /cursos (any audience, search), 'destacados', the list APIs or the counts", async () => {
    const before = await Promise.all([listCourses({ viewer: null }), getResumen()]);
    const ready = await privateCourse("publicado", "Fotosintesisprivada lista");
    const draft = await privateCourse("borrador", "Fotosintesisprivada borrador");
    const ids = [ready.id, draft.id];
    const leaks = (list: Array<{ id: string }>) => list.filter((c) => ids.includes(c.id));

    for (const rol of [null, "estudiante", "comunidad", "docente", "admin"] as Array<Role | null>) {
      const viewer = rol ? { id: rol === "docente" ? teacher.user.id : "x", rol } : null;
      for (const audience of [undefined, "docente"]) {
        expect(leaks((await listCourses({ viewer, audience })).courses)).toEqual([]);
        const found = await listCourses({ viewer, audience, q: "fotosintesisprivada" });
        expect([leaks(found.courses), found.total]).toEqual([[], 0]);
      }
    }
    expect(leaks((await home.loader(args(getRequest("/")))).featured)).toEqual([]);
    for (const [route, path, params] of [
      [apiList, "/api/cursos/lista", {}],
      [apiList, "/api/cursos/lista?q=fotosintesisprivada", {}],
      [apiAudience, "/api/cursos/publico/docente", { tipo: "docente" }],
      [apiFeatured, "/api/cursos/destacados", {}],
    ] as const) {
      for (const token of [undefined, teacher.token, admin.token]) {
        const body = await readJson(await route.loader(args(get(path, token), params)));
        expect(leaks(body.cursos as Array<{ id: string }>)).toEqual([]);
      }
    }
    // The counts: the catalog's total and the admin summary's published and drafts stay as they
    // were; the summary counts them apart, as private.
    const after = await Promise.all([listCourses({ viewer: null }), getResumen()]);
    expect(after[0].total).toBe(before[0].total);
    expect(after[1].cursos).toEqual({ ...before[1].cursos, privados: before[1].cursos.privados + 2 });
    // The admin's course table lists every course, private ones too.
    expect(leaks((await listAdminCourses({ q: "fotosintesisprivada" })).courses)).toHaveLength(2);
  });

  it("a 404 to a visitor, another docente and a learner not enrolled; its team, admins and its learners see it", async () => {
    const course = await privateCourse();
    const clase = await classOf(course.id);
    const member = await signedIn("estudiante");
    expect((await join(clase.codigo, member)).status).toBe(201);

    for (const who of [null, otherDocente, outsider]) {
      await expect(detail(course.id, who?.cookie)).rejects.toMatchObject({ init: { status: 404 } });
      const api = await apiDetail.loader(args(get(`/api/cursos/${course.id}`, who?.token), { cursoId: course.id }));
      expect([api.status, await readJson(api)]).toEqual([404, { error: COURSE_NOT_FOUND }]);
      if (who) {
        const count = await apiCount.loader(
          args(get(`/api/cursos/${course.id}/cantidadParticipantes`, who.token), { cursoId: course.id }),
        );
        expect(count.status).toBe(404);
      }
    }
    for (const who of [teacher, admin, member]) {
      expect((await detail(course.id, who.cookie)).course.id).toBe(course.id);
      const api = await apiDetail.loader(args(get(`/api/cursos/${course.id}`, who.token), { cursoId: course.id }));
      expect(api.status).toBe(200);
    }
  });
});

describe("its classes, from the first minute", () => {
  it("a class code joins a private draft for docentes with an estudiante (no audience rule); a list import too", async () => {
    const course = await privateCourse("borrador");
    const clase = await classOf(course.id);
    const joined = await join(clase.codigo, learner);
    expect(joined.status).toBe(201);
    expect(await prisma.enrolment.count({ where: { cursoId: course.id, userId: learner.user.id } })).toBe(1);
    // Alone, without the class, the course cannot be taken: it does not exist for them.
    const alone = await detailRoute
      .action(
        args(formRequest(`/cursos/${course.id}`, { intent: "inscribir" }, { cookie: outsider.cookie }), {
          cursoId: course.id,
        }),
      )
      .catch((e: unknown) => e);
    expect(alone).toMatchObject({ init: { status: 404 } });

    const text = "pupila.privada@colegio.cl;Agustina;Valenzuela";
    const parsed = parseList(text, { emailOptional: true });
    if (!parsed.ok) throw new Error(parsed.error);
    const options = { autorizacionColegio: false };
    const huella = classListFingerprint(clase.id, text, options);
    const done = await confirmClassImport(teacher.user, clase, parsed.rows, text, { ...options, huella }, null);
    expect(done.ok).toBe(true);
    const pupil = await prisma.user.findUniqueOrThrow({ where: { correo: "pupila.privada@colegio.cl" } });
    expect(await prisma.enrolment.count({ where: { cursoId: course.id, userId: pupil.id } })).toBe(1);
  });

  it("a public draft's code is still refused (409)", async () => {
    const draft = await createCourse({ estado: "borrador" });
    const clase = await classOf(draft.id);
    expect((await join(clase.codigo, outsider)).status).toBe(409);
  });
});

describe("'Lista para la clase' and the open catalog", () => {
  const editor = (id: string, intent: string, who: Signed) =>
    editPage.action(
      args(formRequest(`/docente/cursos/${id}/editar`, { intent }, { cookie: who.cookie }), { cursoId: id }),
    );
  const review = (id: string, who: Signed, method = "PUT") =>
    apiReview.action(
      args(
        jsonRequest(`/api/cursos/${id}/revision`, method === "DELETE" ? { comentario: "Falta la bienvenida." } : null, {
          method,
          token: who.token,
        }),
        { cursoId: id },
      ),
    );
  const view = async (id: string, who: Signed) => (await getCourseForViewer(id, who.user))!;

  it("opens its modules to its learners, no review; back to preparation closes them", async () => {
    const course = await privateCourse("borrador");
    const clase = await classOf(course.id);
    await join(clase.codigo, learner);
    expect(await view(course.id, learner)).toMatchObject({ enPreparacion: true, materials: false, modulos: [] });
    expect(await moduleAccess(learner.user, course.id, 0)).toMatchObject({ ok: false, status: 403 });

    await expect(editor(course.id, "class-ready", otherDocente)).rejects.toMatchObject({ status: 404 });
    expect(((await editor(course.id, "class-ready", teacher)) as Response).status).toBe(302);
    const ready = await view(course.id, learner);
    expect(ready).toMatchObject({ enPreparacion: false, materials: true });
    expect(await moduleAccess(learner.user, course.id, 0)).toMatchObject({ ok: true });
    expect(ready.modulos.map((m) => m.enlaces.map((l) => l.nombre))).toEqual([["Guía"]]);
    expect(await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({
      estado: "publicado",
      visibilidad: "privado",
    });
    // Still outside the catalog.
    expect((await listCourses({ viewer: null })).courses.map((c) => c.id)).not.toContain(course.id);

    await editor(course.id, "class-unready", teacher);
    expect(await view(course.id, learner)).toMatchObject({ enPreparacion: true, materials: false });
  });

  it("a publish request: from 'Lista para la clase' to review (the class keeps it), an admin makes it public", async () => {
    const course = await privateCourse("borrador");
    const clase = await classOf(course.id);
    await join(clase.codigo, learner);
    const early = await review(course.id, teacher);
    expect([early.status, await readJson(early)]).toEqual([409, { error: REVIEW_PRIVATE_NOT_READY }]);

    await editor(course.id, "class-ready", teacher);
    expect((await review(course.id, teacher)).status).toBe(200);
    expect(await view(course.id, learner)).toMatchObject({ materials: true });
    // Returned: back to 'Lista para la clase', still private.
    expect((await review(course.id, admin, "DELETE")).status).toBe(200);
    expect(await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({
      estado: "publicado",
      visibilidad: "privado",
    });

    expect((await review(course.id, teacher)).status).toBe(200);
    const published = await apiPublish.action(
      args(jsonRequest(`/api/cursos/${course.id}/publicar`, null, { method: "PUT", token: admin.token }), {
        cursoId: course.id,
      }),
    );
    expect(published.status).toBe(200);
    expect(await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({
      estado: "publicado",
      visibilidad: "publico",
    });
    expect((await detail(course.id)).course.id).toBe(course.id);
    expect((await listCourses({ viewer: null, audience: "docente" })).courses.map((c) => c.id)).toContain(course.id);
  });
});
