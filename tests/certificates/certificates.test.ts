// 'Finalizar curso', certificates, their PDF, the public verification page and the /api twins,
// against a real SQLite database.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FinishCoursePanel } from "~/features/certificates/finish-course-panel.tsx";
import { certificateForCourse, finishCourse, normalizeCode } from "~/features/certificates/certificates.server.ts";
import {
  CERTIFICATE_NOT_FOUND,
  FINISH_CONGRATS,
  FINISH_LOGIN_REQUIRED,
  FINISH_NO_QUIZZES,
  FINISH_NOT_ENROLLED,
  finishIncomplete,
} from "~/features/certificates/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { storagePath } from "~/lib/storage.server.ts";
import * as adminCoursesRoute from "~/routes/admin/courses.tsx";
import * as certificadosApi from "~/routes/api/certificados.user.ts";
import * as courseApi from "~/routes/api/cursos.detail.ts";
import * as deleteUserApi from "~/routes/api/auth.user.ts";
import * as finishApi from "~/routes/api/cursos.finish.ts";
import * as pdfRoute from "~/routes/certificates/pdf.ts";
import * as verifyRoute from "~/routes/certificates/verify.tsx";
import * as verifyCodeRoute from "~/routes/certificates/verify-code.tsx";
import * as finishRoute from "~/routes/courses/finish.ts";
import {
  args,
  createAttempt,
  createCourse,
  createUser,
  dataOf,
  flashOf,
  formRequest,
  getRequest,
  jsonRequest,
  quizModules,
  readJson,
  signedIn,
  withModules,
} from "../factories.ts";

const quizCourse = (
  count: number,
  { plainModules = 0, ...over }: { titulo?: string; plainModules?: number; duracionHoras?: number | null } = {},
) =>
  createCourse(
    {
      titulo: "Educación Ambiental y Compostaje",
      duracionHoras: 12,
      ...over,
      modulos: [
        ...quizModules(count),
        ...Array.from({ length: plainModules }, (_, i) => ({ titulo: `Lectura ${i + 1}` })),
      ],
    },
    withModules,
  );

type Course = Awaited<ReturnType<typeof quizCourse>>;

async function enrol(userId: string, course: Course) {
  await prisma.enrolment.create({ data: { userId, cursoId: course.id } });
}

/** Passed quiz attempts for the first `count` quiz modules (what taking the quizzes leaves behind). */
async function pass(userId: string, course: Course, count: number) {
  for (const m of course.modulos.slice(0, count)) await createAttempt(userId, m);
}

function finishForm(courseId: string, cookie?: string, fields: Record<string, string> = {}) {
  return finishRoute.action(
    args(formRequest(`/cursos/${courseId}/finalizar`, fields, { cookie }), { cursoId: courseId }),
  ) as Promise<Response>;
}

function finishApiCall(body: unknown, token?: string) {
  return finishApi.action(args(jsonRequest("/api/cursos/finalizar", body, { token })));
}

