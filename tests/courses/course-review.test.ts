// A docente creates a course and sends it for review; an admin publishes it or returns it with a
// comment that reaches the team; TEACHERS_PUBLISH lets teachers publish (docs/product.md#course-teams).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mayManageCourse } from "~/features/courses/team.server.ts";
import { REVIEW_COMMENT_REQUIRED, REVIEW_NOT_DRAFT, REVIEW_NOT_PENDING } from "~/features/courses/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { resetEnvCache } from "~/lib/env.server.ts";
import * as coursesPage from "~/routes/admin/courses.tsx";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as newPage from "~/routes/docente/course-new.tsx";
import * as createApi from "~/routes/api/cursos.create.ts";
import * as publishApi from "~/routes/api/cursos.publish.ts";
import * as reviewApi from "~/routes/api/cursos.review.ts";
import {
  args,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  PNG_1PX,
  readJson,
  signedIn,
  thrown,
} from "../factories.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let otherDocente: Signed;
let student: Signed;
let admin: Signed;

beforeAll(async () => {
  [teacher, otherDocente, student, admin] = [
    await signedIn("docente"),
    await signedIn("docente"),
    await signedIn("estudiante"),
    await signedIn("admin"),
  ];
});

afterEach(() => {
  delete process.env.TEACHERS_PUBLISH;
  resetEnvCache();
});

// A course for the open catalog: a docente's is private unless asked (docs/decisions/039-private-courses.md).
const fields = { titulo: "Huerto escolar", duracionHoras: "4", dirigidoA: "estudiante", visibilidad: "publico" };
const image = { bytes: PNG_1PX, name: "p.png", type: "image/png" };

async function createByPage(who: Signed) {
  const response = (await newPage.action(
    args(
      multipartRequest("/docente/cursos/nuevo", [...Object.entries(fields), ["imagen", image]], { cookie: who.cookie }),
    ),
  )) as Response;
  expect(response.status).toBe(302);
  return /^\/docente\/cursos\/(.+)\/editar$/.exec(response.headers.get("Location")!)![1]!;
}

const editor = (id: string) => `/docente/cursos/${id}/editar`;
const post = (path: string, id: string, fields: Record<string, string>, who: Signed) =>
  editPage.action(args(formRequest(path, fields, { cookie: who.cookie }), { cursoId: id }));
const estado = async (id: string) => (await prisma.course.findUniqueOrThrow({ where: { id } })).estado;

describe("a docente creates a course", () => {
  it("on /docente/cursos/nuevo: a draft whose first teacher they are, in the same write", async () => {
    const id = await createByPage(teacher);
    expect(await estado(id)).toBe("borrador");
    const team = await prisma.courseTeacher.findMany({ where: { cursoId: id } });
    expect(team.map((t) => [t.userId, t.addedById])).toEqual([[teacher.user.id, teacher.user.id]]);
    expect(await mayManageCourse(otherDocente.user, id)).toBe(false);
    // Other roles go home; an admin creates on the same page, with no team row (admins are on every team).
    const home = await thrown(
      Promise.resolve(newPage.loader(args(getRequest("/docente/cursos/nuevo", student.cookie)))),
    );
    expect(home.headers.get("Location")).toBe("/");
    expect(await newPage.loader(args(getRequest("/docente/cursos/nuevo", admin.cookie)))).toHaveProperty("maxImageMb");
  });

  it("POST /api/cursos: a docente's course is theirs (201); a student is refused (403)", async () => {
    const call = (token: string) =>
      createApi.action(
        args(multipartRequest("/api/cursos", [...Object.entries(fields), ["imagen", image]], { token })),
      );
    const created = await call(teacher.token);
    expect(created.status).toBe(201);
    const { id } = (await readJson(created)) as { id: string };
    expect(await mayManageCourse(teacher.user, id)).toBe(true);
    expect((await call(student.token)).status).toBe(403);
    const byAdmin = (await readJson(await call(admin.token))) as { id: string };
    expect(await prisma.courseTeacher.count({ where: { cursoId: byAdmin.id } })).toBe(0);
  });
});

