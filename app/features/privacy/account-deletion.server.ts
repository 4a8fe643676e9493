// Deleting an account (docs/product.md#suspension-and-deletion, Ley 21.719): the one service behind
// 'Eliminar mi cuenta' on both profile pages, DELETE /api/auth/cuenta, the admin's 'Eliminar' in
// Registros and DELETE /api/auth/users/{userId}. Everything personal goes at once, in one transaction:
// the account and its sessions, API tokens, links and e-mail changes; its enrolments (participant
// counters kept right) and quiz attempts; the messages it received. What stays is said plainly:
// messages it sent stay with their recipients but read 'Cuenta eliminada' as sender (so do the
// notifications they caused); its
// certificates stay verifiable with the name printed on them, or are revoked (no name, no PDF), as
// the person (or the admin) chooses; audit entries keep what happened and when, without the
// detail or the IP. Stored files (the avatar, revoked certificates' PDFs) are deleted after the
// commit; a file that cannot be deleted is logged with its key.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { audit } from "~/features/audit/audit.server.ts";
import { fullName, isAdmin, toRole, type Role } from "~/features/accounts/roles.ts";
import { deleteUserSessions, destroySession } from "~/features/accounts/session.server.ts";
import { counterKeys, release, reserve, type Bucket } from "~/features/limits/rate-limits.server.ts";
import { DROPPED_TEXT } from "~/features/mail/outbox.server.ts";
import { clearOfflineMarker } from "~/features/offline/offline.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { asFailure, fail, failureHeaders, formReply, ok, raise, type Result } from "~/lib/failure.ts";
import { flashHeader } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { verifyPassword } from "~/lib/password.server.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import {
  ACCOUNT_DELETED,
  DEFAULT_CERTIFICATE_CHOICE,
  DELETE_ACCOUNT_INTENT,
  DELETE_PASSWORD_WRONG,
  DELETED_SENDER,
  LAST_ADMIN,
  type CertificateChoice,
} from "./account-deletion.ts";
import { DeleteAccountSchema, type DeleteAccountInput } from "./account-deletion-schema.ts";
import { CANNOT_DELETE_SELF, getUser, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";

/** What became of the account's certificates. */
export type AccountDeleted = { certificados: { conservados: number; revocados: number } };

type Deletion = {
  certificados: CertificateChoice;
  /** Who deletes: the account itself, or an admin (whose IP the audit entry keeps). */
  actor: { id: string; self: boolean };
  request: Request | null;
};

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/**
 * Deletes `userId`'s account and its personal data (see the file's head). The last approved admin
 * cannot go (409): the check runs after the delete, in the same transaction, so two admins
 * deleting themselves at once cannot both pass it.
 */
async function deleteAccount(userId: string, deletion: Deletion): Promise<Result<AccountDeleted>> {
  let removed: { files: string[]; kept: number; revoked: number } | null;
  try {
    removed = await prisma.$transaction((tx) => eraseAccount(tx, userId, deletion.certificados), { timeout: 30_000 });
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return failure;
    throw error;
  }
  if (!removed) return fail(404, USER_NOT_FOUND);
  // The rows are gone: now the files nobody may keep. A failure is logged with its key, to be
  // deleted by hand; it never undoes the deletion.
  for (const key of removed.files) {
    await deleteStoredLogged(key);
  }
  // The person's own deletion records no IP (theirs); an admin's records the admin's.
  const choice = deletion.certificados;
  await audit(deletion.actor.self ? null : deletion.request, "user.delete", {
    actorId: deletion.actor.id,
    targetType: "user",
    targetId: userId,
    detail: `${deletion.actor.self ? "por su titular" : "por un administrador"}; certificados: ${choice}`,
  });
  return ok({ certificados: { conservados: removed.kept, revocados: removed.revoked } });
}

async function eraseAccount(tx: Tx, userId: string, choice: CertificateChoice) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      correo: true,
      nombre: true,
      apellido: true,
      rol: true,
      imagenPerfil: true,
      tutorCorreo: true,
    },
  });
  if (!user) return null;
  const now = new Date();
  const name = fullName(user.nombre, user.apellido);

  // Every address the account had or asked for: mail, counters and audit details name them.
  const changes = await tx.emailChange.findMany({ where: { userId }, select: { newEmail: true } });
  const addressChanges = await tx.auditLog.findMany({
    where: { action: "user.email-change", targetId: userId },
    select: { detail: true },
  });
  const addresses = unique([
    user.correo,
    ...changes.map((c) => c.newEmail),
    ...addressChanges.flatMap((a) => (a.detail ?? "").split(" → ")),
  ]);

  // Participant counters follow the enrolments that go with the account (cascade).
  const enrolments = await tx.enrolment.findMany({ where: { userId }, select: { cursoId: true } });
  if (enrolments.length > 0) {
    await tx.course.updateMany({
      where: { id: { in: enrolments.map((e) => e.cursoId) } },
      data: { cantidadParticipantes: { decrement: 1 } },
    });
  }

  // Certificates outlive the account (userId null), verifiable with the name printed on them, or
  // revoked: no name, no PDF. The name before a rename (never shown) goes either way.
  const certificates = await tx.certificate.findMany({ where: { userId }, select: { pdfKey: true } });
  const files: string[] = user.imagenPerfil ? [user.imagenPerfil] : [];
  if (choice === "revocar") {
    await tx.certificate.updateMany({
      where: { userId },
      data: {
        userId: null,
        revocadoEn: now,
        nombreTitular: "",
        nombreOriginal: null,
        nombreActualizadoEn: null,
        pdfKey: null,
      },
    });
    files.push(...certificates.flatMap((c) => (c.pdfKey ? [c.pdfKey] : [])));
  } else {
    await tx.certificate.updateMany({ where: { userId }, data: { userId: null, nombreOriginal: null } });
  }

  // Messages sent stay with their recipients, from 'Cuenta eliminada': no name, address or role.
  const sent = await tx.message.findMany({ where: { fromId: userId }, select: { id: true, to: true, fromName: true } });
  await tx.message.updateMany({
    where: { fromId: userId },
    data: { fromId: null, from: "", fromName: DELETED_SENDER, fromRole: "" },
  });
  const names = unique([name, ...sent.map((m) => m.fromName)]).filter((n) => n !== DELETED_SENDER);
  await scrubMessageNotices(tx, sent, names);
  await scrubMessageNotifications(tx, sent, names);

  // Mail for the person goes (its text names them): to any of their addresses or their account,
  // and the request for their guardian's consent (to the guardian, naming the child).
  const guardianMail =
    user.tutorCorreo && name
      ? [{ kind: "registration.guardian", to: user.tutorCorreo, subject: { contains: name } }]
      : [];
  await tx.outboxMail.deleteMany({ where: { OR: [{ to: { in: addresses } }, { toUserId: userId }, ...guardianMail] } });
  // So do the counters kept for them.
  await tx.rateLimit.deleteMany({ where: { key: { in: counterKeys([userId, ...addresses]) } } });

  // Audit entries keep the action, the date and the ids (which now point at nobody), without the
  // detail (an address, a course, a code) or the IP. An entry someone else made about the person
  // keeps that someone's IP; a failed sign-in with one of the addresses loses its IP too.
  await tx.auditLog.updateMany({ where: { actorId: userId }, data: { detail: null, ip: null } });
  await tx.auditLog.updateMany({ where: { targetId: userId }, data: { detail: null } });
  await tx.auditLog.updateMany({ where: { detail: { in: addresses } }, data: { detail: null, ip: null } });
  // Reset links this person (an admin) made for others no longer say who made them.
  await tx.accountToken.updateMany({ where: { createdById: userId }, data: { createdById: null } });

  // The account: sessions and API tokens end here; enrolments, attempts, received messages,
  // links and e-mail changes go with it (cascade).
  await deleteUserSessions(userId, tx);
  await tx.user.delete({ where: { id: userId } });

  if (toRole(user.rol) === "admin") {
    const admins = await tx.user.count({ where: { rol: "admin", aprobado: true } });
    if (admins === 0) raise(fail(409, LAST_ADMIN, { reason: "last-admin" }));
  }
  return {
    files,
    kept: choice === "revocar" ? 0 : certificates.length,
    revoked: choice === "revocar" ? certificates.length : 0,
  };
}