async function servedPdf(codigo: string) {
  const response = (await pdfRoute.loader(args(getRequest(`/certificados/${codigo}/pdf`), { codigo }))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Content-Security-Policy")).toBe("sandbox");
  return new Uint8Array(await response.arrayBuffer());
}

function hasBinary(name: string) {
  try {
    execFileSync(name, ["-v"], { stdio: "ignore" });
    return true;
  } catch (error) {
    return (error as { code?: string }).code !== "ENOENT";
  }
}
const HAS_PDFTOTEXT = hasBinary("pdftotext");
const HAS_PDFTOPPM = hasBinary("pdftoppm");
if (!HAS_PDFTOTEXT)
  console.warn(
    "pdftotext no está instalado: se omite la comprobación del texto del PDF (apt-get install poppler-utils).",
  );

function pdfText(bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cert-"));
  const file = path.join(dir, "c.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("Finalizar curso: messages", () => {
  it("asks a visitor to sign in (form → /login with the message; API → 401)", async () => {
    const course = await quizCourse(2);
    const response = await finishForm(course.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/cursos/${course.id}`)}`);
    expect(await flashOf(response)).toEqual({ type: "info", message: FINISH_LOGIN_REQUIRED });

    const api = await finishApiCall({ cursoId: course.id });
    expect(api.status).toBe(401);
    expect(await readJson(api)).toEqual({ error: FINISH_LOGIN_REQUIRED });
    expect(await finishCourse(null, course.id)).toMatchObject({
      ok: false,
      status: 401,
      message: FINISH_LOGIN_REQUIRED,
    });
  });

  it("a course without quizzes cannot be finished", async () => {
    const course = await quizCourse(0, { plainModules: 2 });
    const { user, cookie, token } = await signedIn();
    await enrol(user.id, course);
    const response = await finishForm(course.id, cookie);
    expect(response.headers.get("Location")).toBe(`/cursos/${course.id}`);
    expect(await flashOf(response)).toEqual({ type: "error", message: FINISH_NO_QUIZZES });
    const api = await finishApiCall({ cursoId: course.id }, token);
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ error: FINISH_NO_QUIZZES });
  });

  it("at 2 of 3 (67%) says how far the user is (progress computed on the server, rounded to the nearest)", async () => {
    const course = await quizCourse(3, { plainModules: 1 });
    const { user, cookie, token } = await signedIn();
    await enrol(user.id, course);
    await pass(user.id, course, 2);
    const message = "Has completado 67% del curso. Necesitas completar el 100% para obtener tu certificado.";
    expect(finishIncomplete(67)).toBe(message);
    const response = await finishForm(course.id, cookie, { progreso: "100" });
    expect(await flashOf(response)).toEqual({ type: "error", message });
    const api = await finishApiCall({ cursoId: course.id, progreso: 100 }, token);
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ error: message });
    expect(await prisma.certificate.count({ where: { userId: user.id } })).toBe(0);
    expect((await prisma.enrolment.findFirstOrThrow({ where: { userId: user.id } })).progreso).toBe(67);
  });

  it("requires enrolment, and a failed attempt at a non-existent course is a 404", async () => {
    const course = await quizCourse(1);
    const { user, token } = await signedIn({ rol: "docente" });
    await pass(user.id, course, 1);
    const api = await finishApiCall({ cursoId: course.id }, token);
    expect(api.status).toBe(403);
    expect(await readJson(api)).toEqual({ error: FINISH_NOT_ENROLLED });
    const missing = await finishApiCall({ cursoId: "cnoexiste000000000000000" }, token);
    expect(missing.status).toBe(404);
    const bad = await finishApiCall({}, token);
    expect(bad.status).toBe(400);
  });

  it("at 100% issues the certificate, congratulates, and the course page helper finds it", async () => {
    const course = await quizCourse(2, { plainModules: 1 });
    const { user, cookie } = await signedIn();
    await enrol(user.id, course);
    await pass(user.id, course, 2);
    expect(await certificateForCourse(user.id, course.id)).toBeNull();
    const response = await finishForm(course.id, cookie);
    expect(response.headers.get("Location")).toBe(`/cursos/${course.id}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: FINISH_CONGRATS });
    const row = await prisma.certificate.findUniqueOrThrow({
      where: { userId_cursoId: { userId: user.id, cursoId: course.id } },
    });
    expect(row.codigo).toMatch(/^[A-Z2-7]{16}$/);
    expect(row).toMatchObject({ nombreTitular: "Ana Pérez", tituloCurso: course.titulo, duracionHoras: 12 });
    expect(row.pdfKey).toMatch(/^certificates\//);
    expect(await certificateForCourse(user.id, course.id)).toEqual({
      codigo: row.codigo,
      diplomaUrl: `http://localhost:3000/certificados/${row.codigo}/pdf`,
    });
    expect(await certificateForCourse(null, course.id)).toBeNull();
    expect(await prisma.auditLog.count({ where: { action: "certificate.issue", targetId: row.id } })).toBe(1);
  });
});

