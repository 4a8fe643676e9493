// Accounts as the admin sees them (/admin/records and /api/auth/users*).
import { notify } from "~/features/notifications/notify.server.ts";
import { audit, auditMany } from "~/features/audit/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { fetchOffsetPage, rowsInOrder } from "~/lib/keyset.ts";
import { readTally } from "~/lib/db/tally.server.ts";
import { queryWords } from "~/lib/search-text.ts";
import { countDense, findMatches, hasEveryWord, USER_WORDS } from "~/features/search/word-search.server.ts";
import { userSearchWords } from "./user-words.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { enqueueMails } from "~/features/mail/outbox.server.ts";
import { fullName } from "~/features/accounts/roles.ts";
import { deleteUserSessions } from "~/features/accounts/session.server.ts";
import { GUARDIAN_PENDING } from "~/features/accounts/texts.ts";
import { apiJson } from "~/lib/api.server.ts";
import type { BulkAnswer } from "./bulk-schema.ts";

export const APPROVE_FAILED = "No se pudo aprobar el usuario";
export const DELETE_FAILED = "No se pudo eliminar el usuario";
export const CANNOT_DELETE_SELF = "No puedes eliminar tu propia cuenta.";
export const CANNOT_SUSPEND_SELF = "No puedes suspender tu propia cuenta.";
export const SUSPEND_FAILED = "No se pudo suspender el usuario";
export const USER_NOT_FOUND = "Usuario no encontrado";
export const SCHOOL_CONSENT_RECORDED = "Registramos que el colegio reunió la autorización de su madre, padre o tutor.";

const RECORDS_PAGE_SIZE = 25;

export const publicUserSelect = {
  id: true,
  nombre: true,
  apellido: true,
  correo: true,
  fechaNacimiento: true,
  rut: true,
  rol: true,
  aprobado: true,
  aprobadoEn: true,
  suspendidoEn: true,
  imagenPerfil: true,
  correoConfirmado: true,
  avisosCorreo: true,
  requiereTutor: true,
  tutorNombre: true,
  tutorCorreo: true,
  consentimientoEn: true,
  consentimientoOrigen: true,
  createdAt: true,
  usuario: true,
  // Made by a teacher's class import: who, for which class (Registros shows it).
  creadoPor: { select: { nombre: true, apellido: true } },
  creadoParaClase: { select: { nombre: true } },
} as const;

