// Registration, for /registro and POST /api/auth/register: accounts wait for approval. An address that has an
// account answers like a new one, after the same work, and its owner is e-mailed instead.
import { audit } from "~/features/audit/audit.server.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { clientIp, consume } from "~/features/limits/rate-limits.server.ts";
import { noticeAdminsOfRegistration } from "~/features/accounts/registration-notice.server.ts";
import { PRIVACY_NOTICE_VERSION } from "~/lib/retention.ts";
import { findAccountToken, issueAccountToken, spendAccountToken } from "./account-token.server.ts";
import { needsGuardian } from "./age.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { fullName } from "./roles.ts";
import {
  ADDRESS_CONFIRMED_READY,
  ADDRESS_CONFIRMED_WAIT,
  ADDRESS_LINK_INVALID,
  GUARDIAN_CONSENTED,
  GUARDIAN_LINK_INVALID,
} from "./texts.ts";
import type { RegisterInput } from "./schema.ts";
import { userWordsCreate } from "~/features/accounts/user-words.ts";
import { log } from "~/lib/log.server.ts";

export const EMAIL_TAKEN = "Ya existe una cuenta registrada con este correo.";
export const COMMON_PASSWORD = "Esa contraseña es demasiado común. Elige una más difícil de adivinar.";

/** How long the link that proves an address works (a newer one voids it). */
const CONFIRM_ADDRESS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** Queues the e-mail with the link that proves `user`'s address (a new token, the older ones void). */
async function sendAddressConfirmation(user: { id: string; correo: string; nombre: string; apellido: string }, tx: Tx) {
  const { token } = await issueAccountToken({ userId: user.id, purpose: "correo", ttlMs: CONFIRM_ADDRESS_TTL_MS }, tx);
  const brand = env().APP_NAME;
  await enqueueMail(
    {
      kind: "registration.confirm",
      to: user.correo,
      subject: `Confirma tu correo en ${brand}`,
      text:
        `Hola ${fullName(user.nombre, user.apellido) || user.correo}:\n\n` +
        `Para confirmar que este correo es tuyo, abre este enlace (vale 7 días y sirve una vez):\n` +
        `${publicUrl()}/registro/confirmar/${token}\n\n` +
        `Después, un administrador revisará tu registro y te avisaremos cuando puedas iniciar sesión.\n` +
        `Si no creaste una cuenta, ignora este correo.\n\nSaludos,\n${brand}`,
    },
    tx,
  );
}

/** How long a guardian's consent link works (a newer one voids it). */
const GUARDIAN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Queues the e-mail asking a registrant's parent or guardian to consent ('Autorizo el registro de …'). */
async function askGuardian(
  child: { id: string; nombre: string; apellido: string },
  guardian: { nombre: string; correo: string },
  tx: Tx,
) {
  const { token } = await issueAccountToken({ userId: child.id, purpose: "tutor", ttlMs: GUARDIAN_TTL_MS }, tx);
  const brand = env().APP_NAME;
  const name = fullName(child.nombre, child.apellido);
  await enqueueMail(
    {
      kind: "registration.guardian",
      to: guardian.correo,
      subject: `Autoriza el registro de ${name} en ${brand}`,
      text:
        `Hola ${guardian.nombre}:\n\n` +
        `${name} se registró en ${brand}, una academia en línea con cursos gratuitos, e indicó que eres ` +
        `su madre, padre o tutor. Como tiene menos de 14 años, la ley chilena (Ley 21.719) pide tu ` +
        `autorización para tratar sus datos personales (nombre, correo, fecha de nacimiento, sus cursos y ` +
        `resultados) con el fin de darle acceso a los cursos.\n\n` +
        `Lee el aviso de privacidad: ${publicUrl()}/privacidad\n` +
        `Para autorizar el registro, abre este enlace (vale 14 días y sirve una vez):\n` +
        `${publicUrl()}/registro/autorizar/${token}\n\n` +
        `Si no autorizas el registro, ignora este correo: la cuenta no podrá usarse.\n\nSaludos,\n${brand}`,
    },
    tx,
  );
}

/** The owner of an address someone tried to register again is told, and pointed to recovery. */
async function noticeOwnerOfAttempt(user: { correo: string; nombre: string; apellido: string }, tx: Tx) {
  const brand = env().APP_NAME;
  await enqueueMail(
    {
      kind: "registration.taken",
      to: user.correo,
      subject: `Alguien intentó crear una cuenta con tu correo en ${brand}`,
      text:
        `Hola ${fullName(user.nombre, user.apellido) || user.correo}:\n\n` +
        `Alguien intentó crear una cuenta con tu correo en ${brand}, pero ya tienes una. ` +
        `No se creó ninguna cuenta nueva.\n\n` +
        `Si fuiste tú, inicia sesión en ${publicUrl()}/login. Si no recuerdas tu contraseña, ` +
        `crea una nueva en ${publicUrl()}/recuperar\n` +
        `Si no fuiste tú, no tienes que hacer nada.\n\nSaludos,\n${brand}`,
    },
    tx,
  );
}

