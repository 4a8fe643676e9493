// @postgresql: reads every table through the engine's own catalogue
// Deletion: 'Eliminar mi cuenta' on the profile pages, DELETE /api/auth/cuenta and
// the admin's deletion (Registros, DELETE /api/auth/users/{userId}), against the real database and
// data directory. The account and its personal data go at once: afterwards no table holds the
// person's name or any of their addresses (but a certificate they chose to keep verifiable), their
// sent messages read 'Cuenta eliminada', their files are gone, their sessions and tokens are dead;
// the certificates stay verifiable or are revoked, as chosen. A wrong password changes nothing.
import fs from "node:fs";
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getSessionUser } from "~/features/accounts/session.server.ts";
import { finishCourse } from "~/features/certificates/certificates.server.ts";
import { CERTIFICATE_REVOKED } from "~/features/certificates/texts.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { sendMessage } from "~/features/messages/messages.server.ts";
import {
  ACCOUNT_DELETED,
  DELETE_PASSWORD_WRONG,
  DELETED_SENDER,
  LAST_ADMIN,
} from "~/features/privacy/account-deletion.ts";
import { updateProfile } from "~/features/profile/profile.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { readFlash } from "~/lib/flash.server.ts";
import { storagePath, storeBytes } from "~/lib/storage.server.ts";
import * as adminProfile from "~/routes/user/profile.tsx";
import * as recordsRoute from "~/routes/admin/records.tsx";
import * as apiCuenta from "~/routes/api/auth.cuenta.ts";
import * as apiForgot from "~/routes/api/auth.forgot-password.ts";
import * as apiLogin from "~/routes/api/auth.login.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as apiDeleteUser from "~/routes/api/auth.user.ts";
import * as courseList from "~/routes/api/cursos.list.ts";
import * as apiMessages from "~/routes/api/mensajes.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import * as pdfRoute from "~/routes/certificates/pdf.ts";
import * as verifyRoute from "~/routes/certificates/verify.tsx";
import * as userProfile from "~/routes/user/profile.tsx";
import {
  args,
  cookieFrom,
  createAttempt,
  createCourse,
  createUser,
  dataOf,
  formRequest,
  getRequest,
  jsonRequest,
  oneQuestionQuiz,
  PNG_1PX,
  readJson,
  signedIn,
  TEST_PASSWORD,
} from "../factories.ts";
import { expectErrorLog, loggedErrors } from "../setup.ts";

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

/** An action's answer: a redirect (Response) or `data(...)` with its status and headers. */
function answerOf(value: unknown) {
  type Data = { intent?: string; result?: Reply };
  if (value instanceof Response) return { status: value.status, data: {} as Data, headers: value.headers };
  const { data, status } = dataOf<Data>(value);
  const init = (value as { init?: { headers?: HeadersInit } | null }).init;
  return { status, data, headers: new Headers(init?.headers) };
}

/** 'Eliminar mi cuenta' as the profile page's form posts it (from its dialog's URL). */
function deleteOwn(cookie: string, fields: Record<string, string>, page: "user" | "admin" = "user") {
  const path = `/${page}/profile?eliminar-cuenta=1`;
  const request = formRequest(path, { intent: "eliminar-cuenta", ...fields }, { cookie });
  return (page === "user" ? userProfile : adminProfile).action(args(request));
}

/** An API call with a token: 200 while the token lives, 401 once it ended. */
async function apiStatus(token: string) {
  return (await courseList.loader(args(jsonRequest("/api/cursos/lista", undefined, { method: "GET", token })))).status;
}

async function canSignIn(correo: string, password = TEST_PASSWORD) {
  return (await apiLogin.action(args(jsonRequest("/api/auth/login", { correo, password })))).status === 200;
}

