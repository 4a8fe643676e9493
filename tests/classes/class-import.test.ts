// 'Importar lista' of a class on the real database (docs/product.md#importing-a-list-into-a-class,
// docs/decisions/023-class-import-and-learners-without-email.md, docs/decisions/032-class-invitations.md): the
// preview writes nothing and answers alike whether or not a person has an account, within an
// hourly budget of rows; the confirmation creates, enrols and adds the new people and invites the
// existing accounts in one transaction, or nothing; an invited account joins only when it accepts;
// learners without e-mail get a usuario (their cards: tests/classes/pupil-sign-in.test.ts); no mail
// ever goes to the reserved domain.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as AuditModule from "~/features/audit/audit.server.ts";
import { RegisterSchema } from "~/features/accounts/schema.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import { findClass, type ClassRow } from "~/features/classes/guards.server.ts";
import { classListFingerprint, confirmClassImport, previewClassImport } from "~/features/classes/import.server.ts";
import {
  CLASS_IMPORT_TOO_LONG,
  CLASS_IMPORT_TOO_MANY_ROWS,
  ROW_NO_EMAIL_UNKNOWN,
} from "~/features/classes/import-texts.ts";
import { answerInvitation } from "~/features/classes/invitations.server.ts";
import { INVITATION_NOT_FOUND } from "~/features/classes/texts.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { enqueueMail, enqueueMails } from "~/features/mail/outbox.server.ts";
import { createSmtpTransport, deliverPending } from "~/features/mail/sender.server.ts";
import { fingerprintOf } from "~/features/accounts/import/import.server.ts";
import { parseList } from "~/features/accounts/import/parse-list.ts";
import { ROW_UNDER_14 } from "~/features/accounts/import/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import * as importApi from "~/routes/api/cursos.class-import.ts";
import * as importPage from "~/routes/classes/import.tsx";
import * as invitationApi from "~/routes/api/clases.invitacion.ts";
import * as invitationPage from "~/routes/class-invitation.tsx";
import {
  args,
  createCourse,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  readJson,
  signedIn,
  thrown,
} from "../factories.ts";
import { smtpCapture } from "../smtp.ts";

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

const smtp = smtpCapture();

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let otherDocente: Signed;
let admin: Signed;
let courseA: { id: string };
let courseB: { id: string };

beforeAll(async () => {
  [courseA, courseB] = [
    await createCourse({ titulo: "Curso A de las clases" }),
    await createCourse({ titulo: "Curso B de otras clases" }),
  ];
  [teacher, otherDocente, admin] = [await signedIn("docente"), await signedIn("docente"), await signedIn("admin")];
  await prisma.courseTeacher.create({ data: { cursoId: courseA.id, userId: teacher.user.id } });
  await prisma.courseTeacher.create({ data: { cursoId: courseB.id, userId: otherDocente.user.id } });
});

