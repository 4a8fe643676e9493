// 'Importar lista' of a class on the real database (docs/product.md#importing-a-list-into-a-class,
// docs/decisions/023-class-import-and-learners-without-email.md): the preview writes nothing; the
// confirmation creates, enrols and adds in one transaction, or nothing; learners without e-mail get
// a sign-in user and a one-time link that works; no mail ever goes to the reserved domain.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as AuditModule from "~/features/audit/audit.server.ts";
import { resetPassword } from "~/features/auth/recovery.server.ts";
import { RegisterSchema } from "~/features/auth/schema.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import { classLinks, classListLink } from "~/features/classes/class-links.ts";
import { findClass, type ClassRow } from "~/features/classes/guards.server.ts";
import {
  classListFingerprint,
  confirmClassImport,
  previewClassImport,
  reissueAccessLinks,
} from "~/features/classes/import.server.ts";
import {
  ROW_ACCOUNT_PENDING,
  ROW_ACCOUNT_SUSPENDED,
  ROW_EMAIL_RUT_APART,
  ROW_NO_EMAIL_UNKNOWN,
} from "~/features/classes/import-texts.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import { enqueueMail, enqueueMails } from "~/features/mail/outbox.server.ts";
import { parseList } from "~/features/users/import/parse-list.ts";
import { ROW_RUT_TAKEN } from "~/features/users/import/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import * as importApi from "~/routes/api/cursos.class-import.ts";
import * as loginApi from "~/routes/api/auth.login.ts";
import * as importPage from "~/routes/classes/import.tsx";
import {
  args,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  signedIn,
  thrown,
} from "./factories.ts";

// A failure halfway: the audit entries are the last thing the import writes.
const failing = vi.hoisted(() => ({ audit: false }));
vi.mock("~/features/audit/audit.server.ts", async (original) => {
  const real = await original<typeof AuditModule>();
  return {
    ...real,
    auditMany: async (...rest: Parameters<typeof real.auditMany>) => {
      if (failing.audit) throw new Error("fallo simulado a mitad de la importación");
      return real.auditMany(...rest);
    },
  };
});

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let otherDocente: Signed;
let admin: Signed;
let courseA: { id: string };
let courseB: { id: string };

beforeAll(async () => {
  const course = (titulo: string) =>
    prisma.course.create({
      data: { ...courseTitleFields(titulo), estado: "publicado", herramientas: [], loAprenderan: [] },
      select: { id: true },
    });
  [courseA, courseB] = [await course("Curso A de las clases"), await course("Curso B de otras clases")];
  [teacher, otherDocente, admin] = [await signedIn("docente"), await signedIn("docente"), await signedIn("admin")];
  await prisma.courseTeacher.create({ data: { cursoId: courseA.id, userId: teacher.user.id } });
  await prisma.courseTeacher.create({ data: { cursoId: courseB.id, userId: otherDocente.user.id } });
});

let classCount = 0;
async function newClass(cursoId = courseA.id): Promise<ClassRow> {
  return prisma.courseClass.create({
    data: { cursoId, nombre: `Clase ${++classCount}`, codigo: newClassCode(), createdById: teacher.user.id },
    select: { id: true, cursoId: true, nombre: true, codigo: true, createdAt: true },
  });
}