/**
 * New-message notices the person's messages caused name them ('Nuevo mensaje de Ana Pérez…'):
 * in those still in the outbox the name becomes 'Cuenta eliminada'. A notice is theirs when it
 * went to one of their messages' recipients, names them, and links one of their messages (or
 * its text was already dropped).
 */
async function scrubMessageNotices(tx: Tx, sent: Array<{ id: string; to: string }>, names: string[]) {
  if (sent.length === 0 || names.length === 0) return;
  const ids = new Set(sent.map((m) => m.id));
  const notices = await tx.outboxMail.findMany({
    where: { kind: "message.notice", to: { in: unique(sent.map((m) => m.to)) } },
    select: { id: true, subject: true, text: true, html: true },
  });
  // Longest first, so that a name is never left half replaced by a shorter one inside it.
  const byLength = [...names].sort((a, b) => b.length - a.length);
  const scrub = (value: string) => byLength.reduce((text, name) => text.split(name).join(DELETED_SENDER), value);
  for (const notice of notices) {
    if (!byLength.some((name) => notice.subject.includes(name) || notice.text.includes(name))) continue;
    const linked = /[?&]ver=([A-Za-z0-9_-]+)/.exec(notice.text)?.[1];
    if (linked ? !ids.has(linked) : notice.text !== DROPPED_TEXT) continue;
    await tx.outboxMail.update({
      where: { id: notice.id },
      data: { subject: scrub(notice.subject), text: scrub(notice.text), html: notice.html ? scrub(notice.html) : null },
    });
  }
}

/**
 * The same for the 'mensaje' notifications (features/notifications) their messages caused: each
 * links its message (`…?ver={id}`), so those are found exactly; the name in the title and text
 * becomes 'Cuenta eliminada'. Written per distinct wording (a message to a class is one).
 */