describe("review before publishing", () => {
  it("the teacher sends the draft for review; the admin sees it waiting, returns it with a comment, then publishes", async () => {
    const id = await createByPage(teacher);
    // A teacher may not publish while the academy does not allow it.
    await post(editor(id), id, { intent: "publish" }, teacher);
    expect(await estado(id)).toBe("borrador");
    const publishCall = await publishApi.action(
      args(jsonRequest(`/api/cursos/${id}/publicar`, {}, { method: "PUT", token: teacher.token }), { cursoId: id }),
    );
    expect(publishCall.status).toBe(403);

    const sent = (await post(editor(id), id, { intent: "send-review" }, teacher)) as Response;
    expect(sent.headers.get("Location")).toBe(editor(id));
    expect(await estado(id)).toBe("en_revision");
    const waiting = await coursesPage.loader(args(getRequest("/admin/courses", admin.cookie)));
    expect(waiting.awaitingReview.map((c) => c.id)).toContain(id);

    // Returning needs a comment; it comes back beside the field.
    const refused = dataOf<{ errors: Record<string, string[]> }>(
      await post(editor(id), id, { intent: "return-draft", comentario: "  " }, admin),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors.comentario).toEqual([REVIEW_COMMENT_REQUIRED]);
    // Only an admin returns a course.
    await post(editor(id), id, { intent: "return-draft", comentario: "Me lo devuelvo" }, teacher);
    expect(await estado(id)).toBe("en_revision");

    // A suspended teacher of the team is sent nothing.
    const suspended = await signedIn("docente");
    await prisma.courseTeacher.create({ data: { cursoId: id, userId: suspended.user.id } });
    await prisma.user.update({
      where: { id: suspended.user.id },
      data: { aprobado: false, suspendidoEn: new Date() },
    });
    const comment = "Agrega una evaluación al módulo 1, por favor.";
    const returned = (await post(editor(id), id, { intent: "return-draft", comentario: comment }, admin)) as Response;
    expect(returned.status).toBe(302);
    expect(await estado(id)).toBe("borrador");
    const inbox = await prisma.message.findMany({ where: { toId: teacher.user.id, fromId: admin.user.id } });
    expect(inbox.map((m) => [m.subject, m.content])).toEqual([
      ["Tu curso «Huerto escolar» volvió a borrador", comment],
    ]);
    expect(await prisma.message.count({ where: { toId: suspended.user.id } })).toBe(0);
    const audited = await prisma.auditLog.findMany({
      where: { targetId: id, action: { in: ["course.review-send", "course.review-return"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(audited.map((e) => [e.action, e.actorId])).toEqual([
      ["course.review-send", teacher.user.id],
      ["course.review-return", admin.user.id],
    ]);

    await post(editor(id), id, { intent: "send-review" }, teacher);
    const published = (await post(editor(id), id, { intent: "publish" }, admin)) as Response;
    expect(published.status).toBe(302);
    expect(await estado(id)).toBe("publicado");
  });

  it("the API twin: PUT/DELETE /api/cursos/{cursoId}/revision, with their refusals", async () => {
    const id = await createByPage(teacher);
    const url = `/api/cursos/${id}/revision`;
    const call = (method: string, token: string, body?: unknown) =>
      reviewApi.action(args(jsonRequest(url, body ?? {}, { method, token }), { cursoId: id }));
    expect((await call("PUT", otherDocente.token)).status).toBe(403);
    const notPending = await call("DELETE", admin.token, { comentario: "Aún no" });
    expect([notPending.status, (await readJson(notPending)).error]).toEqual([409, REVIEW_NOT_PENDING]);
    const put = await call("PUT", teacher.token);
    expect(await readJson(put)).toMatchObject({ id, estado: "en_revision" });
    expect((await call("DELETE", teacher.token, { comentario: "x" })).status).toBe(403);
    expect((await call("DELETE", admin.token, {})).status).toBe(400);
    const back = await call("DELETE", admin.token, { comentario: "Revisa las fechas." });
    expect(await readJson(back)).toMatchObject({ id, estado: "borrador" });
    // A published course is not a draft to send.
    await prisma.course.update({ where: { id }, data: { estado: "publicado" } });
    const published = await call("PUT", teacher.token);
    expect([published.status, (await readJson(published)).error]).toEqual([409, REVIEW_NOT_DRAFT]);
  });

  it("TEACHERS_PUBLISH=true: the course's teachers publish it themselves, not another course", async () => {
    process.env.TEACHERS_PUBLISH = "true";
    resetEnvCache();
    const id = await createByPage(teacher);
    const view = await editPage.loader(args(getRequest(editor(id), teacher.cookie), { cursoId: id }));
    expect(view.canPublish).toBe(true);
    const other = await publishApi.action(
      args(jsonRequest(`/api/cursos/${id}/publicar`, {}, { method: "PUT", token: otherDocente.token }), {
        cursoId: id,
      }),
    );
    expect(other.status).toBe(403);
    await post(editor(id), id, { intent: "publish" }, teacher);
    expect(await estado(id)).toBe("publicado");
  });
});