/** Every row of every table (SQLite or PostgreSQL) whose text holds one of `needles`, any case. */
async function rowsMentioning(needles: string[]) {
  const pg = (process.env.DATABASE_URL ?? "").startsWith("postgres");
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    pg
      ? "SELECT table_name AS name FROM information_schema.tables " +
          "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["User", "Message", "OutboxMail", "AuditLog"]));
  const found: Array<{ table: string; row: Record<string, unknown> }> = [];
  for (const { name } of tables) {
    const rows = await prisma.$queryRawUnsafe<Array<Record<string, unknown>>>(`SELECT * FROM "${name}"`);
    for (const row of rows) {
      const text = JSON.stringify(row, (_key, value: unknown) =>
        typeof value === "bigint" ? String(value) : value,
      ).toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push({ table: name, row });
    }
  }
  return found;
}

/**
 * A person with a bit of everything the product keeps about someone: an avatar file, an
 * enrolment with a graded attempt and a certificate (its PDF stored), a message sent and one
 * received (with their e-mail notices), a pending e-mail change, a recovery link, a failed
 * sign-in, browser sessions and an API token. Named so that no one else in the database is.
 */
async function personWithData() {
  const tag = crypto.randomUUID().slice(0, 8);
  const nombre = `Zoraida${tag}`;
  const apellido = `Quintrequeo${tag}`;
  const correo = `zoraida-${tag}@borrar.cl`;
  const newEmail = `zoraida-nueva-${tag}@borrar.cl`;
  const { user, cookie, token } = await signedIn({ nombre, apellido, correo });
  const other = await createUser({ nombre: "Rosa", apellido: "Millán" });

  const avatar = await storeBytes("avatars", "png", PNG_1PX);
  await prisma.user.update({ where: { id: user.id }, data: { imagenPerfil: avatar } });

  const course = await createCourse(
    { titulo: "Huertos urbanos", duracionHoras: 8, modulos: [{ titulo: "Uno", preguntas: oneQuestionQuiz() }] },
    { include: { modulos: { include: { preguntas: { include: { opciones: true } } } } } },
  );
  await prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
  await prisma.course.update({ where: { id: course.id }, data: { cantidadParticipantes: { increment: 1 } } });
  const question = course.modulos[0]!.preguntas[0]!;
  await createAttempt(user.id, course.modulos[0]!, {
    answers: {
      create: [
        {
          preguntaId: question.id,
          opcionId: question.opciones[0]!.id,
          pregunta: question.texto,
          respuestaUsuario: "4",
          esCorrecta: true,
        },
      ],
    },
  });
  const finished = await finishCourse({ id: user.id, rol: user.rol } as never, course.id);
  expect(finished.ok).toBe(true);
  const certificate = await prisma.certificate.findFirstOrThrow({ where: { userId: user.id } });
  expect(certificate.pdfKey).toBeTruthy();
  expect(fs.existsSync(storagePath(certificate.pdfKey!))).toBe(true);

  const sent = await sendMessage(user, { to: other.correo, subject: "Consulta del curso", content: "¿Hay tarea?" });
  const received = await sendMessage(other, { to: correo, subject: "Respuesta", content: "No hay tarea." });
  expect(sent.ok && received.ok).toBe(true);

  expect((await updateProfile(user, user.id, { correo: newEmail })).ok).toBe(true);
  const forgot = await apiForgot.action(args(jsonRequest("/api/auth/forgot-password", { correo })));
  expect(forgot.status).toBe(200);
  expect(await canSignIn(correo, "no-es-la-clave")).toBe(false);
  const secondBrowser = cookieFrom(
    (await loginRoute.action(args(formRequest("/login", { correo, password: TEST_PASSWORD })))) as Response,
  );

  // Invited to a class (declined), and inviting someone else to one, by id only (decision 032).
  const clase = await prisma.courseClass.create({
    data: { cursoId: course.id, nombre: `Clase ${tag}`, codigo: `B${tag.slice(0, 7).toUpperCase()}` },
  });
  await prisma.classInvitation.createMany({
    data: [
      { claseId: clase.id, userId: user.id, invitedById: other.id, declinedAt: new Date() },
      { claseId: clase.id, userId: other.id, invitedById: user.id },
    ],
  });

  // Everything above left the person's name or address somewhere.
  expect((await rowsMentioning([correo, newEmail, nombre, apellido])).length).toBeGreaterThan(8);
  return {
    user,
    cookie,
    token,
    secondBrowser,
    other,
    course,
    certificate,
    avatar,
    needles: [correo, newEmail, nombre, apellido],
    sentId: sent.ok ? sent.sent.id : "",
    receivedId: received.ok ? received.sent.id : "",
  };
}