async function scrubMessageNotifications(tx: Tx, sent: Array<{ id: string }>, names: string[]) {
  if (sent.length === 0 || names.length === 0) return;
  const byLength = [...names].sort((a, b) => b.length - a.length);
  const scrub = (value: string) => byLength.reduce((text, name) => text.split(name).join(DELETED_SENDER), value);
  for (let i = 0; i < sent.length; i += 500) {
    const links = sent.slice(i, i + 500).flatMap((m) => [`/user/messages?ver=${m.id}`, `/admin/messages?ver=${m.id}`]);
    const rows = await tx.notification.findMany({
      where: { kind: "mensaje", link: { in: links } },
      select: { id: true, title: true, text: true },
    });
    const byWording = new Map<string, { title: string; text: string; ids: string[] }>();
    for (const row of rows) {
      const key = `${row.title}\n${row.text}`;
      const group = byWording.get(key) ?? { title: row.title, text: row.text, ids: [] };
      group.ids.push(row.id);
      byWording.set(key, group);
    }
    for (const group of byWording.values()) {
      await tx.notification.updateMany({
        where: { id: { in: group.ids } },
        data: { title: scrub(group.title), text: scrub(group.text) },
      });
    }
  }
}

function unique(values: string[]) {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

// ---------------------------------------------------------------------------------------------
// The three entry points

/**
 * 'Eliminar mi cuenta' and DELETE /api/auth/cuenta: the password confirms it. A wrong one is a
 * field error that changes nothing and spends a point of the account's own budget
 * (accountDeletionUser; reserved before the check, given back when the password is right).
 */
export async function deleteOwnAccount(
  userId: string,
  input: DeleteAccountInput,
  request: Request | null,
): Promise<Result<AccountDeleted>> {
  const bucket: Bucket = ["accountDeletionUser", userId];
  const reserved = await reserve([bucket]);
  if (!reserved.ok) return reserved;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(input.password, user?.passwordHash))) {
    return fail(400, DELETE_PASSWORD_WRONG, { field: "password" });
  }
  await release([bucket]);
  return deleteAccount(userId, { certificados: input.certificados, actor: { id: userId, self: true }, request });
}

/** An admin's deletion (Registros, DELETE /api/auth/users/{userId}): anyone's but their own. */
export async function deleteUser(
  admin: { id: string },
  id: string,
  request: Request,
  certificados: CertificateChoice = DEFAULT_CERTIFICATE_CHOICE,
): Promise<Result<AccountDeleted>> {
  if (admin.id === id) return fail(400, CANNOT_DELETE_SELF);
  return deleteAccount(id, { certificados, actor: { id: admin.id, self: false }, request });
}

export type DeleteAccountActionData = { intent: typeof DELETE_ACCOUNT_INTENT; result: SubmissionResult<string[]> };

/**
 * The form's action on /user/profile and /admin/profile (the route guards first): validate,
 * delete, and home signed out with 'Tu cuenta fue eliminada.' (the session cookie cleared, the
 * browser's cache and offline copies too, as 'Salir' does). The password never comes back.
 */
export async function deleteAccountFormAction(request: Request, user: { id: string }) {
  const submission = parseWithZod(await readForm(request), { schema: DeleteAccountSchema });
  const answer = (result: SubmissionResult<string[]>, init: ResponseInit) =>
    data<DeleteAccountActionData>({ intent: DELETE_ACCOUNT_INTENT, result }, init);
  if (submission.status !== "success") {
    return answer(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const outcome = await deleteOwnAccount(user.id, submission.value, request);
  if (!outcome.ok) {
    return answer(formReply(submission, outcome, { hideFields: ["password"] }), {
      status: outcome.status,
      headers: failureHeaders(outcome),
    });
  }
  const headers = new Headers({ "Clear-Site-Data": '"cache"' });
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", clearOfflineMarker());
  headers.append("Set-Cookie", await flashHeader(request, { type: "success", message: ACCOUNT_DELETED }));
  return redirect("/", { headers });
}

// ---------------------------------------------------------------------------------------------
// What the forms show

/** The profile's 'Eliminar mi cuenta': how many certificates to decide about, and whether it is the last admin. */
export async function accountDeletionView(user: { id: string; rol: Role | null }) {
  const [certificados, otherAdmins] = await Promise.all([
    prisma.certificate.count({ where: { userId: user.id } }),
    isAdmin(user) ? prisma.user.count({ where: { rol: "admin", aprobado: true, id: { not: user.id } } }) : 1,
  ]);
  return { certificados, lastAdmin: otherAdmins === 0 };
}
export type AccountDeletionView = Awaited<ReturnType<typeof accountDeletionView>>;

/** The account the Registros dialog asks about, with its number of certificates; null when unknown. */
export async function deletionTarget(id: string) {
  const user = await getUser(id);
  if (!user) return null;
  return { ...user, certificados: await prisma.certificate.count({ where: { userId: id } }) };
}
