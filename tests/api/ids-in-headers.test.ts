// User input never reaches a header (docs/product.md#security): ids a request carries (route params, form
// fields) are checked against the shape of our ids before they go into a redirect's Location.
// Non-Latin-1 text, NUL or CR/LF there made Headers.set throw (500); 70 000 characters made a
// 70 KB header. A malformed id is answered as an unknown one: 404, or the editor's flash.
import { describe, expect, it } from "vitest";
import * as M from "~/features/authoring/texts.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { prisma } from "~/lib/db.server.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as filesRoute from "~/routes/docente/course-files.ts";
import * as adminLibrary from "~/routes/admin/library.tsx";
import * as adminOutbox from "~/routes/admin/outbox.tsx";
import * as courseDetail from "~/routes/courses/detail.tsx";
import * as finishRoute from "~/routes/courses/finish.ts";
import {
  args,
  createCourse,
  createUser,
  flashOf,
  formRequest,
  getRequest,
  multipartRequest,
  signedIn,
} from "../factories.ts";

const BAD_IDS: Array<[string, string]> = [
  ["no Latin-1", "módulo✓"],
  ["NUL", "a\u0000b"],
  ["CR/LF", "a\r\nSet-Cookie: x=1"],
  ["70 000 characters", "x".repeat(70_000)],
];

/** What a loader or action threw (a Response or React Router's data()): status and body. */
async function thrownBy(run: () => unknown): Promise<{ status: number; body: unknown }> {
  const error = await Promise.resolve()
    .then(run)
    .then(
      () => expect.fail("nothing was thrown"),
      (e: unknown) => e,
    );
  if (error instanceof Response) return { status: error.status, body: await error.text() };
  const d = error as { type?: string; data?: unknown; init?: { status?: number } };
  expect(d?.type, String(error)).toBe("DataWithResponseInit");
  return { status: d.init?.status ?? 200, body: d.data };
}

async function editorSetup() {
  const admin = await signedIn("admin");
  const course = await createCourse({ titulo: "Ids", estado: "borrador", modulos: [{ titulo: "M" }] });
  const mod = await prisma.module.findFirstOrThrow({ where: { cursoId: course.id } });
  const post = (fields: Record<string, string>) =>
    editPage.action(
      args(formRequest(`/docente/cursos/${course.id}/editar`, fields, { cookie: admin.cookie }), {
        cursoId: course.id,
      }),
    ) as Promise<Response>;
  return { admin, course, mod, post };
}

describe("ids", () => {
  it("the ids this app makes pass (Prisma cuid, the seed's UUIDs); anything else does not", async () => {
    const user = await createUser();
    expect(isRecordId(user.id)).toBe(true);
    expect(isRecordId(crypto.randomUUID())).toBe(true);
    for (const [, bad] of BAD_IDS) expect(isRecordId(bad)).toBe(false);
    for (const bad of ["", "a b", "../x", "a#b", "a?b=1", "x".repeat(65), undefined, 5])
      expect(isRecordId(bad)).toBe(false);
  });
});

