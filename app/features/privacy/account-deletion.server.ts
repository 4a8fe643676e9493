// Deleting an account (docs/product.md#suspension-and-deletion): each feature erases what it holds, in one
// transaction; stored files go after the commit.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { accountToErase, eraseAccountRow } from "~/features/accounts/privacy.server.ts";
import { eraseSubmissions } from "~/features/assignments/privacy.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { auditedAddresses, eraseAuditDetails } from "~/features/audit/privacy.server.ts";
import { countCertificates, eraseCertificates } from "~/features/certificates/privacy.server.ts";
import { eraseEnrolments } from "~/features/enrolment/privacy.server.ts";
import { eraseMail } from "~/features/mail/privacy.server.ts";
import { eraseSentMessages } from "~/features/messages/privacy.server.ts";
import { fullName, isAdmin, toRole, type Role } from "~/features/accounts/roles.ts";
import { destroySession } from "~/features/accounts/session.server.ts";
import { eraseCounters } from "~/features/limits/rate-limits.server.ts";
import { clearOfflineMarker } from "~/features/offline/offline.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { asFailure, fail, failureHeaders, formReply, ok, raise, type Result } from "~/lib/failure.ts";
import { flashHeader } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { confirmOwnPassword } from "~/features/accounts/set-password.server.ts";
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

export type AccountDeleted = { certificados: { conservados: number; revocados: number } };

type Deletion = {
  certificados: CertificateChoice;
  /** Who deletes: the account itself, or an admin (whose IP the audit entry keeps). */
  actor: { id: string; self: boolean };
  request: Request | null;
};

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** The last approved admin cannot go (409): counted after the delete, in the same transaction. */
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
  // The rows are gone: now the files (a failure is logged with its key; it never undoes the deletion).
  for (const key of removed.files) await deleteStoredLogged(key);
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
  const user = await accountToErase(tx, userId);
  if (!user) return null;
  const name = fullName(user.nombre, user.apellido);
  // Every address the account had or asked for: mail, counters and audit details name them.
  const addresses = unique([...user.addresses, ...(await auditedAddresses(tx, userId))]);

  await eraseEnrolments(tx, userId);
  const handIns = await eraseSubmissions(tx, userId);
  const certificates = await eraseCertificates(tx, userId, choice === "revocar");
  await eraseSentMessages(tx, userId, name, DELETED_SENDER);
  await eraseMail(tx, { userId, addresses, name, guardian: user.tutorCorreo });
  await eraseCounters(tx, [userId, ...addresses]);
  await eraseAuditDetails(tx, userId, addresses);
  await eraseAccountRow(tx, userId);

  if (toRole(user.rol) === "admin") {
    const admins = await tx.user.count({ where: { rol: "admin", aprobado: true } });
    if (admins === 0) raise(fail(409, LAST_ADMIN, { reason: "last-admin" }));
  }
  const files = [...(user.imagenPerfil ? [user.imagenPerfil] : []), ...certificates.files, ...handIns];
  return { files, kept: certificates.kept, revoked: certificates.revoked };
}

function unique(values: string[]) {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** A wrong password changes nothing and spends the account's own budget (accountDeletionUser). */
export async function deleteOwnAccount(
  userId: string,
  input: DeleteAccountInput,
  request: Request | null,
): Promise<Result<AccountDeleted>> {
  const wrong = fail(400, DELETE_PASSWORD_WRONG, { field: "password" });
  const confirmed = await confirmOwnPassword(userId, input.password, "accountDeletionUser", wrong);
  if (!confirmed.ok) return confirmed;
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

/** The form's action on both profile pages: home signed out, the cache and offline copies cleared as 'Salir' does. */
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
  const headers = await signOutHeaders(request);
  headers.append("Set-Cookie", await flashHeader(request, { type: "success", message: ACCOUNT_DELETED }));
  return redirect("/", { headers });
}

/** 'Salir' and a deleted account: session ended, browser cache cleared, offline marker gone (decision 014). */
export async function signOutHeaders(request: Request) {
  const headers = new Headers({ "Clear-Site-Data": '"cache"' });
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", clearOfflineMarker());
  return headers;
}

/** The profile's 'Eliminar mi cuenta': how many certificates to decide about, and whether it is the last admin. */
export async function accountDeletionView(user: { id: string; rol: Role | null }) {
  const [certificados, otherAdmins] = await Promise.all([
    countCertificates(user.id),
    isAdmin(user) ? prisma.user.count({ where: { rol: "admin", aprobado: true, id: { not: user.id } } }) : 1,
  ]);
  return { certificados, lastAdmin: otherAdmins === 0 };
}
export type AccountDeletionView = Awaited<ReturnType<typeof accountDeletionView>>;

/** The account the Registros dialog asks about, with its number of certificates; null when unknown. */
export async function deletionTarget(id: string) {
  const user = await getUser(id);
  if (!user) return null;
  return { ...user, certificados: await countCertificates(id) };
}