async function verification(codigo: string) {
  return (await verifyRoute.loader(args(getRequest(`/certificados/${codigo}`), { codigo }))) as {
    certificado: { nombreTitular: string; revocadoEn: string | null };
    valido: boolean;
  };
}

async function pdfStatus(codigo: string) {
  try {
    const response = (await pdfRoute.loader(args(getRequest(`/certificados/${codigo}/pdf`), { codigo }))) as Response;
    return response.status;
  } catch (error) {
    return error instanceof Response ? error.status : (error as { init?: { status?: number } }).init?.status;
  }
}

/** What the recipient of the person's message sees of it, in the API and in the inbox page. */
async function asRecipientSees(recipient: { id: string; correo: string }, messageId: string) {
  const { token } = await signedInAs(recipient);
  const inbox = (await readJson(
    await apiMessages.loader(args(jsonRequest("/api/mensajes", undefined, { method: "GET", token }))),
  )) as unknown as Array<{ id: string; from: string; fromName: string; fromRole: string }>;
  return inbox.find((m) => m.id === messageId);
}

async function signedInAs(user: { correo: string }) {
  const login = await apiLogin.action(
    args(jsonRequest("/api/auth/login", { correo: user.correo, password: TEST_PASSWORD })),
  );
  return { token: (await readJson(login)).token as string };
}

async function expectEverythingElseGone(p: Awaited<ReturnType<typeof personWithData>>) {
  expect(await prisma.user.count({ where: { id: p.user.id } })).toBe(0);
  expect(await prisma.session.count({ where: { userId: p.user.id } })).toBe(0);
  expect(await prisma.enrolment.count({ where: { userId: p.user.id } })).toBe(0);
  expect(await prisma.quizAttempt.count({ where: { userId: p.user.id } })).toBe(0);
  expect(await prisma.emailChange.count({ where: { userId: p.user.id } })).toBe(0);
  expect(await prisma.accountToken.count({ where: { userId: p.user.id } })).toBe(0);
  // Their invitations go; one they sent stays with its invitee, from nobody.
  expect(await prisma.classInvitation.count({ where: { userId: p.user.id } })).toBe(0);
  expect(await prisma.classInvitation.findFirstOrThrow({ where: { userId: p.other.id } })).toMatchObject({
    invitedById: null,
  });
  expect(await prisma.message.count({ where: { id: p.receivedId } })).toBe(0);
  expect((await prisma.course.findUniqueOrThrow({ where: { id: p.course.id } })).cantidadParticipantes).toBe(0);
  // Sessions and tokens are dead; nobody signs in with the old credentials.
  expect(await getSessionUser(getRequest("/", p.cookie))).toBeNull();
  expect(await getSessionUser(getRequest("/", p.secondBrowser))).toBeNull();
  expect(await apiStatus(p.token)).toBe(401);
  // The avatar file is gone.
  expect(fs.existsSync(storagePath(p.avatar))).toBe(false);
  // The message they sent stays with its recipient, from 'Cuenta eliminada'.
  expect(await asRecipientSees(p.other, p.sentId)).toMatchObject({ fromName: DELETED_SENDER, from: "", fromRole: "" });
  expect(await prisma.message.findUniqueOrThrow({ where: { id: p.sentId } })).toMatchObject({
    fromId: null,
    subject: "Consulta del curso",
  });
  const notice = await prisma.outboxMail.findFirstOrThrow({ where: { to: p.other.correo, kind: "message.notice" } });
  expect(notice.subject).toContain(DELETED_SENDER);
  // Audit entries keep what happened and when, without detail or IP.
  const entries = await prisma.auditLog.findMany({ where: { actorId: p.user.id } });
  expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["login.success", "login.failure"]));
  for (const entry of entries.filter((e) => e.action !== "user.delete"))
    expect(entry).toMatchObject({ ip: null, detail: null });
}