// Each test's previews start from a full budget (one test spends it on purpose).
beforeEach(async () => {
  await prisma.rateLimit.deleteMany({ where: { key: { startsWith: "classImportRowsUser:" } } });
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
    prisma.auditLog.count({
      where: { action: { in: ["user.import", "class.enrol", "class.member-add", "class.invite"] } },
    }),
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

async function preview(clase: ClassRow, text: string, options = noConsent, who: { id: string } = teacher.user) {
  const outcome = await previewClassImport(who, clase, rowsOf(text), text, options);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.preview;
}

describe("the preview", () => {
  it("says what each row would become, with its line and reason, and writes nothing", async () => {
    const clase = await newClass();
    const member = await createUser({ correo: "ya.esta@colegio.cl" });
    await enrol(member.id, clase);
    const text = [
      "correo;nombre;apellido;rut;fecha de nacimiento",
      "nueva.clase@colegio.cl;Nueva;Persona",
      ";Tomás;Sin Correo",
      ";Con;Rut;12.345.678-5",
      "ya.esta@colegio.cl;Ya;Está",
      "otra@colegio.cl;Rut;Repetido;12.345.678-5",
      "inventada.1234@sin-correo.invalid;In;Ventada",
      "nino@colegio.cl;Ni;Ño;;05-03-2020",
      "malo;Mal;Correo",
    ].join("\n");
    const before = await counts();
    const outcome = await preview(clase, text);
    expect(await counts()).toEqual(before);
    expect(outcome.filas.map((f) => [f.linea, f.estado, f.sinCorreo, f.motivo])).toEqual([
      [2, "agregar", false, null],
      [3, "agregar", true, null],
      [4, "agregar", true, null],
      [5, "miembro", false, null],
      [6, "error", false, "el RUT se repite: ya está en la línea 4"],
      [7, "error", false, ROW_NO_EMAIL_UNKNOWN],
      [8, "error", false, ROW_UNDER_14],
      [9, "error", false, "el correo «malo» no es válido"],
    ]);
    expect(outcome.resumen).toEqual({ agregar: 3, sinCorreo: 2, miembros: 1, errores: 4 });
  });

  it("answers the same for people with an account, in any state, as for people without one", async () => {
    const clase = await newClass();
    const text = [
      "aprobada@colegio.cl;Apro;Bada",
      "suspendida@colegio.cl;Sus;Pendida",
      "pendiente@colegio.cl;Pen;Diente",
      "docente@colegio.cl;Do;Cente",
      "invitada@colegio.cl;In;Vitada",
      "rechazo@colegio.cl;Re;Chazo",
      "correo.libre@colegio.cl;Rut;Ajeno;11.111.111-1",
      "dos.cuentas@colegio.cl;Dos;Cuentas;7.654.321-6",
      ";Por;Rut;22.222.222-2",
      "misma@colegio.cl;Mis;Ma;33.333.333-3",
      ";Mis;Ma Otra Vez;44.444.444-4",
      "nino.con.cuenta@colegio.cl;Ni;Ño;;05-03-2020",
    ].join("\n");
    const nobody = await preview(clase, text);

    // Now every row is someone's, in every state the old preview told apart.
    const made = async (correo: string, over: Parameters<typeof createUser>[0] = {}, rut?: string) => {
      const user = await createUser({ correo, ...over });
      if (rut) await prisma.user.update({ where: { id: user.id }, data: { rut } });
      return user;
    };
    await made("aprobada@colegio.cl");
    const suspended = await made("suspendida@colegio.cl");
    await prisma.user.update({ where: { id: suspended.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    await made("pendiente@colegio.cl", { aprobado: false });
    await made("docente@colegio.cl", { rol: "docente" });
    const invited = await made("invitada@colegio.cl");
    const declined = await made("rechazo@colegio.cl");
    await prisma.classInvitation.createMany({
      data: [
        { claseId: clase.id, userId: invited.id },
        { claseId: clase.id, userId: declined.id, declinedAt: new Date() },
      ],
    });
    await made("otra.cuenta@colegio.cl", {}, "11111111-1");
    await made("dos.cuentas@colegio.cl");
    await made("la.otra@colegio.cl", {}, "7654321-6");
    await made("por.rut@colegio.cl", {}, "22222222-2");
    // One account twice: by its e-mail (line 10) and by its RUT (line 11).
    await made("misma@colegio.cl", {}, "44444444-4");
    await made("nino.con.cuenta@colegio.cl");

    const everyone = await preview(clase, text);
    expect(everyone).toEqual(nobody);
    expect(everyone.resumen).toEqual({ agregar: 11, sinCorreo: 2, miembros: 0, errores: 1 });
    // Through the API too, byte for byte.
    const path = `/api/cursos/${courseA.id}/clases/${clase.id}/importar`;
    const params = { cursoId: courseA.id, claseId: clase.id };
    const answer = await importApi.action(args(jsonRequest(path, { lista: text }, { token: teacher.token }), params));
    expect(await readJson(answer)).toEqual(JSON.parse(JSON.stringify(nobody)));
  });

  it(`counts rows per teacher: past ${BUDGETS.classImportRowsUser.points} an hour, 429 with Retry-After`, async () => {
    const clase = await newClass();
    const max = BUDGETS.classImportRowsUser.points;
    const lines = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `limite.${tag}.${i}@colegio.cl;Persona;Límite ${i}`).join("\n");
    // More rows than an hour allows: refused at once, nothing spent.
    const tooLong = lines(max + 1, "largo");
    expect(await previewClassImport(teacher.user, clase, rowsOf(tooLong), tooLong, noConsent)).toMatchObject({
      ok: false,
      status: 400,
      message: CLASS_IMPORT_TOO_LONG(max),
    });
    const most = lines(max - 3, "casi");
    expect((await preview(clase, most)).resumen.agregar).toBe(max - 3);
    // Five rows do not fit in the three left: refused, and the three stay.
    const five = lines(5, "cinco");
    const refused = await previewClassImport(teacher.user, clase, rowsOf(five), five, noConsent);
    expect(refused).toMatchObject({ ok: false, status: 429, message: CLASS_IMPORT_TOO_MANY_ROWS(max) });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await preview(clase, lines(3, "tres"))).resumen.agregar).toBe(3);

    // The API: 429, Retry-After and the error as JSON.
    const path = `/api/cursos/${courseA.id}/clases/${clase.id}/importar`;
    const params = { cursoId: courseA.id, claseId: clase.id };
    const api = await importApi.action(
      args(jsonRequest(path, { lista: "x@colegio.cl;X;Y" }, { token: teacher.token }), params),
    );
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(api)).toEqual({ error: CLASS_IMPORT_TOO_MANY_ROWS(max) });
    // The page: the same words, the list kept in the form.
    const lista = "pagina.limite@colegio.cl;Pá;Gina";
    const page = dataOf<{ error: string; text: string }>(
      await importPage.action(
        args(
          multipartRequest(
            `/docente/cursos/${courseA.id}/clases/${clase.id}/importar`,
            { lista, confirmar: "false" },
            {
              cookie: teacher.cookie,
            },
          ),
          params,
        ),
      ),
    );
    expect(page.status).toBe(429);
    expect(page.data).toMatchObject({ error: CLASS_IMPORT_TOO_MANY_ROWS(max), text: lista });
    // Another teacher of the course has their own budget.
    const colleague = await signedIn("docente");
    await prisma.courseTeacher.create({ data: { cursoId: courseA.id, userId: colleague.user.id } });
    expect((await preview(clase, lista, noConsent, colleague.user)).resumen.agregar).toBe(1);
  });
});

describe("the confirmation", () => {
  it("creates, enrols and adds the new people; invites the existing accounts, enrolling none; audits each", async () => {
    const clase = await newClass();
    const enrolled = await createUser({ correo: "inscrita@colegio.cl" });
    await enrol(enrolled.id);
    const notEnrolled = await createUser({ correo: "no.inscrita@colegio.cl" });
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
    expect(outcome).toMatchObject({ agregadas: 5, yaEstaban: 1 });
    const after = await counts();
    // 3 new accounts: enrolled and in the class. The 2 existing ones: invited, nothing else.
    expect(after.users - before.users).toBe(3);
    expect(after.enrolments - before.enrolments).toBe(3);
    expect(after.participantes - before.participantes).toBe(3);
    expect(after.members - before.members).toBe(3);
    expect(after.audit - before.audit).toBe(3 + 3 + 3 + 2);
    // One welcome e-mail (the only new account with an address) and the two invitations' e-mails.
    expect(after.outbox - before.outbox).toBe(3);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: "nuevo.alumno@colegio.cl" } });
    expect(mail.kind).toBe("account.created");
    expect(await prisma.outboxMail.count({ where: { to: { endsWith: "@sin-correo.invalid" } } })).toBe(0);
    for (const existing of [enrolled, notEnrolled]) {
      const invitation = await prisma.classInvitation.findUniqueOrThrow({
        where: { claseId_userId: { claseId: clase.id, userId: existing.id } },
      });
      expect(invitation).toMatchObject({ invitedById: teacher.user.id, declinedAt: null });
      expect(await prisma.classMember.count({ where: { claseId: clase.id, userId: existing.id } })).toBe(0);
      const notice = await prisma.notification.findFirstOrThrow({ where: { userId: existing.id, kind: "clase" } });
      expect(notice.link).toBe(`/invitaciones/${invitation.id}`);
      const invitationMail = await prisma.outboxMail.findFirstOrThrow({ where: { toUserId: existing.id } });
      expect(invitationMail).toMatchObject({ kind: "notice.clase", to: existing.correo });
      expect(invitationMail.text).toContain(`/invitaciones/${invitation.id}`);
    }
    expect(await prisma.enrolment.count({ where: { userId: notEnrolled.id } })).toBe(0);

    const rows = await prisma.classMember.findMany({ where: { claseId: clase.id }, select: { addedById: true } });
    expect(rows.filter((r) => r.addedById === teacher.user.id)).toHaveLength(3);
    const created = await prisma.user.findMany({
      where: { correo: { endsWith: "@sin-correo.invalid" }, nombre: "Sofía" },
      select: { correo: true, usuario: true, rol: true, aprobado: true, passwordHash: true },
    });
    expect(created).toHaveLength(2);
    for (const user of created) {
      expect(user.usuario).toMatch(/^sofia\.nunez\d*$/);
      expect(user.correo).toBe(`${user.usuario}@sin-correo.invalid`);
      expect(user).toMatchObject({ rol: "estudiante", aprobado: true, passwordHash: "" });
    }
    expect(new Set(created.map((u) => u.correo)).size).toBe(2);
    expect(outcome.sinCorreo).toBe(2);

    // The same list again: the new people are in the class; the invited are not invited twice.
    const again = await confirm(clase, text);
    expect(again).toMatchObject({ ok: true, agregadas: 2, yaEstaban: 4 });
    expect(await prisma.classInvitation.count({ where: { claseId: clase.id } })).toBe(2);
    expect(await prisma.notification.count({ where: { userId: notEnrolled.id, kind: "clase" } })).toBe(1);
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
    expect(changed).toMatchObject({ ok: false, status: 409, reason: "changed", preview: null });
    // The text's plain hash (what the fingerprint was): no confirmation without a preview.
    const forged = await confirmClassImport(
      teacher.user,
      clase,
      rowsOf(text),
      text,
      { ...noConsent, huella: fingerprintOf([clase.id, 0], text) },
      null,
    );
    expect(forged).toMatchObject({ ok: false, status: 409, reason: "changed" });
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
    const previewed = await preview(clase, text);
    expect(previewed.resumen).toMatchObject({ agregar: 1000, sinCorreo: 500, errores: 0 });
    const outcome = await confirm(clase, text);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.agregadas).toBe(1000);
    expect(outcome.sinCorreo).toBe(500);
    const usuarios = await prisma.user.findMany({ where: { creadoParaClaseId: clase.id, usuario: { not: null } } });
    expect(new Set(usuarios.map((u) => u.usuario)).size).toBe(500);
    expect(await prisma.classMember.count({ where: { claseId: clase.id } })).toBe(1000);
  });
});