function rowsOf(text: string) {
  const parsed = parseList(text, { emailOptional: true });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

const noConsent = { autorizacionColegio: false };

async function confirm(clase: ClassRow, text: string, options = noConsent) {
  const huella = classListFingerprint(clase.id, text, options);
  return confirmClassImport(teacher.user, clase, rowsOf(text), text, { ...options, huella }, null);
}

async function counts(cursoId = courseA.id) {
  const [users, enrolments, members, outbox, audit, tokens, course] = await Promise.all([
    prisma.user.count(),
    prisma.enrolment.count({ where: { cursoId } }),
    prisma.classMember.count({ where: { cursoId } }),
    prisma.outboxMail.count(),
    prisma.auditLog.count({ where: { action: { in: ["user.import", "class.enrol", "class.member-add"] } } }),
    prisma.accountToken.count(),
    prisma.course.findUniqueOrThrow({ where: { id: cursoId }, select: { cantidadParticipantes: true } }),
  ]);
  return { users, enrolments, members, outbox, audit, tokens, participantes: course.cantidadParticipantes };
}

async function enrol(userId: string, clase?: ClassRow) {
  await prisma.enrolment.create({ data: { userId, cursoId: courseA.id } });
  await prisma.course.update({ where: { id: courseA.id }, data: { cantidadParticipantes: { increment: 1 } } });
  if (clase) await prisma.classMember.create({ data: { claseId: clase.id, cursoId: clase.cursoId, userId } });
}

const tokenOf = (link: string) => link.split("/recuperar/")[1]!;

describe("the preview", () => {
  it("says what each row would become, with its line and reason, and writes nothing", async () => {
    const clase = await newClass();
    const known = await createUser({ correo: "ya.tiene@colegio.cl" });
    const member = await createUser({ correo: "ya.esta@colegio.cl" });
    await enrol(member.id, clase);
    const suspended = await createUser({ correo: "suspendida@colegio.cl" });
    await prisma.user.update({ where: { id: suspended.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    await createUser({ correo: "pendiente@colegio.cl", aprobado: false });
    const withRut = await createUser({ correo: "con.rut@colegio.cl" });
    await prisma.user.update({ where: { id: withRut.id }, data: { rut: "11111111-1" } });
    const byRut = await createUser({ correo: "por.rut@colegio.cl" });
    await prisma.user.update({ where: { id: byRut.id }, data: { rut: "12345678-5" } });
    const text = [
      "correo;nombre;apellido;rut",
      "nueva.clase@colegio.cl;Nueva;Persona",
      ";Tomás;Sin Correo",
      "YA.TIENE@colegio.cl;Ya;Tiene",
      "ya.esta@colegio.cl;Ya;Está",
      "suspendida@colegio.cl;Sus;Pendida",
      "pendiente@colegio.cl;Pen;Diente",
      "otra@colegio.cl;Rut;Ajeno;11.111.111-1",
      "ya.tiene@otro.cl;Dos;Cuentas;12.345.678-5",
      ";Por;Rut;12.345.678-5",
      "inventada.1234@sin-correo.invalid;In;Ventada",
      "malo;Mal;Correo",
    ].join("\n");
    const before = await counts();
    const preview = await previewClassImport(clase, rowsOf(text), text, noConsent);
    expect(await counts()).toEqual(before);
    expect(preview.filas.map((f) => [f.linea, f.estado, f.sinCorreo, f.motivo])).toEqual([
      [2, "nueva", false, null],
      [3, "nueva", true, null],
      [4, "inscribir", false, null],
      [5, "miembro", false, null],
      [6, "error", false, ROW_ACCOUNT_SUSPENDED],
      [7, "error", false, ROW_ACCOUNT_PENDING],
      [8, "error", false, ROW_RUT_TAKEN],
      // 'ya.tiene@otro.cl' has no account: its RUT is another's.
      [9, "error", false, ROW_RUT_TAKEN],
      [10, "error", false, "el RUT se repite: ya está en la línea 9"],
      [11, "error", false, ROW_NO_EMAIL_UNKNOWN],
      [12, "error", false, "el correo «malo» no es válido"],
    ]);
    expect(preview.resumen).toEqual({ nuevas: 2, sinCorreo: 1, inscribir: 1, miembros: 1, errores: 7 });
    expect(known.id).toBeTruthy();

    // An e-mail of one account and the RUT of another; a row without e-mail found by its RUT.
    const apart = "ya.tiene@colegio.cl;Ya;Tiene;12.345.678-5\n;Por;Rut;11.111.111-1";
    const second = await previewClassImport(clase, rowsOf(apart), apart, noConsent);
    expect(second.filas.map((f) => [f.linea, f.estado, f.motivo])).toEqual([
      [1, "error", ROW_EMAIL_RUT_APART],
      [2, "inscribir", null],
    ]);
  });
});

describe("the confirmation", () => {
  it("creates, enrols once and adds to the class in one go; mails only real addresses; audits each", async () => {
    const clase = await newClass();
    const enrolled = await createUser({ correo: "inscrita@colegio.cl" });
    await enrol(enrolled.id);
    await createUser({ correo: "no.inscrita@colegio.cl" });
    const member = await createUser({ correo: "miembro@colegio.cl" });
    await enrol(member.id, clase);
    const text = [
      "nuevo.alumno@colegio.cl;Nuevo;Alumno",
      ";Sofía;Núñez",
      ";Sofía;Núñez Rojas",
      "inscrita@colegio.cl;Ins;Crita",
      "no.inscrita@colegio.cl;No;Inscrita",
      "miembro@colegio.cl;Miem;Bro",
    ].join("\r\n");
    const before = await counts();
    const outcome = await confirm(clase, text);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome).toMatchObject({ creadas: 3, inscritas: 1, agregadas: 5, yaEstaban: 1 });
    const after = await counts();
    // 3 new + 1 existing not yet enrolled: 4 enrolments; 5 class rows.
    expect(after.users - before.users).toBe(3);
    expect(after.enrolments - before.enrolments).toBe(4);
    expect(after.participantes - before.participantes).toBe(4);
    expect(after.members - before.members).toBe(5);
    expect(after.audit - before.audit).toBe(3 + 4 + 5);
    // One welcome e-mail: the only new account with an address.
    expect(after.outbox - before.outbox).toBe(1);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: "nuevo.alumno@colegio.cl" } });
    expect(mail.kind).toBe("account.created");
    expect(await prisma.outboxMail.count({ where: { to: { endsWith: "@sin-correo.invalid" } } })).toBe(0);

    const rows = await prisma.classMember.findMany({ where: { claseId: clase.id }, select: { addedById: true } });
    expect(rows.filter((r) => r.addedById === teacher.user.id)).toHaveLength(5);
    const created = await prisma.user.findMany({
      where: { correo: { endsWith: "@sin-correo.invalid" }, nombre: "Sofía" },
      select: { correo: true, rol: true, aprobado: true, passwordHash: true },
    });
    expect(created).toHaveLength(2);
    for (const user of created) {
      expect(user.correo).toMatch(/^sofia\.nunez\.\d{4,6}@sin-correo\.invalid$/);
      expect(user).toMatchObject({ rol: "estudiante", aprobado: true, passwordHash: "" });
    }
    expect(new Set(created.map((u) => u.correo)).size).toBe(2);
    expect(outcome.sheet.accesos.map((a) => a.usuario).sort()).toEqual(created.map((u) => u.correo).sort());

    // The same list again: every row is already in the class.
    const again = await confirm(clase, text);
    expect(again).toMatchObject({ ok: false, status: 400, reason: "nothing" });
  });

  it("a learner without e-mail follows the sheet's link, chooses a password and signs in", async () => {
    const clase = await newClass();
    const text = ";Tomás;Rojas";
    const outcome = await confirm(clase, text);
    if (!outcome.ok) throw new Error(outcome.message);
    const [access] = outcome.sheet.accesos;
    expect(access!.enlace).toMatch(/^http.*\/recuperar\/[A-Za-z0-9_-]{43}$/);
    expect(outcome.sheet.venceEn.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    // Only the hash is stored.
    const stored = await prisma.accountToken.findFirstOrThrow({ where: { userId: access!.id } });
    expect(stored.tokenHash).not.toContain(tokenOf(access!.enlace));

    const password = "mi-clave-de-la-clase-2026";
    const request = formRequest("/recuperar/x", {});
    expect(await resetPassword(tokenOf(access!.enlace), { password }, request)).toEqual({ ok: true });
    const login = await loginApi.action(
      args(jsonRequest("/api/auth/login", { correo: access!.usuario.toUpperCase(), password })),
    );
    expect(login.status).toBe(200);
    expect((await readJson(login)).token).toBeTruthy();
    // Used once.
    expect(await resetPassword(tokenOf(access!.enlace), { password }, request)).toMatchObject({ ok: false });
  });

  it("new links for a lost sheet void the older ones; learners who chose a password are left out", async () => {
    const clase = await newClass();
    const outcome = await confirm(clase, ";Ana;Uno\n;Beto;Dos");
    if (!outcome.ok) throw new Error(outcome.message);
    const [first, second] = outcome.sheet.accesos;
    await resetPassword(tokenOf(second!.enlace), { password: "beto-ya-eligio-su-clave" }, formRequest("/x", {}));

    const sheet = await reissueAccessLinks(teacher.user, clase, null);
    expect(sheet.accesos.map((a) => a.id)).toEqual([first!.id]);
    const old = await resetPassword(tokenOf(first!.enlace), { password: "ana-elige-su-clave" }, formRequest("/x", {}));
    expect(old).toMatchObject({ ok: false, reason: "link" });
    const fresh = await resetPassword(
      tokenOf(sheet.accesos[0]!.enlace),
      { password: "ana-elige-su-clave" },
      formRequest("/x", {}),
    );
    expect(fresh).toEqual({ ok: true });
    expect(await prisma.auditLog.count({ where: { action: "user.password-link", targetId: first!.id } })).toBe(1);
  });

  it("refuses a changed list or one with errors, and a failure halfway leaves nothing", async () => {
    const clase = await newClass();
    const text = "mitad@colegio.cl;Mi;Tad\n;Sin;Correo";
    const changed = await confirmClassImport(
      teacher.user,
      clase,
      rowsOf(text),
      text,
      { ...noConsent, huella: classListFingerprint(clase.id, `${text}\notra@x.cl;O;T`, noConsent) },
      null,
    );
    expect(changed).toMatchObject({ ok: false, status: 409, reason: "changed" });
    expect(await confirm(clase, `${text}\nmalo;M;C`)).toMatchObject({ ok: false, status: 400, reason: "errors" });

    const before = await counts();
    failing.audit = true;
    try {
      await expect(confirm(clase, text)).rejects.toThrow("fallo simulado");
    } finally {
      failing.audit = false;
    }
    expect(await counts()).toEqual(before);
  });

  // How long this takes: `npm run bench` (scripts/bench/timings/batches.timing.ts).
  it("1 000 rows (half without e-mail) are checked and written", async () => {
    const clase = await newClass();
    const lines = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0 ? `masivo.${i}@colegio.cl;Persona;Número ${i}` : `;Persona;Sin Correo ${i}`,
    );
    const text = lines.join("\n");
    const preview = await previewClassImport(clase, rowsOf(text), text, noConsent);
    expect(preview.resumen).toMatchObject({ nuevas: 1000, sinCorreo: 500, errores: 0 });
    const outcome = await confirm(clase, text);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.creadas).toBe(1000);
    expect(outcome.sheet.accesos).toHaveLength(500);
    expect(await prisma.classMember.count({ where: { claseId: clase.id } })).toBe(1000);
  });
});

