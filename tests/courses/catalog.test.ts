// @postgresql: the catalog's pages and counts in raw SQL
// Catalog, course detail, enrolment and their /api twins against a real SQLite database.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { storeBytes } from "~/lib/storage.server.ts";
import { listCourses } from "~/features/courses/courses.server.ts";
import { ENROL_LOGIN_REQUIRED, enrolWrongAudience } from "~/features/enrolment/rules.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import type { Role } from "~/features/accounts/roles.ts";
import * as detailRoute from "~/routes/courses/detail.tsx";
import * as fileRoute from "~/routes/courses/module-file.ts";
import * as imageRoute from "~/routes/courses/image.ts";
import * as apiDetail from "~/routes/api/cursos.detail.ts";
import * as apiList from "~/routes/api/cursos.list.ts";
import * as apiAudience from "~/routes/api/cursos.audience.ts";
import * as apiEnrol from "~/routes/api/cursos.enrol.ts";
import * as apiCount from "~/routes/api/cursos.participant-count.ts";
import {
  args,
  createCourse,
  formRequest,
  getRequest,
  jsonRequest,
  oneQuestionQuiz,
  readJson,
  signedIn,
  storedPdf,
} from "../factories.ts";

const catalogCourse = async (over: { dirigidoA?: string; estado?: string; titulo?: string } = {}) =>
  createCourse(
    {
      titulo: "Curso de prueba",
      herramientas: ["Uno"],
      loAprenderan: ["Algo"],
      ...over,
      modulos: [
        {
          titulo: "Módulo A",
          archivos: await storedPdf(),
          enlaces: { create: [{ nombre: "Sitio", url: "https://example.org" }] },
          preguntas: oneQuestionQuiz(),
        },
      ],
    },
    { include: { modulos: { include: { archivos: true } } } },
  );

async function flashOf(response: Response) {
  return decodeURIComponent(response.headers.get("Set-Cookie") ?? "");
}

describe("visibility", () => {
  it("lists drafts only for docentes and admins", async () => {
    const draft = await catalogCourse({ estado: "borrador", titulo: "Borrador secreto" });
    const ids = async (rol: Role | null) =>
      (await listCourses({ viewer: rol ? { id: "x", rol } : null })).courses.map((c) => c.id);
    expect(await ids(null)).not.toContain(draft.id);
    expect(await ids("estudiante")).not.toContain(draft.id);
    expect(await ids("comunidad")).not.toContain(draft.id);
    expect(await ids("docente")).toContain(draft.id);
    expect(await ids("admin")).toContain(draft.id);
  });

  it("the API applies the token's role; the public audience list never shows drafts", async () => {
    const draft = await catalogCourse({ estado: "borrador", dirigidoA: "docente" });
    const docente = await signedIn("docente");
    const anon = await readJson(await apiList.loader(args(jsonRequest("/api/cursos/lista", null, { method: "GET" }))));
    const withToken = await readJson(
      await apiList.loader(args(jsonRequest("/api/cursos/lista", null, { method: "GET", token: docente.token }))),
    );
    const has = (body: Record<string, unknown>) =>
      (body.cursos as Array<{ id: string }>).some((c) => c.id === draft.id);
    expect(has(anon)).toBe(false);
    expect(has(withToken)).toBe(true);
    const bad = await apiList.loader(args(jsonRequest("/api/cursos/lista", null, { method: "GET", token: "nope" })));
    expect(bad.status).toBe(401);
    const publico = await apiAudience.loader(
      args(jsonRequest("/api/cursos/publico/docente", null, { method: "GET" }), { tipo: "docente" }),
    );
    expect(has(await readJson(publico))).toBe(false);
    const invalid = await apiAudience.loader(
      args(jsonRequest("/api/cursos/publico/otro", null, { method: "GET" }), { tipo: "otro" }),
    );
    expect(invalid.status).toBe(404);
    expect(await readJson(invalid)).toEqual({ error: "Categoría no válida" });
  });
});

