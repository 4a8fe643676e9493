// Changing one's own e-mail: it applies when the link sent to the new address is followed. An address another
// account has gets a notice instead, and the asker sees the same answer.
import { EMAIL_TAKEN } from "~/features/accounts/register.server.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { BUDGETS, consume, type RateLimitResult } from "~/features/limits/rate-limits.server.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { EMAIL_CHANGE_INVALID, EMAIL_CHANGED } from "./profile-schema.ts";
import { userWordsUpdate } from "./user-words.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "./account-token.server.ts";

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

const confirmEmailPath = (token: string) => `/confirmar-correo/${token}`;

export const EMAIL_CHANGE_TOO_MANY =
  `Puedes pedir el cambio de correo hasta ${BUDGETS.emailChangeUserHour.points} veces por hora y ` +
  `${BUDGETS.emailChangeUserDay.points} por día. Vuelve a intentarlo más tarde.`;

/** Spends one of the account's e-mail change requests; past the budget, a 429 (with Retry-After) on `correo`. */
export async function spendEmailChangeRequest(userId: string): Promise<RateLimitResult> {
  const limit = await consume(
    [
      ["emailChangeUserHour", userId],
      ["emailChangeUserDay", userId],
    ],
    EMAIL_CHANGE_TOO_MANY,
  );
  return limit.ok ? limit : { ...limit, field: "correo" };
}

/** Records a request and queues its mail; an address another account has gets a notice, never the token. */
export async function requestEmailChange(tx: Tx, user: { id: string; nombre: string }, newEmail: string) {
  const token = newToken();
  const owner = await tx.user.findUnique({ where: { correo: newEmail }, select: { id: true, nombre: true } });
  await tx.emailChange.deleteMany({ where: { userId: user.id, usedAt: null } });
  await tx.emailChange.create({
    data: {
      userId: user.id,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    },
  });
  const brand = env().APP_NAME;
  if (owner && owner.id !== user.id) {
    await enqueueMail(
      {
        kind: "email.taken",
        to: newEmail,
        toUserId: owner.id,
        subject: `Alguien intentó usar tu correo en ${brand}`,
        text:
          `Hola ${owner.nombre}:\n\nAlguien pidió usar este correo (${newEmail}) en otra cuenta de ${brand}, ` +
          "pero ya es el de tu cuenta. No cambió nada: tu cuenta sigue con este correo.\n\n" +
          "Si fuiste tú desde otra cuenta, usa otro correo en ella. Si no, no tienes que hacer nada.\n\n" +
          `Saludos,\n${brand}`,
      },
      tx,
    );
    return;
  }
  await enqueueMail(
    {
      kind: "email.confirm",
      to: newEmail,
      subject: `Confirma tu nuevo correo en ${brand}`,
      text:
        `Hola ${user.nombre}:\n\nPediste usar este correo (${newEmail}) en tu cuenta de ${brand}.\n` +
        "Para confirmarlo, abre este enlace dentro de las próximas 24 horas:\n" +
        `${publicUrl()}${confirmEmailPath(token)}\n\n` +
        `Si no fuiste tú, ignora este mensaje: tu cuenta no cambiará.\n\nSaludos,\n${brand}`,
    },
    tx,
  );
}

/** The address a user asked to move to and has not confirmed yet, if the link is still live. */
export async function pendingEmailChange(userId: string): Promise<string | null> {
  const row = await prisma.emailChange.findFirst({
    where: { userId, usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { newEmail: true },
  });
  return row?.newEmail ?? null;
}

/** What the confirmation page shows for a token (a GET changes nothing); null when not usable. */
export async function describeEmailChange(token: string | undefined): Promise<{ newEmail: string } | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await prisma.emailChange.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { newEmail: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { newEmail: row.newEmail };
}

/** Applies a confirmed change once (a conditional update claims the row); the old address is told. */
export async function confirmEmailChange(
  token: string | undefined,
  request: Request | null,
): Promise<Result<{ correo: string; message: string }>> {
  if (!token || !TOKEN_PATTERN.test(token)) return fail(404, EMAIL_CHANGE_INVALID);
  const tokenHash = hashToken(token);
  const brand = env().APP_NAME;
  try {
    const outcome = await prisma.$transaction(
      async (tx): Promise<Result<{ correo: string; userId: string; old: string }>> => {
        const now = new Date();
        const claimed = await tx.emailChange.updateMany({
          where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (claimed.count !== 1) return fail(404, EMAIL_CHANGE_INVALID);
        const change = await tx.emailChange.findUniqueOrThrow({
          where: { tokenHash },
          select: { userId: true, newEmail: true },
        });
        const user = await tx.user.findUniqueOrThrow({
          where: { id: change.userId },
          select: { correo: true, nombre: true, apellido: true },
        });
        const taken = await tx.user.findUnique({ where: { correo: change.newEmail }, select: { id: true } });
        if (taken && taken.id !== change.userId) return fail(409, EMAIL_TAKEN);
        await tx.user.update({
          where: { id: change.userId },
          data: { correo: change.newEmail, ...userWordsUpdate({ ...user, correo: change.newEmail }) },
        });
        await tx.emailChange.deleteMany({ where: { userId: change.userId, usedAt: null } });
        if (user.correo !== change.newEmail) {
          await enqueueMail(
            {
              kind: "email.changed",
              to: user.correo,
              subject: `El correo de tu cuenta en ${brand} cambió`,
              text:
                `Hola ${user.nombre}:\n\nEl correo de tu cuenta ahora es ${change.newEmail}; ` +
                "desde ahora ingresas con él.\n" +
                `Si no fuiste tú, escríbenos de inmediato desde ${publicUrl()}/contacto\n\nSaludos,\n${brand}`,
            },
            tx,
          );
        }
        return ok({ correo: change.newEmail, userId: change.userId, old: user.correo });
      },
    );
    if (outcome.ok) {
      await audit(request, "user.email-change", {
        actorId: outcome.userId,
        targetType: "user",
        targetId: outcome.userId,
        detail: `${outcome.old} → ${outcome.correo}`,
      });
      return ok({ correo: outcome.correo, message: EMAIL_CHANGED(outcome.correo) });
    }
    return outcome;
  } catch (error) {
    // Someone took the address between our check and the update: the unique index decides.
    if (isUniqueViolation(error)) return fail(409, EMAIL_TAKEN);
    throw error;
  }
}