describe("'Eliminar mi cuenta' in the profile", () => {
  it("keeps the certificates verifiable when asked to, and leaves nothing else of the person", async () => {
    const p = await personWithData();
    const response = await deleteOwn(p.cookie, { password: TEST_PASSWORD, certificados: "conservar" });
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/");
    // Signed out: the session cookie is cleared; the home page says why.
    const cookies = redirect.headers.getSetCookie();
    expect(cookies.some((c) => /^academia_session=;/.test(c) && /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c))).toBe(
      true,
    );
    const flash = await readFlash(getRequest("/", cookies.map((c) => c.split(";")[0]).join("; ")));
    expect(flash.flash).toEqual({ type: "success", message: ACCOUNT_DELETED });

    await expectEverythingElseGone(p);
    // The certificate stays, verifiable with the name on it, its PDF too, with no account.
    const kept = await prisma.certificate.findUniqueOrThrow({ where: { id: p.certificate.id } });
    expect(kept).toMatchObject({ userId: null, revocadoEn: null, nombreTitular: p.certificate.nombreTitular });
    expect((await verification(kept.codigo)).valido).toBe(true);
    expect(fs.existsSync(storagePath(kept.pdfKey!))).toBe(true);
    expect(await pdfStatus(kept.codigo)).toBe(200);
    // That certificate is the one place the name is left; the addresses are nowhere.
    const left = await rowsMentioning(p.needles);
    expect(left.map((r) => [r.table, r.row.id])).toEqual([["Certificate", kept.id]]);
    expect(await rowsMentioning(p.needles.slice(0, 2))).toEqual([]);
    // Nobody signs in with the old credentials (a failed attempt with an address, like any, is audited).
    expect(await canSignIn(p.needles[0]!)).toBe(false);
  });

  it("revokes the certificates when asked to: no name, no PDF, nothing of the person anywhere", async () => {
    const p = await personWithData();
    const response = (await deleteOwn(p.cookie, { password: TEST_PASSWORD, certificados: "revocar" })) as Response;
    expect(response.headers.get("Location")).toBe("/");

    await expectEverythingElseGone(p);
    const revoked = await prisma.certificate.findUniqueOrThrow({ where: { id: p.certificate.id } });
    expect(revoked).toMatchObject({ userId: null, nombreTitular: "", nombreOriginal: null, pdfKey: null });
    expect(revoked.revocadoEn).not.toBeNull();
    const page = await verification(revoked.codigo);
    expect(page.valido).toBe(false);
    expect(page.certificado.nombreTitular).toBe("");
    expect(CERTIFICATE_REVOKED).toBe("Certificado revocado a petición de su titular");
    expect(fs.existsSync(storagePath(p.certificate.pdfKey!))).toBe(false);
    expect(await pdfStatus(revoked.codigo)).toBe(404);
    expect(await rowsMentioning(p.needles)).toEqual([]);
    expect(await canSignIn(p.needles[0]!)).toBe(false);
  });

  it("refuses a wrong password under its field and changes nothing; guessing runs out of budget", async () => {
    const p = await personWithData();
    const before = await rowsMentioning(p.needles);
    const answer = answerOf(await deleteOwn(p.cookie, { password: "no-es-la-clave", certificados: "revocar" }));
    expect(answer.status).toBe(400);
    expect(answer.data.intent).toBe("eliminar-cuenta");
    expect(answer.data.result?.error?.password).toEqual([DELETE_PASSWORD_WRONG]);
    expect(JSON.stringify(answer.data.result?.initialValue ?? {})).not.toContain("no-es-la-clave");
    // Nothing changed: the account, its session, token, certificate and files are as they were.
    expect((await getSessionUser(getRequest("/", p.cookie)))?.id).toBe(p.user.id);
    expect(await apiStatus(p.token)).toBe(200);
    expect(await prisma.certificate.findUniqueOrThrow({ where: { id: p.certificate.id } })).toMatchObject({
      userId: p.user.id,
      revocadoEn: null,
    });
    expect(fs.existsSync(storagePath(p.avatar))).toBe(true);
    expect((await rowsMentioning(p.needles)).length).toBe(before.length);
    // No password at all: the schema's message.
    expect(answerOf(await deleteOwn(p.cookie, { password: "" })).data.result?.error?.password).toBeTruthy();

    // The account's own budget: a few wrong guesses, then 429 with Retry-After, even for the right one.
    for (let i = 1; i < BUDGETS.accountDeletionUser.points; i++) {
      expect(answerOf(await deleteOwn(p.cookie, { password: `mal-${i}` })).status).toBe(400);
    }
    const refused = answerOf(await deleteOwn(p.cookie, { password: TEST_PASSWORD }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(JSON.stringify(refused.data.result)).toContain(TOO_MANY_REQUESTS);
    expect(await prisma.user.count({ where: { id: p.user.id } })).toBe(1);
  });

  it("logs, with its key, a stored file that cannot be deleted, and deletes the account anyway", async () => {
    const { user, cookie } = await signedIn();
    const key = await storeBytes("avatars", "png", PNG_1PX);
    await prisma.user.update({ where: { id: user.id }, data: { imagenPerfil: key } });
    // A directory where the file was: removing it fails.
    fs.rmSync(storagePath(key));
    fs.mkdirSync(storagePath(key));
    fs.writeFileSync(`${storagePath(key)}/x`, "x");
    expectErrorLog(1);
    const response = (await deleteOwn(cookie, { password: TEST_PASSWORD })) as Response;
    expect(response.status).toBe(302);
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(loggedErrors().some((line) => line.key === key && line.msg.includes(key))).toBe(true);
    fs.rmSync(storagePath(key), { recursive: true });
  });

  it("shows the card with the number of certificates, and the dialog at ?eliminar-cuenta=1", async () => {
    const p = await personWithData();
    const data = await userProfile.loader(args(getRequest("/user/profile?eliminar-cuenta=1", p.cookie)));
    expect(data.deletion).toEqual({ certificados: 1, lastAdmin: false });
  });
});

describe("the last admin", () => {
  it("cannot delete their own account; with another approved admin, they can", async () => {
    const admin = await signedIn("admin");
    // Every other admin of this file's database is taken out of the count for the test.
    const others = await prisma.user.findMany({ where: { rol: "admin", aprobado: true, id: { not: admin.user.id } } });
    await prisma.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { aprobado: false } });
    try {
      const view = await adminProfile.loader(args(getRequest("/admin/profile", admin.cookie)));
      expect(view.deletion.lastAdmin).toBe(true);
      const refused = answerOf(await deleteOwn(admin.cookie, { password: TEST_PASSWORD }, "admin"));
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.data.result)).toContain(LAST_ADMIN);
      expect(await prisma.user.count({ where: { id: admin.user.id } })).toBe(1);
      expect((await getSessionUser(getRequest("/", admin.cookie)))?.id).toBe(admin.user.id);
      // The API twin says the same.
      const api = await apiCuenta.action(
        args(jsonRequest("/api/auth/cuenta", { password: TEST_PASSWORD }, { method: "DELETE", token: admin.token })),
      );
      expect(api.status).toBe(409);
      expect((await readJson(api)).error).toBe(LAST_ADMIN);

      // An admin still cannot delete themselves from Registros.
      await recordsRoute.action(
        args(formRequest("/admin/records", { intent: "delete", userId: admin.user.id }, { cookie: admin.cookie })),
      );
      expect(await prisma.user.count({ where: { id: admin.user.id } })).toBe(1);

      const second = await createUser({ rol: "admin" });
      const allowed = (await deleteOwn(admin.cookie, { password: TEST_PASSWORD }, "admin")) as Response;
      expect(allowed.status).toBe(302);
      expect(await prisma.user.count({ where: { id: admin.user.id } })).toBe(0);
      await prisma.user.delete({ where: { id: second.id } });
    } finally {
      await prisma.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { aprobado: true } });
    }
  });
});