describe("course images (/imagenes/cursos/{cursoId})", () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  async function withImage(estado: string) {
    const course = await catalogCourse({ estado });
    const imagen = await storeBytes("courses", "png", PNG);
    return prisma.course.update({ where: { id: course.id }, data: { imagen } });
  }
  const image = (id: string, init: { cookie?: string; token?: string } = {}) => {
    const headers = new Headers({ Host: "localhost:3000" });
    if (init.cookie) headers.set("Cookie", init.cookie);
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    return imageRoute.loader(
      args(new Request(`http://localhost:3000/imagenes/cursos/${id}`, { headers }), { cursoId: id }),
    ) as Promise<Response>;
  };

  it("a draft's image is a 404 wherever its course page is (visitor, estudiante, comunidad); admins and docentes see it", async () => {
    const draft = await withImage("borrador");
    const [estudiante, comunidad, docente, admin] = await Promise.all([
      signedIn("estudiante"),
      signedIn("comunidad"),
      signedIn("docente"),
      signedIn("admin"),
    ]);

    for (const who of [{}, { cookie: estudiante.cookie }, { cookie: comunidad.cookie }, { token: estudiante.token }]) {
      const response = await image(draft.id, who);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toBe("Imagen no encontrada");
    }
    // The same answer as the course page gives them.
    await expect(
      detailRoute.loader(args(getRequest(`/cursos/${draft.id}`), { cursoId: draft.id })),
    ).rejects.toMatchObject({ init: { status: 404 } });

    for (const who of [{ cookie: admin.cookie }, { token: admin.token }, { cookie: docente.cookie }]) {
      const response = await image(draft.id, who);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Content-Security-Policy")).toBe("sandbox");
      // Never in a shared cache: the next visitor must not get it from there.
      expect(response.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    }
    expect((await image(draft.id, { token: "no-es-un-token" })).status).toBe(401);
  });

  it("a published course's image is public and cacheable; an unknown course is a 404", async () => {
    const published = await withImage("publicado");
    const response = await image(published.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect((await image("cnoexiste000000000000000")).status).toBe(404);
  });
});

describe("course detail", () => {
  it("hides materials from visitors and non-enrolled users, never sends answers", async () => {
    const course = await catalogCourse();
    const visitor = await readJson(
      await apiDetail.loader(args(getRequest(`/api/cursos/${course.id}`), { cursoId: course.id })),
    );
    expect(visitor.materiales).toBe(false);
    expect((visitor.modulos as Array<{ archivosModulo: unknown[]; enlaces: unknown[] }>)[0]).toMatchObject({
      archivosModulo: [],
      enlaces: [],
    });

    const docente = await signedIn("docente");
    const response = await apiDetail.loader(
      args(jsonRequest(`/api/cursos/${course.id}`, null, { method: "GET", token: docente.token }), {
        cursoId: course.id,
      }),
    );
    const text = await response.text();
    expect(text).toContain("Guía.pdf");
    expect(text).not.toMatch(/correcta|respuestaCorrecta/);
    expect(text).not.toContain('"4"');
  });

  it("404s an unknown id and a draft for a student", async () => {
    const draft = await catalogCourse({ estado: "borrador" });
    const student = await signedIn("estudiante");
    const response = await apiDetail.loader(
      args(jsonRequest(`/api/cursos/${draft.id}`, null, { method: "GET", token: student.token }), {
        cursoId: draft.id,
      }),
    );
    expect(response.status).toBe(404);
    await expect(
      detailRoute.loader(args(getRequest(`/cursos/${draft.id}`, student.cookie), { cursoId: draft.id })),
    ).rejects.toMatchObject({
      init: { status: 404 },
      data: "Curso no encontrado",
    });
    await expect(
      detailRoute.loader(args(getRequest("/cursos/marcianos"), { cursoId: "marcianos" })),
    ).rejects.toMatchObject({
      data: "Categoría no válida",
    });
  });

  it("serves module files only to those who may see materials, with Range support", async () => {
    const course = await catalogCourse();
    const file = course.modulos[0]!.archivos[0]!;
    const params = { cursoId: course.id, archivoId: file.id };
    const student = await signedIn("estudiante");
    const denied = (await fileRoute.loader(args(getRequest("/x", student.cookie), params))) as Response;
    expect(denied.status).toBe(403);
    await expect(fileRoute.loader(args(getRequest("/x"), params))).rejects.toHaveProperty("status", 302);

    await prisma.enrolment.create({ data: { userId: student.user.id, cursoId: course.id } });
    const ok = (await fileRoute.loader(args(getRequest("/x", student.cookie), params))) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(ok.headers.get("Content-Security-Policy")).toBe("sandbox");
    const ranged = new Request("http://localhost:3000/x", { headers: { Cookie: student.cookie, Range: "bytes=0-3" } });
    const part = (await fileRoute.loader(args(ranged, params))) as Response;
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("%PDF");
    const missing = (await fileRoute.loader(
      args(getRequest("/x", student.cookie), { ...params, archivoId: "nada" }),
    )) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("enrolment ('Comenzar Curso' and POST /api/cursos/{cursoId}/registrarParticipante)", () => {
  const enrolForm = (courseId: string, cookie?: string, volver = "/cursos") =>
    detailRoute.action(
      args(formRequest(`/cursos/${courseId}`, { intent: "inscribir", volver }, { cookie }), {
        cursoId: courseId,
      }),
    );

  it("sends visitors to log in and come back", async () => {
    const course = await catalogCourse();
    const response = (await enrolForm(course.id)) as Response;
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/cursos/${course.id}`)}`);
    expect(await flashOf(response)).not.toBe("");
    expect(await prisma.enrolment.count({ where: { cursoId: course.id } })).toBe(0);
    const api = await apiEnrol.action(
      args(jsonRequest(`/api/cursos/${course.id}/registrarParticipante`, {}), { cursoId: course.id }),
    );
    expect(api.status).toBe(401);
    expect(ENROL_LOGIN_REQUIRED).toBe("Por favor inicie sesión para tomar el curso.");
  });

  it("enrols once, counts the participant once, and opens the course", async () => {
    const course = await catalogCourse({ dirigidoA: "estudiante" });
    const student = await signedIn("estudiante");
    const first = (await enrolForm(course.id, student.cookie)) as Response;
    expect(first.headers.get("Location")).toBe(`/cursos/${course.id}`);
    await enrolForm(course.id, student.cookie);
    const again = await apiEnrol.action(
      args(jsonRequest(`/api/cursos/${course.id}/registrarParticipante`, {}, { token: student.token }), {
        cursoId: course.id,
      }),
    );
    expect(again.status).toBe(200);
    expect(await prisma.enrolment.count({ where: { cursoId: course.id } })).toBe(1);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).cantidadParticipantes).toBe(1);
    const count = await apiCount.loader(
      args(
        jsonRequest(`/api/cursos/${course.id}/cantidadParticipantes`, null, { method: "GET", token: student.token }),
        { cursoId: course.id },
      ),
    );
    expect(await readJson(count)).toEqual({ cantidadParticipantes: 1 });
  });

  it("refuses another audience and drafts to students, with the documented messages; docentes may", async () => {
    const forDocentes = await catalogCourse({ dirigidoA: "docente" });
    const draft = await catalogCourse({ estado: "borrador" });
    const student = await signedIn("estudiante");
    const wrong = await apiEnrol.action(
      args(jsonRequest(`/api/cursos/${forDocentes.id}/registrarParticipante`, {}, { token: student.token }), {
        cursoId: forDocentes.id,
      }),
    );
    expect(wrong.status).toBe(403);
    expect(await readJson(wrong)).toEqual({ error: enrolWrongAudience("docente") });
    const hidden = await apiEnrol.action(
      args(jsonRequest(`/api/cursos/${draft.id}/registrarParticipante`, {}, { token: student.token }), {
        cursoId: draft.id,
      }),
    );
    // A draft answers as its page does: it does not exist for this viewer.
    expect(hidden.status).toBe(404);
    expect(await readJson(hidden)).toEqual({ error: COURSE_NOT_FOUND });
    const page = (await enrolForm(forDocentes.id, student.cookie)) as Response;
    expect(page.headers.get("Location")).toBe("/cursos");
    // A 'volver' that normalises to //host goes back to the course instead.
    const evil = (await enrolForm(forDocentes.id, student.cookie, "/cursos/..//evil.example/x")) as Response;
    expect(evil.headers.get("Location")).toBe(`/cursos/${forDocentes.id}`);
    expect(await prisma.enrolment.count({ where: { userId: student.user.id } })).toBe(0);

    const docente = await signedIn("docente");
    const ok = await apiEnrol.action(
      args(jsonRequest(`/api/cursos/${draft.id}/registrarParticipante`, {}, { token: docente.token }), {
        cursoId: draft.id,
      }),
    );
    expect(ok.status).toBe(201);
  });

  it("404s an unknown course", async () => {
    const student = await signedIn("estudiante");
    const response = await apiEnrol.action(
      args(jsonRequest(`/api/cursos/nope/registrarParticipante`, {}, { token: student.token }), { cursoId: "nope" }),
    );
    expect(response.status).toBe(404);
  });
});