describe("the outbox and the sign-up", () => {
  it("never queues mail to the reserved domain, and nobody registers with it", async () => {
    const before = await prisma.outboxMail.count();
    expect(
      await enqueueMail({ kind: "message.notice", to: "x.1234@sin-correo.invalid", subject: "s", text: "t" }),
    ).toBeNull();
    await enqueueMails([
      { kind: "message.notice", to: "y.1234@SIN-CORREO.invalid", subject: "s", text: "t" },
      { kind: "message.notice", to: "real@colegio.cl", subject: "s", text: "t" },
    ]);
    expect(await prisma.outboxMail.count()).toBe(before + 1);
    const register = RegisterSchema.safeParse({
      nombre: "A",
      apellido: "B",
      correo: "a.b.1234@sin-correo.invalid",
      fechaNacimiento: "2000-01-01",
      rol: "estudiante",
      password: "una-clave-bastante-larga",
      confirmarPassword: "una-clave-bastante-larga",
    });
    expect(register.success).toBe(false);
  });
});

describe("the page and the API", () => {
  const pagePath = (cursoId: string, claseId: string) => classLinks("docente", cursoId, claseId).import;
  const apiPath = (cursoId: string, claseId: string) => `/api/cursos/${cursoId}/clases/${claseId}/importar`;

  it("the page: preview, confirm, the sheet; then new links (plain POSTs)", async () => {
    const clase = await newClass();
    // Both panels' addresses of the one page, as app/routes.ts registers them.
    expect(classLinks("admin", courseA.id, clase.id).import).toBe(
      `${classListLink("admin", courseA.id)}/${clase.id}/importar`,
    );
    expect(classLinks("admin", courseA.id, clase.id).import).toBe(
      `/admin/courses/clases/${courseA.id}/${clase.id}/importar`,
    );
    const params = { cursoId: courseA.id, claseId: clase.id };
    const path = pagePath(courseA.id, clase.id);
    const loaded = await importPage.loader(args(getRequest(path, teacher.cookie), params));
    expect(loaded.waiting).toBe(0);
    const lista = "pagina@colegio.cl;Pá;Gina\n;Luz;Sin Correo";
    const previewed = dataOf<{ kind: string; preview: { huella: string; resumen: object } }>(
      await importPage.action(
        args(multipartRequest(path, { lista, confirmar: "false" }, { cookie: teacher.cookie }), params),
      ),
    );
    expect(previewed.data.preview.resumen).toMatchObject({ nuevas: 2, sinCorreo: 1 });
    const done = dataOf<{ kind: string; sheet: { accesos: { usuario: string }[] } }>(
      await importPage.action(
        args(
          multipartRequest(
            path,
            { lista, confirmar: "true", huella: previewed.data.preview.huella },
            { cookie: teacher.cookie },
          ),
          params,
        ),
      ),
    );
    expect(done.data.kind).toBe("done");
    expect(done.data.sheet.accesos[0]!.usuario).toMatch(/^luz\.sin\.\d+@sin-correo\.invalid$/);
    expect((await importPage.loader(args(getRequest(path, teacher.cookie), params))).waiting).toBe(1);
    const reissued = dataOf<{ kind: string; sheet: { accesos: unknown[] } }>(
      await importPage.action(args(formRequest(path, { intent: "accesos" }, { cookie: teacher.cookie }), params)),
    );
    expect(reissued.data.sheet.accesos).toHaveLength(1);
  });

  it("the API: the preview, then the confirmation with the links; the admin too", async () => {
    const clase = await newClass();
    const lista = "api.clase@colegio.cl;Api;Clase\n;Sin;Correo Api";
    const path = apiPath(courseA.id, clase.id);
    const params = { cursoId: courseA.id, claseId: clase.id };
    const preview = await importApi.action(args(jsonRequest(path, { lista }, { token: teacher.token }), params));
    expect(preview.status).toBe(200);
    const body = await readJson(preview);
    expect(await prisma.user.count({ where: { correo: "api.clase@colegio.cl" } })).toBe(0);
    const done = await importApi.action(
      args(jsonRequest(path, { lista, confirmar: true, huella: body.huella }, { token: admin.token }), params),
    );
    expect(done.status).toBe(201);
    const answer = await readJson(done);
    expect(answer).toMatchObject({ creadas: 2, agregadas: 2 });
    expect((answer.accesos as { usuario: string }[])[0]!.usuario).toMatch(/@sin-correo\.invalid$/);
  });

  it("a docente off the team: 404 on the page, 403 from the API; a class of another course is 404", async () => {
    const clase = await newClass();
    const params = { cursoId: courseA.id, claseId: clase.id };
    const page = await thrown(
      importPage.loader(args(getRequest(pagePath(courseA.id, clase.id), otherDocente.cookie), params)),
    );
    expect(page.status).toBe(404);
    const post = await thrown(
      importPage.action(
        args(
          multipartRequest(pagePath(courseA.id, clase.id), { lista: ";A;B" }, { cookie: otherDocente.cookie }),
          params,
        ),
      ),
    );
    expect(post.status).toBe(404);
    const api = await importApi.action(
      args(jsonRequest(apiPath(courseA.id, clase.id), { lista: ";A;B" }, { token: otherDocente.token }), params),
    );
    expect(api.status).toBe(403);
    // Their own course B with course A's class id: no such class there.
    expect(await findClass(courseB.id, clase.id)).toBeNull();
    const elsewhere = await importApi.action(
      args(jsonRequest(apiPath(courseB.id, clase.id), { lista: ";A;B" }, { token: otherDocente.token }), {
        cursoId: courseB.id,
        claseId: clase.id,
      }),
    );
    expect(elsewhere.status).toBe(404);
    expect(await prisma.user.count({ where: { nombre: "A", apellido: "B" } })).toBe(0);
  });
});
