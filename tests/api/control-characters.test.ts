// No control characters stored (docs/product.md#text-fields): NUL and the other C0 controls are refused with one
// Spanish message by every form and /api route that stores text people type (users, messages,
// contact, courses, modules, links, books); line breaks and tabs survive only in multi-line
// fields. Through the same route modules the browser and clients use, against a real database.
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as adminLibrary from "~/routes/admin/library.tsx";
import * as registerApi from "~/routes/api/auth.register.ts";
import * as booksUpload from "~/routes/api/books.upload.ts";
import * as createCourseApi from "~/routes/api/cursos.create.ts";
import * as mailSend from "~/routes/api/mail.send.ts";
import * as mensajesApi from "~/routes/api/mensajes.ts";
import * as registerPage from "~/routes/auth/register.tsx";
import * as contactPage from "~/routes/contact.tsx";
import * as userMessages from "~/routes/user/messages.tsx";
import {
  PNG_1PX,
  args,
  createCourse,
  createUser,
  dataOf,
  formRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  signedIn,
} from "../factories.ts";

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
const PNG = {
  bytes: PNG_1PX,
  name: "p.png",
  type: "image/png",
};

const registration = (correo: string, nombre = "abc\u0000def") => ({
  nombre,
  apellido: "Navarro",
  correo,
  fechaNacimiento: "1999-09-09",
  rol: "estudiante",
  password: "pizarra verde 2026",
  confirmarPassword: "pizarra verde 2026",
});

describe("accounts", () => {
  it("POST /api/auth/register with a NUL in the name: 400 with the Spanish message, no account", async () => {
    const response = await registerApi.action(args(jsonRequest("/api/auth/register", registration("nul@test.cl"))));
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: TEXT_NOT_ALLOWED });
    const broken = await registerApi.action(
      args(jsonRequest("/api/auth/register", registration("salto@test.cl", "Ana\r\nMaría"))),
    );
    expect(await readJson(broken)).toEqual({ error: TEXT_NOT_ALLOWED });
    expect(await prisma.user.count({ where: { correo: { in: ["nul@test.cl", "salto@test.cl"] } } })).toBe(0);
  });

  it("the registration form refuses it too and gives the typed values back", async () => {
    const result = dataOf<{ result: Reply }>(
      await registerPage.action(args(formRequest("/registro", registration("form-nul@test.cl")))),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error?.nombre).toEqual([TEXT_NOT_ALLOWED]);
    expect(result.data.result.initialValue).toMatchObject({ nombre: "abc\u0000def", correo: "form-nul@test.cl" });
    expect(await prisma.user.count({ where: { correo: "form-nul@test.cl" } })).toBe(0);
  });
});

describe("spoofed text: C1 controls and bidirectional overrides", () => {
  it("names and subjects with U+0085, U+202E or U+2066–2069 are refused before they reach an e-mail subject", async () => {
    for (const [i, nombre] of [
      "Ana\u0085María",
      "Ana\u202eairáM",
      "Ana\u2066María\u2069",
      "Ana\u2028María",
    ].entries()) {
      const response = await registerApi.action(
        args(jsonRequest("/api/auth/register", registration(`bidi-${i}@test.cl`, nombre))),
      );
      expect(response.status, JSON.stringify(nombre)).toBe(400);
      expect(await readJson(response)).toEqual({ error: TEXT_NOT_ALLOWED });
    }
    expect(await prisma.user.count({ where: { correo: { startsWith: "bidi-" } } })).toBe(0);
    // No admin notice was queued either: the registration never happened.
    expect(await prisma.outboxMail.count({ where: { text: { contains: "\u202e" } } })).toBe(0);

    const { token } = await signedIn();
    const beto = await createUser();
    for (const subject of ["Factura\u202efdp.exe", "Hola\u0085Bcc", "Hola\u2067x\u2069"]) {
      const refused = await mensajesApi.action(
        args(jsonRequest("/api/mensajes", { to: beto.correo, subject, content: "x" }, { token })),
      );
      expect(refused.status, JSON.stringify(subject)).toBe(400);
    }
    // A C1 control in a message body is refused too; plain accents and emoji are not.
    const body = await mensajesApi.action(
      args(jsonRequest("/api/mensajes", { to: beto.correo, subject: "Hola", content: "a\u0085b" }, { token })),
    );
    expect(body.status).toBe(400);
    const fine = await mensajesApi.action(
      args(jsonRequest("/api/mensajes", { to: beto.correo, subject: "Ñandú 👋", content: "¿Qué tal?" }, { token })),
    );
    expect(fine.status).toBe(201);
  });
});