describe("issuing once", () => {
  it("finishing twice returns the same certificate and keeps one row", async () => {
    const course = await quizCourse(1);
    const { user, token, cookie } = await signedIn();
    await enrol(user.id, course);
    await pass(user.id, course, 1);
    const first = await finishApiCall({ cursoId: course.id }, token);
    expect(first.status).toBe(201);
    const body = await readJson(first);
    expect(body.diplomaUrl).toMatch(/^http:\/\/localhost:3000\/certificados\/[A-Z2-7]{16}\/pdf$/);
    const again = await finishApiCall({ cursoId: course.id }, token);
    expect(again.status).toBe(200);
    expect((await readJson(again)).diplomaUrl).toBe(body.diplomaUrl);
    await finishForm(course.id, cookie);
    expect(await prisma.certificate.count({ where: { userId: user.id, cursoId: course.id } })).toBe(1);
  });

  it("the API ignores a body usuarioId: the certificate is always the token user's", async () => {
    const course = await quizCourse(1);
    const a = await signedIn();
    const b = await signedIn({ nombre: "Beatriz", apellido: "Soto" });
    await enrol(b.user.id, course);
    await pass(b.user.id, course, 1);
    // A is not enrolled: naming B in the body does not finish B's course.
    const asA = await finishApiCall({ cursoId: course.id, usuarioId: b.user.id }, a.token);
    expect(asA.status).toBe(403);
    expect(await prisma.certificate.count({ where: { cursoId: course.id } })).toBe(0);
    // B finishing while naming A gets B's own certificate.
    await enrol(a.user.id, course);
    const asB = await finishApiCall({ cursoId: course.id, usuarioId: a.user.id }, b.token);
    expect(asB.status).toBe(201);
    const rows = await prisma.certificate.findMany({ where: { cursoId: course.id } });
    expect(rows.map((r) => [r.userId, r.nombreTitular])).toEqual([[b.user.id, "Beatriz Soto"]]);
  });
});