describe("an admin's deletion", () => {
  it("through Registros keeps the certificates verifiable by default, or revokes them", async () => {
    const admin = await signedIn("admin");
    const dialog = await personWithData();
    const loaded = await recordsRoute.loader(
      args(getRequest(`/admin/records?eliminar=${dialog.user.id}`, admin.cookie)),
    );
    expect(loaded.toDelete).toMatchObject({ id: dialog.user.id, certificados: 1 });

    const kept = (await recordsRoute.action(
      args(formRequest("/admin/records", { intent: "delete", userId: dialog.user.id }, { cookie: admin.cookie })),
    )) as Response;
    expect(kept.status).toBe(302);
    await expectEverythingElseGone(dialog);
    expect(await prisma.certificate.findUniqueOrThrow({ where: { id: dialog.certificate.id } })).toMatchObject({
      userId: null,
      revocadoEn: null,
    });
    // The admin's entry says who deleted it, how, and from where (the admin's IP).
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "user.delete", targetId: dialog.user.id },
    });
    expect(entry).toMatchObject({ actorId: admin.user.id, detail: "por un administrador; certificados: conservar" });
    expect(entry.ip).toBeTruthy();

    const revoke = await personWithData();
    const fields = { intent: "delete", userId: revoke.user.id, certificados: "revocar" };
    await recordsRoute.action(args(formRequest("/admin/records", fields, { cookie: admin.cookie })));
    await expectEverythingElseGone(revoke);
    expect(await prisma.certificate.findUniqueOrThrow({ where: { id: revoke.certificate.id } })).toMatchObject({
      userId: null,
      nombreTitular: "",
      pdfKey: null,
    });
    expect(fs.existsSync(storagePath(revoke.certificate.pdfKey!))).toBe(false);
    expect(await rowsMentioning(revoke.needles)).toEqual([]);
  });

  it("through DELETE /api/auth/users/{userId}: no body keeps them, certificados revocar revokes them", async () => {
    const admin = await signedIn("admin");
    const call = (id: string, body: unknown) =>
      apiDeleteUser.action(
        args(jsonRequest(`/api/auth/users/${id}`, body, { method: "DELETE", token: admin.token }), { userId: id }),
      );
    const keep = await personWithData();
    expect((await call(keep.user.id, undefined)).status).toBe(200);
    await expectEverythingElseGone(keep);
    expect((await prisma.certificate.findUniqueOrThrow({ where: { id: keep.certificate.id } })).revocadoEn).toBeNull();

    const revoke = await personWithData();
    expect((await call(revoke.user.id, { certificados: "nada" })).status).toBe(400);
    expect(await prisma.user.count({ where: { id: revoke.user.id } })).toBe(1);
    expect((await call(revoke.user.id, { certificados: "revocar" })).status).toBe(200);
    await expectEverythingElseGone(revoke);
    expect(
      (await prisma.certificate.findUniqueOrThrow({ where: { id: revoke.certificate.id } })).revocadoEn,
    ).not.toBeNull();
    expect(await rowsMentioning(revoke.needles)).toEqual([]);
    expect((await call(revoke.user.id, null)).status).toBe(404);
    expect((await call(admin.user.id, null)).status).toBe(400);
  });
});