describe("spoofed text, fourth pass: multi-line bodies and invisible names", () => {
  it("a message body or a contact message with a bidirectional control is refused; line breaks stay", async () => {
    const { token } = await signedIn();
    const beto = await createUser();
    for (const content of ["Hola\n\u202efdp.exe", "Hola\u2066x\u2069", "a\u2028b"]) {
      const refused = await mensajesApi.action(
        args(jsonRequest("/api/mensajes", { to: beto.correo, subject: "Hola", content }, { token })),
      );
      expect(refused.status, JSON.stringify(content)).toBe(400);
      expect(await readJson(refused)).toEqual({ error: TEXT_NOT_ALLOWED });
    }
    expect(await prisma.message.count({ where: { to: beto.correo } })).toBe(0);
    const contact = await mailSend.action(
      args(
        jsonRequest("/api/mail/send", { nombre: "Rosa", correo: "rosa-bidi@test.cl", mensaje: "Hola\n\u202eetneg" }),
      ),
    );
    expect(contact.status).toBe(400);
    expect(await prisma.contactMessage.count({ where: { correo: "rosa-bidi@test.cl" } })).toBe(0);
  });

  it("a name with a zero-width character is refused by the registration (API and form) and the contact form", async () => {
    const api = await registerApi.action(
      args(jsonRequest("/api/auth/register", registration("zw-api@test.cl", "Ana\u200bMaría"))),
    );
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ error: TEXT_NOT_ALLOWED });
    const form = dataOf<{ result: Reply }>(
      await registerPage.action(args(formRequest("/registro", registration("zw-form@test.cl", "A\ufeffna")))),
    );
    expect(form.data.result.error?.nombre).toEqual([TEXT_NOT_ALLOWED]);
    expect(form.data.result.initialValue).toMatchObject({ nombre: "A\ufeffna" });
    const page = dataOf<{ result: Reply }>(
      await contactPage.action(
        args(formRequest("/contacto", { nombre: "Rosa\u200dDíaz", correo: "rosa-zw@test.cl", mensaje: "Hola" })),
      ),
    );
    expect(page.data.result.error?.nombre).toEqual([TEXT_NOT_ALLOWED]);
    expect(await prisma.user.count({ where: { correo: { startsWith: "zw-" } } })).toBe(0);
  });
});

describe("messages", () => {
  it("a subject with a line break is refused (API and form); the content keeps its line breaks and tabs", async () => {
    const { token, cookie } = await signedIn();
    const beto = await createUser();
    const send = (fields: Record<string, string>) =>
      mensajesApi.action(args(jsonRequest("/api/mensajes", { to: beto.correo, ...fields }, { token })));

    const refused = await send({ subject: "Hola\nBcc: otro@test.cl", content: "x" });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ error: TEXT_NOT_ALLOWED });
    expect((await readJson(await send({ subject: "Hola", content: "a\u0000b" }))).error).toBe(TEXT_NOT_ALLOWED);
    const form = dataOf<{ result: Reply }>(
      await userMessages.action(
        args(formRequest("/user/messages?nuevo=1", { to: beto.correo, subject: "Ho\tla", content: "x" }, { cookie })),
      ),
    );
    expect(form.status).toBe(400);
    expect(form.data.result.error?.subject).toEqual([TEXT_NOT_ALLOWED]);
    expect(await prisma.message.count({ where: { to: beto.correo } })).toBe(0);

    const content = "Primera línea\n\tcon sangría\nfin";
    const sent = await send({ subject: "Con saltos", content });
    expect(sent.status).toBe(201);
    expect(await prisma.message.findFirstOrThrow({ where: { to: beto.correo } })).toMatchObject({
      subject: "Con saltos",
      content,
    });
  });
});

describe("contact", () => {
  it("a NUL in the message is refused by /api/mail/send and by the page; a name is one line", async () => {
    const api = await mailSend.action(
      args(jsonRequest("/api/mail/send", { nombre: "Rosa", correo: "rosa-nul@test.cl", mensaje: "Hola\u0000" })),
    );
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ error: TEXT_NOT_ALLOWED });
    const page = dataOf<{ result: Reply }>(
      await contactPage.action(
        args(formRequest("/contacto", { nombre: "Rosa\nDíaz", correo: "rosa-nul@test.cl", mensaje: "Hola" })),
      ),
    );
    expect(page.status).toBe(400);
    expect(page.data.result.error?.nombre).toEqual([TEXT_NOT_ALLOWED]);
    expect(await prisma.contactMessage.count({ where: { correo: "rosa-nul@test.cl" } })).toBe(0);
  });
});