describe("the certificate PDF", () => {
  it("is an A4 landscape PDF with the holder, course, hours, date and code; rendered once; frozen at issue", async () => {
    const course = await quizCourse(2, { titulo: "Introducción a la Programación en Español" });
    const { user, token } = await signedIn({ nombre: "Matías", apellido: "Núñez" });
    await enrol(user.id, course);
    await pass(user.id, course, 2);
    const { diplomaUrl } = await readJson(await finishApiCall({ cursoId: course.id }, token));
    const row = await prisma.certificate.findFirstOrThrow({ where: { userId: user.id } });
    expect(diplomaUrl).toBe(`http://localhost:3000/certificados/${row.codigo}/pdf`);

    const bytes = await servedPdf(row.codigo);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBeGreaterThanOrEqual(841);
    expect(Math.round(width)).toBeLessThanOrEqual(842);
    expect(Math.round(height)).toBe(595);

    if (HAS_PDFTOTEXT) {
      const text = pdfText(bytes);
      expect(text).toContain("Matías Núñez");
      expect(text).toContain("Introducción a la Programación en Español");
      expect(text).toContain(row.codigo);
      expect(text).toContain("CERTIFICADO DE APROBACIÓN");
      expect(text).toContain("12 horas");
      expect(text).toContain(`/certificados/${row.codigo}`);
    }

    // Served from storage: a second request does not render again.
    const keyBefore = (await prisma.certificate.findUniqueOrThrow({ where: { id: row.id } })).pdfKey;
    const again = await servedPdf(row.codigo);
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    expect((await prisma.certificate.findUniqueOrThrow({ where: { id: row.id } })).pdfKey).toBe(keyBefore);

    // Renaming the user and the course later changes nothing already issued.
    await prisma.user.update({ where: { id: user.id }, data: { nombre: "Otro", apellido: "Nombre" } });
    await prisma.course.update({ where: { id: course.id }, data: { titulo: "Título nuevo" } });
    const after = await servedPdf(row.codigo);
    expect(Buffer.from(after).equals(Buffer.from(bytes))).toBe(true);
    const page = await verifyRoute.loader(args(getRequest(`/certificados/${row.codigo}`), { codigo: row.codigo }));
    expect(page.certificado).toMatchObject({
      nombreTitular: "Matías Núñez",
      tituloCurso: "Introducción a la Programación en Español",
    });
    // Even a lost file is re-rendered from the frozen row, not from the renamed user.
    fs.rmSync(storagePath(keyBefore!));
    const rerendered = await servedPdf(row.codigo);
    if (HAS_PDFTOTEXT) {
      const text = pdfText(rerendered);
      expect(text).toContain("Matías Núñez");
      expect(text).not.toContain("Otro Nombre");
    }

    if (HAS_PDFTOPPM) {
      fs.mkdirSync(".tmp", { recursive: true });
      fs.writeFileSync(".tmp/certificado.pdf", bytes);
      execFileSync("pdftoppm", ["-png", "-r", "60", "-singlefile", ".tmp/certificado.pdf", ".tmp/certificado"]);
      expect(fs.existsSync(".tmp/certificado.png")).toBe(true);
    }
  });

  it("renders lazily when the row has no PDF yet, and 404s an unknown code", async () => {
    const course = await quizCourse(1, { duracionHoras: null });
    const user = await createUser({ nombre: "José", apellido: "Muñoz" });
    const row = await prisma.certificate.create({
      data: {
        codigo: "ABCDEFGHJKMNPQRS",
        userId: user.id,
        cursoId: course.id,
        nombreTitular: "José Muñoz",
        tituloCurso: course.titulo,
      },
    });
    expect(row.pdfKey).toBeNull();
    const [a, b] = await Promise.all([servedPdf(row.codigo), servedPdf(row.codigo)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const stored = await prisma.certificate.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.pdfKey).toMatch(/^certificates\//);
    const dir = path.dirname(storagePath(stored.pdfKey!));
    const mine = fs.readdirSync(dir).filter((f) => f === path.basename(stored.pdfKey!));
    expect(mine).toHaveLength(1);

    const unknown = (await pdfRoute.loader(
      args(getRequest("/certificados/ZZZZZZZZZZZZZZZZ/pdf"), { codigo: "ZZZZZZZZZZZZZZZZ" }),
    )) as Response;
    expect(unknown.status).toBe(404);
    const malformed = (await pdfRoute.loader(
      args(getRequest("/certificados/..%2F/pdf"), { codigo: "../x" }),
    )) as Response;
    expect(malformed.status).toBe(404);
  });
});

describe("public verification page", () => {
  it("by its typed code (/certificados/verificar?codigo=): a known one leads to its page; others come back with why", async () => {
    const course = await quizCourse(1);
    const { user } = await signedIn({ nombre: "Rayén", apellido: "Painemal" });
    await enrol(user.id, course);
    await pass(user.id, course, 1);
    const result = await finishCourse(user, course.id);
    const codigo = result.ok ? result.codigo : "";
    const typed = (value: string | null) =>
      verifyCodeRoute.loader(
        args(
          getRequest(`/certificados/verificar${value === null ? "" : `?${new URLSearchParams({ codigo: value })}`}`),
        ),
      );
    // The empty form.
    expect(await typed(null)).toEqual({ codigo: "", error: null });
    // Typed in lower case, in groups with spaces and dashes: its verification page.
    const grouped = `${codigo.slice(0, 4).toLowerCase()} ${codigo.slice(4, 8)}-${codigo.slice(8)} `;
    const found = (await typed(grouped)) as Response;
    expect(found.status).toBe(302);
    expect(found.headers.get("Location")).toBe(`/certificados/${codigo}`);
    // Empty, malformed and unknown codes: the form again, with the typed value and the reason.
    for (const [value, status, message] of [
      [" ", 400, "Escribe el código del certificado."],
      ["ABC", 400, /^El código tiene 16 caracteres/],
      ["ZZZZZZZZZZZZZZZZ", 404, /^Certificado no encontrado\. El código no corresponde/],
    ] as const) {
      const answer = dataOf<Record<string, unknown>>(await typed(value));
      expect(answer.status, value).toBe(status);
      expect(answer.data.codigo).toBe(value);
      expect(answer.data.error).toMatch(message);
    }
  });

  it("shows a known code to anyone; an unknown code is a 404 'Certificado no encontrado'", async () => {
    const course = await quizCourse(1);
    const { user } = await signedIn({ nombre: "Matías", apellido: "Núñez" });
    await enrol(user.id, course);
    await pass(user.id, course, 1);
    const result = await finishCourse(user, course.id);
    expect(result.ok).toBe(true);
    const codigo = result.ok ? result.codigo : "";

    const page = await verifyRoute.loader(args(getRequest(`/certificados/${codigo}`), { codigo }));
    expect(page.valido).toBe(true);
    expect(page.certificado).toMatchObject({
      codigo,
      nombreTitular: "Matías Núñez",
      tituloCurso: course.titulo,
      duracionHoras: 12,
      diplomaUrl: `http://localhost:3000/certificados/${codigo}/pdf`,
    });
    expect(new Date(page.certificado.emitidoEn).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // A code typed in lower case still verifies.
    expect(normalizeCode(` ${codigo.toLowerCase()} `)).toBe(codigo);

    for (const bad of ["ZZZZZZZZZZZZZZZZ", "no-existe", ""]) {
      await expect(verifyRoute.loader(args(getRequest(`/certificados/${bad}`), { codigo: bad }))).rejects.toMatchObject(
        {
          init: { status: 404 },
          data: CERTIFICATE_NOT_FOUND,
        },
      );
    }
  });
});

describe("certificates outlive their course", () => {
  it("deleting the course (admin table or DELETE /api/cursos/{cursoId}) keeps each certificate, its PDF file and its verification", async () => {
    const first = await quizCourse(1, { titulo: "Huertos escolares" });
    const second = await quizCourse(1, { titulo: "Robótica básica", duracionHoras: 8 });
    const { user, token } = await signedIn({ nombre: "Matías", apellido: "Núñez" });
    for (const course of [first, second]) {
      await enrol(user.id, course);
      await pass(user.id, course, 1);
      expect((await finishCourse(user, course.id)).ok).toBe(true);
    }
    const before = await prisma.certificate.findMany({ where: { userId: user.id }, orderBy: { tituloCurso: "asc" } });
    expect(before.map((c) => c.tituloCurso)).toEqual(["Huertos escolares", "Robótica básica"]);
    const pdfsBefore = await Promise.all(before.map((c) => servedPdf(c.codigo)));

    const admin = await signedIn({ rol: "admin" });
    const page = (await adminCoursesRoute.action(
      args(formRequest("/admin/courses", { intent: "delete", courseId: first.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(page.status).toBe(302);
    const api = await courseApi.action(
      args(jsonRequest(`/api/cursos/${second.id}`, null, { method: "DELETE", token: admin.token }), {
        cursoId: second.id,
      }),
    );
    expect(api.status).toBe(200);
    expect(await prisma.course.count({ where: { id: { in: [first.id, second.id] } } })).toBe(0);
    // Enrolments and attempts go with the course; nothing the certificate shows depends on them.
    expect(await prisma.enrolment.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.quizAttempt.count({ where: { userId: user.id } })).toBe(0);

    // The rows stay, detached (two of them with cursoId null: the unique index allows it), frozen.
    const after = await prisma.certificate.findMany({ where: { userId: user.id }, orderBy: { tituloCurso: "asc" } });
    expect(after).toEqual(before.map((c) => ({ ...c, cursoId: null })));
    for (const [i, row] of after.entries()) {
      // The stored PDF stays too, and is served as it was (not rendered again).
      expect(fs.existsSync(storagePath(row.pdfKey!))).toBe(true);
      expect(Buffer.from(await servedPdf(row.codigo)).equals(Buffer.from(pdfsBefore[i]!))).toBe(true);
      expect((await prisma.certificate.findUniqueOrThrow({ where: { id: row.id } })).pdfKey).toBe(row.pdfKey);

      const verified = await verifyRoute.loader(
        args(getRequest(`/certificados/${row.codigo}`), { codigo: row.codigo }),
      );
      expect(verified.valido).toBe(true);
      expect(verified.certificado).toMatchObject({
        codigo: row.codigo,
        nombreTitular: "Matías Núñez",
        tituloCurso: row.tituloCurso,
        duracionHoras: row.duracionHoras,
        emitidoEn: row.emitidoEn.toISOString(),
        cursoId: null,
      });
    }

    // The owner's list keeps them, with the frozen title and no course to link to.
    const listed = await certificadosApi.loader(
      args(jsonRequest(`/api/certificados/usuario/${user.id}`, null, { method: "GET", token }), { userId: user.id }),
    );
    const list = (await readJson(listed)).certificados as Array<Record<string, unknown>>;
    expect(list.map((c) => [c.tituloCurso, c.cursoId]).sort()).toEqual([
      ["Huertos escolares", null],
      ["Robótica básica", null],
    ]);

    // A missing file is rendered again from the frozen row, course or no course.
    fs.rmSync(storagePath(after[0]!.pdfKey!));
    const rerendered = await servedPdf(after[0]!.codigo);
    if (HAS_PDFTOTEXT) {
      const text = pdfText(rerendered);
      expect(text).toContain("Matías Núñez");
      expect(text).toContain("Huertos escolares");
    }
    // The course itself is gone: finishing it again is a 404, and the course page has no certificate to offer.
    expect(await finishCourse(user, first.id)).toMatchObject({ ok: false, status: 404 });
    expect(await certificateForCourse(user.id, first.id)).toBeNull();
  });
});

describe("GET /api/certificados/usuario/{userId}", () => {
  it("lists one's own certificates, refuses others (403), lets admins see anyone's", async () => {
    const course = await quizCourse(1);
    const owner = await signedIn();
    const other = await signedIn();
    const admin = await signedIn({ rol: "admin" });
    await enrol(owner.user.id, course);
    await pass(owner.user.id, course, 1);
    await finishCourse(owner.user, course.id);
    const call = (userId: string, token?: string) =>
      certificadosApi.loader(
        args(jsonRequest(`/api/certificados/usuario/${userId}`, null, { method: "GET", token }), { userId }),
      );

    const own = await call(owner.user.id, owner.token);
    expect(own.status).toBe(200);
    const list = (await readJson(own)).certificados as Array<Record<string, unknown>>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ cursoId: course.id, tituloCurso: course.titulo, nombreTitular: "Ana Pérez" });
    expect(list[0]!.diplomaUrl).toMatch(/\/certificados\/[A-Z2-7]{16}\/pdf$/);
    expect(JSON.stringify(list)).not.toMatch(/pdfKey|userId/);

    const forbidden = await call(owner.user.id, other.token);
    expect(forbidden.status).toBe(403);
    expect(await readJson(forbidden)).toEqual({ error: "No tienes permiso para realizar esta acción." });

    const asAdmin = await call(owner.user.id, admin.token);
    expect(asAdmin.status).toBe(200);
    expect((await readJson(asAdmin)).certificados).toEqual(list);

    expect(await readJson(await call(other.user.id, other.token))).toEqual({ certificados: [] });
    expect((await call(owner.user.id)).status).toBe(401);
    expect((await call("cnoexiste000000000000000", admin.token)).status).toBe(404);
  });
});

describe("the finish panel (server-rendered, before hydration)", () => {
  function html(props: Parameters<typeof FinishCoursePanel>[0]) {
    const Stub = createRoutesStub([
      { path: "/cursos/:cursoId", Component: () => createElement(FinishCoursePanel, props) },
    ]);
    return renderToString(createElement(Stub, { initialEntries: [`/cursos/${props.courseId}`] }));
  }

  it("offers 'Finalizar curso' as a POST form, or the certificate links with a selectable field", () => {
    const form = html({ courseId: "c1", certificate: null, canFinish: true });
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/cursos/c1/finalizar"');
    expect(form).toContain("Finalizar curso");
    expect(html({ courseId: "c1", certificate: null, canFinish: false })).not.toContain("Finalizar curso");

    const url = "http://localhost:3000/certificados/ABCDEFGHJKMNPQRS/pdf";
    const done = html({
      courseId: "c1",
      certificate: { codigo: "ABCDEFGHJKMNPQRS", diplomaUrl: url },
      canFinish: true,
    });
    expect(done).toContain("¡Felicitaciones!");
    expect(done).toMatch(
      /<a href="http:\/\/localhost:3000\/certificados\/ABCDEFGHJKMNPQRS\/pdf" target="_blank" rel="noopener"[^>]*>Ver certificado<span class="sr-only"> \(se abre en una pestaña nueva\)<\/span><\/a>/,
    );
    expect(done).toMatch(
      /<input[^>]*readOnly=""[^>]*value="http:\/\/localhost:3000\/certificados\/ABCDEFGHJKMNPQRS\/pdf"/,
    );
    expect(done).not.toContain("Copiar URL");
    expect(done).not.toContain("Finalizar curso");
  });
});

describe("deleting the holder's account", () => {
  it("revoked at deletion, a certificate keeps no name and no stored PDF (no orphan files)", async () => {
    const course = await quizCourse(1);
    const { user, cookie } = await signedIn();
    const admin = await signedIn("admin");
    await enrol(user.id, course);
    await pass(user.id, course, 1);
    await finishForm(course.id, cookie);
    const row = await prisma.certificate.findUniqueOrThrow({
      where: { userId_cursoId: { userId: user.id, cursoId: course.id } },
    });
    expect(fs.existsSync(storagePath(row.pdfKey!))).toBe(true);

    // The admin's choice: revoked. Kept verifiable is the default (tests/privacy/account-deletion.test.ts).
    const deleted = await deleteUserApi.action(
      args(
        jsonRequest(
          `/api/auth/users/${user.id}`,
          { certificados: "revocar" },
          { method: "DELETE", token: admin.token },
        ),
        { userId: user.id },
      ),
    );
    expect(deleted.status).toBe(200);
    expect(await prisma.certificate.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      userId: null,
      nombreTitular: "",
      pdfKey: null,
    });
    expect(fs.existsSync(storagePath(row.pdfKey!))).toBe(false);
  });
});