/** `userId` is null when nothing was created (a honeypot, a known address): callers answer both alike. */
export async function registerUser(input: RegisterInput, request: Request): Promise<Result<{ userId: string | null }>> {
  const limit = await consume([
    ["registerIp", clientIp(request)],
    ["registerAccount", input.correo],
  ]);
  if (!limit.ok) return limit;

  // A filled honeypot is a bot: answer as if all went well and store nothing.
  if (input.sitioWeb) return ok({ userId: null });

  if (isCommonPassword(input.password)) return fail(400, COMMON_PASSWORD, { field: "password" });
  // The hash comes first, whatever the address: a known address costs what a new one does.
  const passwordHash = await hashPassword(input.password);
  const existing = await prisma.user.findUnique({ where: { correo: input.correo }, select: OWNER });
  if (existing) {
    await answerForExisting(existing);
    return ok({ userId: null });
  }
  // Under 14: the schema made sure both are there.
  const guardian =
    needsGuardian(input.fechaNacimiento) && input.tutorNombre && input.tutorCorreo
      ? { nombre: input.tutorNombre, correo: input.tutorCorreo }
      : null;
  try {
    const user = await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          nombre: input.nombre,
          apellido: input.apellido,
          correo: input.correo,
          ...userWordsCreate(input),
          fechaNacimiento: new Date(`${input.fechaNacimiento}T12:00:00Z`),
          rol: input.rol,
          aprobado: false,
          passwordHash,
          // The notice the form (and the API's documentation) pointed to when the person registered.
          privacidadVersion: PRIVACY_NOTICE_VERSION,
          privacidadAceptadaEn: new Date(),
          ...(guardian ? { requiereTutor: true, tutorNombre: guardian.nombre, tutorCorreo: guardian.correo } : {}),
        },
        select: { id: true, correo: true, nombre: true, apellido: true },
      });
      await sendAddressConfirmation(created, tx);
      if (guardian) await askGuardian(created, guardian, tx);
      return created;
    });
    await audit(request, "user.register", { actorId: user.id, detail: input.rol });
    // The account exists: a failed notice must not turn the registration into an error.
    await noticeAdminsOfRegistration().catch((error: unknown) =>
      log.error({ err: error }, "No se pudo avisar del registro a administración"),
    );
    return ok({ userId: user.id });
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index decides, the other answers as for a known address.
    if (!isUniqueViolation(error)) throw error;
    const winner = await prisma.user.findUnique({ where: { correo: input.correo }, select: OWNER });
    if (winner) await answerForExisting(winner);
    return ok({ userId: null });
  }
}

const OWNER = { id: true, correo: true, nombre: true, apellido: true, correoConfirmado: true } as const;

/** A registration of an address that has an account: a new link if it was never proven, else a notice. */
async function answerForExisting(user: Prisma.UserGetPayload<{ select: typeof OWNER }>) {
  await prisma.$transaction(async (tx) => {
    if (user.correoConfirmado) await noticeOwnerOfAttempt(user, tx);
    else await sendAddressConfirmation(user, tx);
  });
}

/** Uses a confirmation link once: the account's address is proven from now on. */
export async function confirmAddress(token: unknown, request: Request): Promise<Result<{ message: string }>> {
  const found = await findAccountToken(token, "correo");
  if (!found) return fail(404, ADDRESS_LINK_INVALID);
  const user = await prisma.$transaction(async (tx) => {
    if (!(await spendAccountToken(found.id, tx))) return null;
    return tx.user.update({
      where: { id: found.userId },
      data: { correoConfirmado: true, correoConfirmadoEn: new Date() },
      select: { id: true, aprobado: true },
    });
  });
  if (!user) return fail(404, ADDRESS_LINK_INVALID);
  await audit(request, "user.email-confirm", { actorId: user.id, targetType: "user", targetId: user.id });
  return ok({ message: user.aprobado ? ADDRESS_CONFIRMED_READY : ADDRESS_CONFIRMED_WAIT });
}

/** A guardian's 'Autorizo el registro de …': consent recorded once; the admin may then approve. */
export async function confirmGuardianConsent(token: unknown, request: Request): Promise<Result<{ message: string }>> {
  const found = await findAccountToken(token, "tutor");
  if (!found) return fail(404, GUARDIAN_LINK_INVALID);
  const done = await prisma.$transaction(async (tx) => {
    if (!(await spendAccountToken(found.id, tx))) return false;
    // A consent already recorded (the school's) stays as it was given.
    await tx.user.updateMany({
      where: { id: found.userId, consentimientoEn: null },
      data: { consentimientoEn: new Date(), consentimientoOrigen: "tutor" },
    });
    return true;
  });
  if (!done) return fail(404, GUARDIAN_LINK_INVALID);
  await audit(request, "user.guardian-consent", { targetType: "user", targetId: found.userId, detail: "tutor" });
  return ok({ message: GUARDIAN_CONSENTED });
}
