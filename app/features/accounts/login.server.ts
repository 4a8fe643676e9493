// Sign-in: one service for the /login form (through remix-auth's FormStrategy) and for
// POST /api/auth/login.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { audit } from "~/features/audit/audit.server.ts";
import { fullName } from "~/features/accounts/roles.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fail, raise } from "~/lib/failure.ts";
import { verifyPassword } from "~/lib/password.server.ts";
import { BUDGETS, clientIp, penalty, release, reserve, type Bucket } from "~/features/limits/rate-limits.server.ts";
import { knowsAccount, readDevice } from "./device.server.ts";
import { LoginSchema, firstIssueMessage, type LoginInput } from "./schema.ts";
import { sessionUserSelect, toSessionUser, type SessionUser } from "./session.server.ts";

export const BAD_CREDENTIALS = "Correo o contraseña incorrectos.";
export const ACCOUNT_SUSPENDED =
  "Tu cuenta está suspendida. Si crees que es un error, escríbenos desde la página de Contacto.";
export const PENDING_APPROVAL =
  "Tu cuenta aún no ha sido aprobada por un administrador. Te avisaremos por correo cuando puedas ingresar.";

/**
 * Throws a FailureError (401, 403 pending or suspended, 429). The limits (docs/decisions/006): a browser
 * (its device cookie) has its own budget of failures, else its IP's, which unknown addresses spend too, so
 * a classmate's script never refuses the class's browsers; an address has a budget from anywhere (its owner
 * is e-mailed when it runs out; their known browsers are exempt). A point is reserved in each budget before
 * the password is checked, so concurrent guesses cannot slip past; a right password gives it back.
 */
export async function verifyLogin(input: LoginInput, request: Request): Promise<SessionUser> {
  const ip = clientIp(request);
  const device = await readDevice(request);
  // An address or a usuario: one indexed read either way, and the same path after it.
  const found = await prisma.user.findUnique({
    where: input.correo.includes("@") ? { correo: input.correo } : { usuario: input.correo },
    select: { ...sessionUserSelect, suspendidoEn: true, passwordHash: true },
  });
  const source: Bucket = device ? ["loginFailuresDevice", device.id] : ["loginFailuresIp", ip];
  const account: Bucket = ["loginFailuresAccount", input.correo];
  const buckets = found && knowsAccount(device, found.id) ? [source] : [source, account];
  const reservation = await reserve(buckets);
  if (!reservation.ok) raise(reservation);

  // Unknown e-mail and wrong password: same message, and the same work (a dummy hash).
  const valid = await verifyPassword(input.password, found?.passwordHash);
  if (!found || !valid) {
    // The reserved points stay spent: they are this failure.
    if (!found && device) await penalty([["loginFailuresIp", ip]]);
    const accountSpent = buckets.length > 1 ? reservation.spent[1] : undefined;
    if (found && accountSpent === BUDGETS.loginFailuresAccount.points) await noticeOwnerOfGuessing(found);
    await audit(request, "login.failure", { actorId: found?.id, detail: input.correo });
    raise(fail(401, BAD_CREDENTIALS));
  }
  await release(buckets);
  const { passwordHash: _hash, suspendidoEn, ...user } = found;
  if (!user.aprobado) {
    const suspended = suspendidoEn !== null;
    await audit(request, "login.failure", {
      actorId: user.id,
      detail: suspended ? "suspendida" : "pendiente de aprobación",
    });
    raise(fail(403, suspended ? ACCOUNT_SUSPENDED : PENDING_APPROVAL));
  }
  await audit(request, "login.success", { actorId: user.id });
  return toSessionUser(user);
}

/** Tells the owner, once per window, that their account's budget of wrong passwords ran out. */
async function noticeOwnerOfGuessing(user: { correo: string; nombre: string; apellido: string }) {
  const brand = env().APP_NAME;
  const minutes = BUDGETS.loginFailuresAccount.duration / 60;
  await enqueueMail({
    kind: "login.guessing",
    to: user.correo,
    subject: `Intentos fallidos de ingresar a tu cuenta en ${brand}`,
    text:
      `Hola ${fullName(user.nombre, user.apellido) || user.correo}:\n\n` +
      `Hubo ${BUDGETS.loginFailuresAccount.points} intentos de ingresar a tu cuenta con una contraseña incorrecta ` +
      `en los últimos ${minutes} minutos. Por seguridad, durante ${minutes} minutos solo podrás ingresar desde ` +
      `un navegador donde ya hayas iniciado sesión antes.\n\n` +
      `Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, alguien intenta adivinar tu contraseña: ` +
      `no la compartas y no uses la misma en otros sitios. Ingresa en ${publicUrl()}/login\n\n` +
      `Saludos,\n${brand}`,
  });
}

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) raise(fail(400, firstIssueMessage(parsed.error)));
    return verifyLogin(parsed.data, request);
  }),
  "form",
);