describe("an invitation", () => {
  async function invitedTo(clase: ClassRow, over: Parameters<typeof createUser>[0] = {}) {
    const person = await signedIn(over);
    const outcome = await confirm(clase, `${person.user.correo};${person.user.nombre};${person.user.apellido}`);
    if (!outcome.ok) throw new Error(outcome.message);
    const invitation = await prisma.classInvitation.findUniqueOrThrow({
      where: { claseId_userId: { claseId: clase.id, userId: person.user.id } },
    });
    return { ...person, invitation };
  }

  it("is not sent to a suspended or pending account; each is told nothing, the teacher sees the same", async () => {
    const clase = await newClass();
    const suspended = await createUser({ correo: "sus.invitar@colegio.cl" });
    await prisma.user.update({ where: { id: suspended.id }, data: { aprobado: false, suspendidoEn: new Date() } });
    const pending = await createUser({ correo: "pen.invitar@colegio.cl", aprobado: false });
    const outcome = await confirm(clase, "sus.invitar@colegio.cl;S;I\npen.invitar@colegio.cl;P;I");
    expect(outcome).toMatchObject({ ok: true, agregadas: 2, yaEstaban: 0 });
    for (const id of [suspended.id, pending.id]) {
      expect(await prisma.classInvitation.count({ where: { userId: id } })).toBe(0);
      expect(await prisma.notification.count({ where: { userId: id } })).toBe(0);
      expect(await prisma.outboxMail.count({ where: { toUserId: id } })).toBe(0);
      expect(await prisma.enrolment.count({ where: { userId: id } })).toBe(0);
    }
  });

  it("accepted: the person is enrolled and in the class, once; the invitation is gone", async () => {
    const clase = await newClass();
    const person = await invitedTo(clase);
    // Their e-mail, on a real SMTP server: the invitation's page, the course and the class.
    await prisma.outboxMail.updateMany({
      where: { status: "pending", NOT: { toUserId: person.user.id } },
      data: { nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    await deliverPending(createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`), { now: new Date(Date.now() + 1000) });
    const mail = smtp.received.find((m) => m.to.includes(person.user.correo));
    expect(mail?.raw).toContain(`/invitaciones/${person.invitation.id}`);
    expect(mail?.raw).toContain("Acepta o rechaza la invitaci");
    const before = await counts();
    // Nobody else answers it: another account's answer reads as no invitation.
    const stranger = await createUser();
    expect(
      await answerInvitation({ id: stranger.id, rol: "estudiante" }, person.invitation.id, "aceptar", null),
    ).toEqual(expect.objectContaining({ ok: false, status: 404, message: INVITATION_NOT_FOUND }));
    const accepted = await answerInvitation(person.user, person.invitation.id, "aceptar", null);
    expect(accepted).toMatchObject({ ok: true, respuesta: "aceptar", inscripcionNueva: true });
    const after = await counts();
    expect(after.enrolments - before.enrolments).toBe(1);
    expect(after.participantes - before.participantes).toBe(1);
    expect(after.members - before.members).toBe(1);
    const row = await prisma.classMember.findUniqueOrThrow({
      where: { claseId_userId: { claseId: clase.id, userId: person.user.id } },
    });
    expect(row.addedById).toBe(teacher.user.id);
    expect(await prisma.classInvitation.count({ where: { id: person.invitation.id } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: "class.invitation-accept", actorId: person.user.id } })).toBe(
      1,
    );
    // A second tap: nothing more.
    expect(await answerInvitation(person.user, person.invitation.id, "aceptar", null)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await counts()).members).toBe(after.members);
  });

  it("declined: nothing changes, the same list does not invite again, and it can still be accepted", async () => {
    const clase = await newClass();
    const person = await invitedTo(clase);
    const before = await counts();
    const declined = await answerInvitation(person.user, person.invitation.id, "rechazar", null);
    expect(declined).toMatchObject({ ok: true, respuesta: "rechazar", inscripcionNueva: false });
    expect(await counts()).toMatchObject({ enrolments: before.enrolments, members: before.members });
    expect(await prisma.classInvitation.findUniqueOrThrow({ where: { id: person.invitation.id } })).toMatchObject({
      declinedAt: expect.any(Date),
    });
    const again = await confirm(clase, `${person.user.correo};${person.user.nombre};${person.user.apellido}`);
    expect(again).toMatchObject({ ok: true, agregadas: 1 });
    expect(await prisma.notification.count({ where: { userId: person.user.id, kind: "clase" } })).toBe(1);
    expect(await answerInvitation(person.user, person.invitation.id, "aceptar", null)).toMatchObject({ ok: true });
    expect(await prisma.classMember.count({ where: { claseId: clase.id, userId: person.user.id } })).toBe(1);
  });

  it("the page: the invited person sees it and accepts with a plain POST; anyone else gets 404", async () => {
    const clase = await newClass();
    const person = await invitedTo(clase);
    const path = `/invitaciones/${person.invitation.id}`;
    const params = { invitacionId: person.invitation.id };
    const loaded = await invitationPage.loader(args(getRequest(path, person.cookie), params));
    expect(loaded.invitation).toMatchObject({ clase: { id: clase.id }, curso: { id: courseA.id }, rechazadaEn: null });
    const notTheirs = await invitationPage.loader(args(getRequest(path, otherDocente.cookie), params)).catch((e) => e);
    expect(dataOf(notTheirs)).toMatchObject({ status: 404, data: INVITATION_NOT_FOUND });
    const other = await invitationPage.action(
      args(formRequest(path, { respuesta: "aceptar" }, { cookie: otherDocente.cookie }), params),
    );
    expect(dataOf(other).status).toBe(404);
    const wrong = await invitationPage.action(
      args(formRequest(path, { respuesta: "tal vez" }, { cookie: person.cookie }), params),
    );
    expect(dataOf(wrong).status).toBe(400);
    const accepted = (await invitationPage.action(
      args(formRequest(path, { respuesta: "aceptar" }, { cookie: person.cookie }), params),
    )) as Response;
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe(`/cursos/${courseA.id}`);
    expect(await prisma.classMember.count({ where: { claseId: clase.id, userId: person.user.id } })).toBe(1);
  });

  it("the API: POST /api/clases/invitaciones/{id} declines or accepts for the invited account only", async () => {
    const clase = await newClass();
    const person = await invitedTo(clase);
    const path = `/api/clases/invitaciones/${person.invitation.id}`;
    const params = { invitacionId: person.invitation.id };
    const call = (body: unknown, token: string) =>
      invitationApi.action(args(jsonRequest(path, body, { token }), params));
    expect((await call({ respuesta: "aceptar" }, otherDocente.token)).status).toBe(404);
    expect((await call({}, person.token)).status).toBe(400);
    const declined = await call({ respuesta: "rechazar" }, person.token);
    expect(declined.status).toBe(200);
    expect(await readJson(declined)).toMatchObject({ respuesta: "rechazar", clase: { id: clase.id } });
    const accepted = await call({ respuesta: "aceptar" }, person.token);
    expect(accepted.status).toBe(200);
    expect(await readJson(accepted)).toMatchObject({ respuesta: "aceptar", inscripcionNueva: true });
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
  const pagePath = (cursoId: string, claseId: string) => `/docente/cursos/${cursoId}/clases/${claseId}/importar`;
  const apiPath = (cursoId: string, claseId: string) => `/api/cursos/${cursoId}/clases/${claseId}/importar`;

  it("the page: preview, confirm, the link to the cards (plain POSTs)", async () => {
    const clase = await newClass();
    const params = { cursoId: courseA.id, claseId: clase.id };
    const path = pagePath(courseA.id, clase.id);
    const lista = "pagina@colegio.cl;Pá;Gina\n;Luz;Sin Correo";
    const previewed = dataOf<{ kind: string; preview: { huella: string; resumen: object } }>(
      await importPage.action(
        args(multipartRequest(path, { lista, confirmar: "false" }, { cookie: teacher.cookie }), params),
      ),
    );
    expect(previewed.data.preview.resumen).toMatchObject({ agregar: 2, sinCorreo: 1 });
    const done = dataOf<{ kind: string; sinCorreo: number }>(
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
    expect(done.data.sinCorreo).toBe(1);
    const luz = await prisma.user.findFirstOrThrow({ where: { creadoParaClaseId: clase.id, nombre: "Luz" } });
    expect(luz.usuario).toMatch(/^luz\.sin\d*$/);
  });

  it("the API: the preview, then the confirmation; the admin too", async () => {
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
    expect(answer).toMatchObject({ agregadas: 2, sinCorreo: 1 });
    expect(answer).not.toHaveProperty("accesos");
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