describe("courses", () => {
  it("the API refuses a NUL in a course field, a module, a link or a quiz option, and stores nothing", async () => {
    const admin = await signedIn("admin");
    const courses = await prisma.course.count();
    const cases: Array<[Record<string, string>, string]> = [
      [{ titulo: "Curso\u0000" }, TEXT_NOT_ALLOWED],
      [{ titulo: "Curso", bienvenida: "Hola\u0007" }, TEXT_NOT_ALLOWED],
      [{ titulo: "Curso", herramientas: JSON.stringify(["Planilla\u0000"]) }, TEXT_NOT_ALLOWED],
      [
        { titulo: "Curso", modulos: JSON.stringify([{ titulo: "M", descripcion: "d\u001b" }]) },
        `Módulo 1: ${TEXT_NOT_ALLOWED}`,
      ],
      [
        {
          titulo: "Curso",
          modulos: JSON.stringify([{ titulo: "M", enlaces: [{ nombre: "Docs", url: "https://a.cl/\nx" }] }]),
        },
        `Módulo 1: ${TEXT_NOT_ALLOWED}`,
      ],
      [
        {
          titulo: "Curso",
          modulos: JSON.stringify([
            { titulo: "M", quiz: [{ texto: "¿P?", opciones: ["a\u0000", "b"], respuestaCorrecta: 1 }] },
          ]),
        },
        `Módulo 1: Pregunta 1: ${TEXT_NOT_ALLOWED}`,
      ],
    ];
    for (const [fields, message] of cases) {
      const parts = [...Object.entries({ duracionHoras: "2", ...fields }), ["imagen", PNG] as const];
      const response = await createCourseApi.action(
        args(multipartRequest("/api/cursos", parts as never, { token: admin.token })),
      );
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await readJson(response)).toEqual({ error: message });
    }
    expect(await prisma.course.count()).toBe(courses);
  });

  it("the editor refuses a NUL in a module description and gives the typed values back; inline texts still lose line breaks", async () => {
    const admin = await signedIn("admin");
    const course = await createCourse({ titulo: "Editor", estado: "borrador" });
    const post = (fields: Record<string, string>) =>
      editPage.action(
        args(formRequest(`/docente/cursos/${course.id}/editar`, fields, { cookie: admin.cookie }), {
          cursoId: course.id,
        }),
      );
    const refused = dataOf<{ errors: Record<string, string[]>; values: Record<string, string> }>(
      await post({ intent: "add-module", titulo: "Uno", descripcion: "a\u0000b" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors.descripcion).toEqual([TEXT_NOT_ALLOWED]);
    expect(refused.data.values).toMatchObject({ titulo: "Uno", descripcion: "a\u0000b", fechaLimite: "" });
    expect(await prisma.module.count({ where: { cursoId: course.id } })).toBe(0);

    expect(
      ((await post({ intent: "add-module", titulo: "Uno\r\ndos", descripcion: "línea 1\r\n\tlínea 2" })) as Response)
        .status,
    ).toBe(302);
    expect(await prisma.module.findFirstOrThrow({ where: { cursoId: course.id } })).toMatchObject({
      titulo: "Uno dos",
      descripcion: "línea 1\n\tlínea 2",
    });
  });
});

describe("library", () => {
  it("a book title with a control character is refused (API and admin page) and no file is kept", async () => {
    const admin = await signedIn("admin");
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const pdf = { bytes: await doc.save(), name: "a.pdf" };
    const fields = { title: "Libro\u0000", author: "Autora", description: "Una\n\tdescripción", pages: "", pdf };
    const api = await booksUpload.action(args(multipartRequest("/api/books/upload", fields, { token: admin.token })));
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ error: TEXT_NOT_ALLOWED });
    const page = dataOf<{ result: Reply }>(
      await adminLibrary.action(
        args(multipartRequest("/admin/library", { ...fields, title: "Libro\r\nDos" }, { cookie: admin.cookie })),
      ),
    );
    expect(page.status).toBe(400);
    expect(page.data.result.error?.title).toEqual([TEXT_NOT_ALLOWED]);
    expect(await prisma.book.count({ where: { author: "Autora" } })).toBe(0);

    const created = await booksUpload.action(
      args(multipartRequest("/api/books/upload", { ...fields, title: "Libro bien" }, { token: admin.token })),
    );
    expect(created.status).toBe(201);
    // A multipart body sends a textarea's line breaks as CRLF.
    expect((await prisma.book.findFirstOrThrow({ where: { title: "Libro bien" } })).description).toMatch(
      /^Una\r?\n\tdescripción$/,
    );
  });
});