/** Registrations, pending first, newest first; `q` by word prefixes (UserWord), counts from Tally (decision 009). */
export async function listUsers({
  page = 1,
  pageSize = RECORDS_PAGE_SIZE,
  q = "",
}: { page?: number; pageSize?: number; q?: string } = {}) {
  const words = queryWords(q);
  // Exactly the index (aprobado, correoConfirmado DESC, createdAt DESC, id DESC): no sort.
  const order = (first: "asc" | "desc", rest: "asc" | "desc") => [
    { aprobado: first },
    { correoConfirmado: rest },
    { createdAt: rest },
    { id: rest },
  ];
  const [orderBy, backwards] = [order("asc", "desc"), order("desc", "asc")];
  const skip = (Math.max(1, page) - 1) * pageSize;
  const pending = readTally("user:pending");
  let users;
  let total: number;
  let totalExact = true;
  const matches = words.length > 0 ? await findMatches(USER_WORDS, words) : null;
  if (matches && "ids" in matches) {
    // Few matches (one word's range holds at most DENSE_SEARCH entries): read by id and sorted.
    total = matches.ids.length;
    users =
      total === 0
        ? []
        : await prisma.user.findMany({
            where: { id: { in: matches.ids } },
            select: publicUserSelect,
            orderBy,
            skip,
            take: pageSize,
          });
  } else if (matches) {
    // Every word common: the list's index is walked (ids only) up to the page, then its rows are read by id.
    let count;
    [users, count] = await Promise.all([
      prisma.$queryRaw<Array<{ id: string }>>`SELECT u."id" FROM "User" u
        WHERE ${hasEveryWord(USER_WORDS, 'u."id"', matches.dense)}
        ORDER BY u."aprobado" ASC, u."correoConfirmado" DESC, u."createdAt" DESC, u."id" DESC
        LIMIT ${pageSize} OFFSET ${skip}`.then((page) =>
        rowsInOrder(
          page.map((row) => row.id),
          (ids) => prisma.user.findMany({ where: { id: { in: ids } }, select: publicUserSelect }),
        ),
      ),
      countDense(USER_WORDS, words),
    ]);
    ({ total, exact: totalExact } = count);
  } else {
    total = await readTally("user:all");
    users =
      skip === 0
        ? await prisma.user.findMany({ select: publicUserSelect, orderBy, take: pageSize })
        : // A later page of every account: that index's entries are skipped from the nearer end,
          // ids only, then the page's rows are read by id (a deferred join, lib/keyset.ts).
          await fetchOffsetPage(
            { skip, take: pageSize, total },
            ({ skip, take, reverse }) =>
              prisma.user.findMany({ orderBy: reverse ? backwards : orderBy, skip, take, select: { id: true } }),
            (ids) => prisma.user.findMany({ where: { id: { in: ids } }, select: publicUserSelect }),
          );
  }
  return {
    users,
    total,
    totalExact,
    pending: await pending,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Fills UserWord, at start, for accounts written before the table existed (a batch at a time in id order). */
export async function backfillUserWords(batch = 500) {
  let after = "";
  for (;;) {
    const rows = await prisma.user.findMany({
      where: { id: { gt: after }, words: { none: {} } },
      orderBy: { id: "asc" },
      select: { id: true, nombre: true, apellido: true, correo: true },
      take: batch,
    });
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    await prisma.userWord.createMany({
      data: rows.flatMap((row) => userSearchWords(row).map((word) => ({ userId: row.id, word }))),
    });
  }
}

/** Accounts waiting for approval (the trigger-kept Tally: one primary-key read). */
export function countPendingUsers() {
  return readTally("user:pending");
}

export function getUser(id: string) {
  return prisma.user.findUnique({ where: { id }, select: publicUserSelect });
}

export const BULK_UNCONFIRMED = "correo sin confirmar: apruébala una por una";

/** What a bulk action did: the accounts changed, and the ones it left with their reasons. */
export type BulkOutcome = { done: string[]; skipped: { id: string; motivo: string }[] };

function approvedMail(user: { correo: string; nombre: string; apellido: string; id: string }) {
  const brand = env().APP_NAME;
  return {
    kind: "user.approved" as const,
    to: user.correo,
    subject: `Tu cuenta en ${brand} fue aprobada`,
    text:
      `Hola ${fullName(user.nombre, user.apellido) || user.correo}:\n\n` +
      `Un administrador aprobó tu cuenta. Ya puedes iniciar sesión en ${publicUrl()}/login\n\n` +
      `Saludos,\n${brand}`,
  };
}

/** Approves accounts in one transaction; `confirmedOnly` (the bulk button) leaves unproven addresses. */
export async function approveUsers(
  admin: { id: string },
  ids: string[],
  request: Request | null,
  { confirmedOnly = false } = {},
): Promise<BulkOutcome> {
  const unique = [...new Set(ids)];
  return prisma.$transaction(async (tx) => {
    const users = await tx.user.findMany({ where: { id: { in: unique } }, select: publicUserSelect });
    const byId = new Map(users.map((u) => [u.id, u]));
    const outcome: BulkOutcome = { done: [], skipped: [] };
    const toApprove: typeof users = [];
    for (const id of unique) {
      const user = byId.get(id);
      if (!user) outcome.skipped.push({ id, motivo: USER_NOT_FOUND });
      else if (user.aprobado) outcome.done.push(id);
      // Under 14 at registration: a parent's or guardian's consent (or the school's) comes first.
      else if (user.requiereTutor && !user.consentimientoEn) outcome.skipped.push({ id, motivo: GUARDIAN_PENDING });
      else if (confirmedOnly && !user.correoConfirmado) outcome.skipped.push({ id, motivo: BULK_UNCONFIRMED });
      else toApprove.push(user);
    }
    if (toApprove.length === 0) return outcome;
    const approving = toApprove.map((u) => u.id);
    await tx.user.updateMany({
      where: { id: { in: approving }, aprobado: false },
      data: { aprobado: true, aprobadoEn: new Date(), suspendidoEn: null },
    });
    await enqueueMails(toApprove.map(approvedMail), tx);
    await notify(
      {
        kind: "cuenta",
        to: approving,
        title: "Tu cuenta fue aprobada",
        text: "Un administrador aprobó tu cuenta: ya puedes inscribirte en los cursos.",
        link: "/cursos",
      },
      tx,
    );
    await auditMany(
      request,
      "user.approve",
      approving.map((id) => ({ actorId: admin.id, targetType: "user", targetId: id })),
      tx,
    );
    outcome.done.push(...approving);
    return outcome;
  });
}

export async function approveUser(admin: { id: string }, id: string, request: Request): Promise<Result> {
  const { skipped } = await approveUsers(admin, [id], request);
  const refused = skipped[0];
  if (!refused) return ok();
  if (refused.motivo === GUARDIAN_PENDING) return fail(409, GUARDIAN_PENDING, { reason: "guardian" });
  return fail(404, USER_NOT_FOUND);
}

/** Suspends accounts (never one's own) in one transaction: sessions and API tokens end for good. */
export async function suspendUsers(
  admin: { id: string },
  ids: string[],
  request: Request | null,
): Promise<BulkOutcome> {
  const unique = [...new Set(ids)];
  return prisma.$transaction(async (tx) => {
    const found = new Set(
      (await tx.user.findMany({ where: { id: { in: unique } }, select: { id: true } })).map((u) => u.id),
    );
    const outcome: BulkOutcome = { done: [], skipped: [] };
    for (const id of unique) {
      if (id === admin.id) outcome.skipped.push({ id, motivo: CANNOT_SUSPEND_SELF });
      else if (!found.has(id)) outcome.skipped.push({ id, motivo: USER_NOT_FOUND });
      else outcome.done.push(id);
    }
    if (outcome.done.length === 0) return outcome;
    await tx.user.updateMany({
      where: { id: { in: outcome.done } },
      data: { aprobado: false, suspendidoEn: new Date() },
    });
    for (const id of outcome.done) await deleteUserSessions(id, tx);
    await auditMany(
      request,
      "user.suspend",
      outcome.done.map((id) => ({ actorId: admin.id, targetType: "user", targetId: id })),
      tx,
    );
    return outcome;
  });
}

export async function suspendUser(admin: { id: string }, id: string, request: Request): Promise<Result> {
  const { skipped } = await suspendUsers(admin, [id], request);
  const refused = skipped[0];
  if (!refused) return ok();
  return refused.motivo === CANNOT_SUSPEND_SELF ? fail(400, CANNOT_SUSPEND_SELF) : fail(404, USER_NOT_FOUND);
}

/** The school collected a guardian's consent on paper: an admin records it (audited) instead of the link. */
export async function recordSchoolConsent(admin: { id: string }, id: string, request: Request): Promise<Result> {
  const { count } = await prisma.user.updateMany({
    where: { id, requiereTutor: true, consentimientoEn: null },
    data: { consentimientoEn: new Date(), consentimientoOrigen: "escuela" },
  });
  if (count === 0) return (await getUser(id)) ? ok() : fail(404, USER_NOT_FOUND);
  await audit(request, "user.guardian-consent", {
    actorId: admin.id,
    targetType: "user",
    targetId: id,
    detail: "escuela",
  });
  return ok();
}

/** The API twins of Registros' bulk actions answer alike; `done` names what happened ("aprobadas"). */
export async function bulkUsersAnswer(
  admin: { id: string },
  ids: string[],
  request: Request,
  service: typeof approveUsers | typeof suspendUsers,
  done: string,
) {
  const outcome = await service(admin, ids, request);
  return apiJson<BulkAnswer>({
    message: `${outcome.done.length} ${done}, ${outcome.skipped.length} omitidas.`,
    hechas: outcome.done,
    omitidas: outcome.skipped,
  });
}
