// Password recovery (docs/product.md#password-recovery): links are AccountTokens of purpose "password".
import { audit } from "~/features/audit/audit.server.ts";
import { enqueueMail, enqueueMails } from "~/features/mail/outbox.server.ts";
import { USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { clientIp, consume } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import {
  findAccountToken,
  issueAccountToken,
  issueNewAccountsTokens,
  spendAccountToken,
} from "./account-token.server.ts";
import { RESET_LINK_INVALID, RESET_LINK_SELF } from "./recovery-texts.ts";
import type { NewPasswordInput } from "./recovery-schema.ts";
import { fullName } from "./roles.ts";
import { checkNewPassword, setPassword } from "./set-password.server.ts";

/** An e-mailed link lives an hour; one an admin hands over, a day (the learner may see them tomorrow). */
const EMAIL_LINK_TTL_MS = 60 * 60 * 1000;
/** The first link of an account an admin created: a week (a school hands the list out on Monday…). */
const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const ADMIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const resetPath = (token: string) => `/recuperar/${token}`;

/** Same answer and timing whether or not an account has the address: an unknown one waits as a write takes. */
export async function requestPasswordReset(correo: string, request: Request): Promise<Result> {
  const limit = await consume([
    ["recoverIp", clientIp(request)],
    ["recoverAddress", correo],
  ]);
  if (!limit.ok) return limit;

  const user = await prisma.user.findUnique({
    where: { correo },
    select: { id: true, nombre: true, apellido: true, correo: true },
  });
  const started = performance.now();
  if (!user) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(accountWritesMs, 1000)));
    return ok();
  }
  await prisma.$transaction(async (tx) => {
    const { token } = await issueAccountToken({ userId: user.id, purpose: "password", ttlMs: EMAIL_LINK_TTL_MS }, tx);
    await enqueueMail(resetMail(user, token), tx);
  });
  accountWritesMs += (performance.now() - started - accountWritesMs) / 4;
  return ok();
}

/** How long an account's link and e-mail take to store lately (a moving average, in ms). */
let accountWritesMs = 2;

function resetMail(user: { nombre: string; apellido: string; correo: string }, token: string) {
  const brand = env().APP_NAME;
  return {
    kind: "password.reset" as const,
    to: user.correo,
    subject: `Crea una nueva contraseña en ${brand}`,
    text:
      `Hola ${fullName(user.nombre, user.apellido) || user.correo}:\n\n` +
      `Pediste crear una nueva contraseña para tu cuenta de ${brand}. Abre este enlace dentro de la ` +
      `próxima hora; sirve una sola vez:\n${publicUrl()}${resetPath(token)}\n\n` +
      "Al cambiarla se cerrará tu sesión en todos tus dispositivos.\n" +
      "Si no fuiste tú, ignora este mensaje: tu contraseña no cambiará.\n\n" +
      `Saludos,\n${brand}`,
  };
}

/** Accounts an admin created get their first password through a recovery link, in the caller's transaction. */
export async function sendWelcomeLinks(
  admin: { id: string },
  users: { id: string; nombre: string; apellido: string; correo: string }[],
  tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0],
) {
  const tokens = await issueNewAccountsTokens(
    { userIds: users.map((u) => u.id), purpose: "password", ttlMs: WELCOME_LINK_TTL_MS, createdById: admin.id },
    tx,
  );
  const brand = env().APP_NAME;
  await enqueueMails(
    users.map((user) => ({
      kind: "account.created" as const,
      to: user.correo,
      toUserId: user.id,
      subject: `Tu cuenta en ${brand} está lista: crea tu contraseña`,
      text:
        `Hola ${fullName(user.nombre, user.apellido) || user.correo}:\n\n` +
        `Tu colegio o institución te creó una cuenta en ${brand}, una academia en línea con cursos ` +
        `gratuitos, con este correo. Para entrar, crea tu contraseña con este enlace (vale 7 días y ` +
        `sirve una sola vez):\n${publicUrl()}${resetPath(tokens.get(user.id)!)}\n\n` +
        `Si el enlace venció, pide uno nuevo en ${publicUrl()}/recuperar\n` +
        `Qué datos guardamos y para qué: ${publicUrl()}/privacidad\n` +
        `Si no esperabas este correo, ignóralo o escríbenos desde ${publicUrl()}/contacto\n\n` +
        `Saludos,\n${brand}`,
    })),
    tx,
  );
}

/** Spends the link with the new hash in one transaction (two submissions set it once); 400 "link" when refused. */
export async function resetPassword(
  token: unknown,
  input: Pick<NewPasswordInput, "password">,
  request: Request,
): Promise<Result> {
  const found = await findAccountToken(token, "password");
  if (!found) return fail(400, RESET_LINK_INVALID, { reason: "link" });
  const allowed = checkNewPassword(input.password);
  if (!allowed.ok) return allowed;
  const done = await setPassword(found.userId, input.password, {
    keepSessionId: null,
    alsoInTx: (tx) => spendAccountToken(found.id, tx),
  });
  if (!done) return fail(400, RESET_LINK_INVALID, { reason: "link" });
  await audit(request, "user.password-reset", {
    actorId: found.userId,
    targetType: "user",
    targetId: found.userId,
    detail: found.createdById ? `enlace de un administrador (${found.createdById})` : "enlace por correo",
  });
  return ok();
}

/** An admin's one-time link (24 hours), never e-mailed nor stored in clear: the page shows it once. */
export async function createAdminResetLink(
  admin: { id: string },
  userId: string,
  request: Request,
): Promise<Result<{ url: string; expiresAt: Date }>> {
  if (admin.id === userId) return fail(400, RESET_LINK_SELF);
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) return fail(404, USER_NOT_FOUND);
  const { token, expiresAt } = await issueAccountToken({
    userId,
    purpose: "password",
    ttlMs: ADMIN_LINK_TTL_MS,
    createdById: admin.id,
  });
  await audit(request, "user.password-link", { actorId: admin.id, targetType: "user", targetId: userId });
  return ok({ url: `${publicUrl()}${resetPath(token)}`, expiresAt });
}