describe("the course editor's action", () => {
  it.each(BAD_IDS)(
    "intent=add-link with a moduloId (%s): the unknown-module flash, a short Location without it, nothing stored",
    async (_, moduloId) => {
      const { course, post } = await editorSetup();
      const response = await post({ intent: "add-link", moduloId, nombre: "Docs", url: "https://ejemplo.cl" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/docente/cursos/${course.id}/editar`);
      expect(await flashOf(response)).toEqual({ type: "error", message: M.MODULE_NOT_FOUND });
      expect(await prisma.moduleLink.count({ where: { modulo: { cursoId: course.id } } })).toBe(0);
    },
  );

  it("every intent that echoes an id answers the same way (module, question, link and file ids)", async () => {
    const { course, mod, post } = await editorSetup();
    const bad = "✓\r\n";
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: "update-module", moduloId: bad, titulo: "T" }, M.MODULE_NOT_FOUND],
      [{ intent: "move-up", moduloId: bad }, M.MODULE_NOT_FOUND],
      [{ intent: "delete", moduloId: bad }, M.MODULE_NOT_FOUND],
      [{ intent: "delete", moduloId: mod.id, archivoId: bad }, M.FILE_NOT_FOUND],
      [{ intent: "delete-link", moduloId: mod.id, enlaceId: bad }, M.LINK_NOT_FOUND],
      [{ intent: "question-up", preguntaId: bad }, M.QUESTION_NOT_FOUND],
      [{ intent: "delete-question", moduloId: mod.id, preguntaId: bad }, M.QUESTION_NOT_FOUND],
      [
        { intent: "save-question", moduloId: mod.id, preguntaId: bad, texto: "¿P?", opcion: "a", correcta: "0" },
        M.QUESTION_NOT_FOUND,
      ],
      [{ intent: "add-option", moduloId: bad, texto: "¿P?" }, M.MODULE_NOT_FOUND],
    ];
    for (const [fields, message] of cases) {
      const response = await post(fields);
      expect(response.status, fields.intent).toBe(302);
      expect(response.headers.get("Location")).toBe(`/docente/cursos/${course.id}/editar`);
      expect(await flashOf(response)).toEqual({ type: "error", message });
    }
    expect(await prisma.module.count({ where: { cursoId: course.id } })).toBe(1);
    expect(await prisma.quizQuestion.count({ where: { moduloId: mod.id } })).toBe(0);
  });

  it("a well-formed id still reaches the anchor", async () => {
    const { course, mod, post } = await editorSetup();
    const response = await post({ intent: "add-link", moduloId: mod.id, nombre: "Docs", url: "https://ejemplo.cl" });
    expect(response.headers.get("Location")).toBe(`/docente/cursos/${course.id}/editar#modulo-${mod.id}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: M.UPDATED });
  });

  it("a malformed course id in the path is a 404 (form and multipart), not a redirect", async () => {
    const admin = await signedIn("admin");
    for (const [, id] of BAD_IDS) {
      const form = await thrownBy(() =>
        editPage.action(
          args(formRequest("/docente/cursos/x/editar", { intent: "publish" }, { cookie: admin.cookie }), {
            cursoId: id,
          }),
        ),
      );
      expect(form).toEqual({ status: 404, body: M.COURSE_NOT_FOUND });
      const multipart = await thrownBy(() =>
        editPage.action(
          args(
            multipartRequest(
              "/docente/cursos/x/editar",
              { intent: "update-course", titulo: "T" },
              { cookie: admin.cookie },
            ),
            { cursoId: id },
          ),
        ),
      );
      expect(multipart).toEqual({ status: 404, body: M.COURSE_NOT_FOUND });
    }
  });
});

describe("other routes that redirect with an id", () => {
  it("module files (/docente/cursos/{cursoId}/editar/archivos): a malformed course id is a 404, a malformed moduloId never reaches the anchor", async () => {
    const { admin, course } = await editorSetup();
    const pdf = { bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), name: "a.pdf" };
    for (const [, id] of BAD_IDS) {
      expect(await thrownBy(() => filesRoute.loader(args(getRequest("/x"), { cursoId: id })))).toEqual({
        status: 404,
        body: M.COURSE_NOT_FOUND,
      });
      const page = await thrownBy(() =>
        filesRoute.action(
          args(multipartRequest("/x", { moduloId: "m", archivos: pdf }, { cookie: admin.cookie }), { cursoId: id }),
        ),
      );
      expect(page).toEqual({ status: 404, body: M.COURSE_NOT_FOUND });
      const json = await filesRoute.action(
        args(
          multipartRequest(
            "/x",
            { moduloId: "m", archivos: pdf },
            { cookie: admin.cookie, accept: "application/json" },
          ),
          { cursoId: id },
        ),
      );
      expect(json.status).toBe(404);
      expect(await json.json()).toEqual({ error: M.COURSE_NOT_FOUND });
    }
    for (const [, moduloId] of BAD_IDS) {
      const response = await filesRoute.action(
        args(
          multipartRequest(
            `/docente/cursos/${course.id}/editar/archivos`,
            { moduloId, archivos: pdf },
            { cookie: admin.cookie },
          ),
          { cursoId: course.id },
        ),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/docente/cursos/${course.id}/editar`);
      expect(await flashOf(response)).toEqual({ type: "error", message: M.MODULE_NOT_FOUND });
    }
    expect(await prisma.moduleFile.count({ where: { modulo: { cursoId: course.id } } })).toBe(0);
  });

  it("finishing a course and enrolling (/cursos/{cursoId}/finalizar, /cursos/{cursoId}): a malformed id is a 404", async () => {
    const { cookie } = await signedIn();
    for (const [, cursoId] of BAD_IDS) {
      expect(await thrownBy(() => finishRoute.loader(args(getRequest("/x"), { cursoId })))).toEqual({
        status: 404,
        body: "Curso no encontrado",
      });
      expect(await thrownBy(() => finishRoute.action(args(formRequest("/x", {}, { cookie }), { cursoId })))).toEqual({
        status: 404,
        body: "Curso no encontrado",
      });
      expect(
        await thrownBy(() =>
          courseDetail.action(args(formRequest("/x", { intent: "inscribir" }, { cookie }), { cursoId })),
        ),
      ).toEqual({ status: 404, body: "Curso no encontrado" });
    }
  });

  it("the outbox and the library come back to the list with a query rebuilt from checked values, never the raw one", async () => {
    const admin = await signedIn("admin");
    const junk = `estado=failed&page=2&x=${"y".repeat(5000)}&eliminar=%0D%0A`;
    const mail = (await enqueueMail({ kind: "contact.form", to: "q@test.cl", subject: "s", text: "t" }))!;
    const outbox = (await adminOutbox.action(
      args(formRequest(`/admin/outbox?${junk}`, { intent: "retry", id: mail.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(outbox.headers.get("Location")).toBe("/admin/outbox?page=2&estado=failed");
    const library = (await adminLibrary.action(
      args(
        formRequest(
          `/admin/library?q=libro&${junk}`,
          { intent: "delete", bookId: "no-existe" },
          { cookie: admin.cookie },
        ),
      ),
    )) as Response;
    expect(library.headers.get("Location")).toBe("/admin/library?q=libro&page=2");
  });
});