describe("a child's account", () => {
  it("takes along the request for the guardian's consent and the guardian's address", async () => {
    const admin = await signedIn("admin");
    const tag = crypto.randomUUID().slice(0, 8);
    const child = { nombre: `Nahuel${tag}`, apellido: `Catrileo${tag}`, correo: `nahuel-${tag}@borrar.cl` };
    const tutorCorreo = `mama-${tag}@borrar.cl`;
    const registered = await apiRegister.action(
      args(
        jsonRequest("/api/auth/register", {
          ...child,
          fechaNacimiento: `${new Date().getFullYear() - 10}-03-03`,
          rol: "estudiante",
          password: "bosque nativo del sur",
          confirmarPassword: "bosque nativo del sur",
          tutorNombre: `Ana${tag}`,
          tutorCorreo,
        }),
      ),
    );
    expect(registered.status).toBe(201);
    const user = await prisma.user.findUniqueOrThrow({ where: { correo: child.correo } });
    expect(await prisma.outboxMail.count({ where: { to: tutorCorreo, kind: "registration.guardian" } })).toBe(1);
    // The guardian's own mail (say, they have an account too) stays.
    await prisma.outboxMail.create({
      data: { to: tutorCorreo, subject: "Otro asunto", text: "…", kind: "user.approved" },
    });

    const deleted = await apiDeleteUser.action(
      args(jsonRequest(`/api/auth/users/${user.id}`, undefined, { method: "DELETE", token: admin.token }), {
        userId: user.id,
      }),
    );
    expect(deleted.status).toBe(200);
    expect(await prisma.outboxMail.count({ where: { to: tutorCorreo } })).toBe(1);
    expect(await rowsMentioning([child.correo, child.nombre, child.apellido, `Ana${tag}`])).toEqual([]);
    expect(await prisma.accountToken.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("DELETE /api/auth/cuenta", () => {
  it("deletes the caller's own account with the password, by token or by the site's cookie", async () => {
    const p = await personWithData();
    const call = (body: unknown, init: { token?: string; cookie?: string; origin?: string } = {}) =>
      apiCuenta.action(args(jsonRequest("/api/auth/cuenta", body, { method: "DELETE", ...init })));
    expect((await call({ password: TEST_PASSWORD })).status).toBe(401);
    const wrong = await call({ password: "no-es-la-clave" }, { token: p.token });
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error).toBe(DELETE_PASSWORD_WRONG);
    expect((await call({ password: TEST_PASSWORD, certificados: "borrar" }, { token: p.token })).status).toBe(400);
    expect(await prisma.user.count({ where: { id: p.user.id } })).toBe(1);

    const done = await call({ password: TEST_PASSWORD, certificados: "revocar" }, { token: p.token });
    expect(done.status).toBe(200);
    expect(await readJson(done)).toEqual({ message: ACCOUNT_DELETED, certificados: { conservados: 0, revocados: 1 } });
    await expectEverythingElseGone(p);
    expect(await rowsMentioning(p.needles)).toEqual([]);
    expect((await call({ password: TEST_PASSWORD }, { token: p.token })).status).toBe(401);

    // From the site, with the session cookie (and our own Origin): the cookie is cleared too.
    const q = await signedIn();
    const foreign = await call({ password: TEST_PASSWORD }, { cookie: q.cookie, origin: "https://otro-sitio.example" });
    expect(foreign.status).toBe(403);
    const viaCookie = await call({ password: TEST_PASSWORD }, { cookie: q.cookie, origin: "http://localhost:3000" });
    expect(viaCookie.status).toBe(200);
    expect(await readJson(viaCookie)).toMatchObject({ certificados: { conservados: 0, revocados: 0 } });
    expect(viaCookie.headers.getSetCookie().some((c) => /^academia_session=;/.test(c))).toBe(true);
    expect(await prisma.user.count({ where: { id: q.user.id } })).toBe(0);
  });
});
