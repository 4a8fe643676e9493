// Sign-in: one service for the /login form (through remix-auth's FormStrategy) and for
// POST /api/auth/login.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { audit } from "~/features/audit/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { verifyPassword } from "~/lib/password.server.ts";
import {
  check,
  clientIp,
  recordFailure,
  reset,
  TOO_MANY_REQUESTS,
  type LimiterName,
} from "~/features/limits/rate-limits.server.ts";
import { LoginSchema, firstIssueMessage, type LoginInput } from "./schema.ts";
import { sessionUserSelect, toSessionUser, type SessionUser } from "./session.server.ts";

export const BAD_CREDENTIALS = "Correo o contraseña incorrectos.";
export const ACCOUNT_SUSPENDED =
  "Tu cuenta está suspendida. Si crees que es un error, escríbenos desde la página de Contacto.";
export const PENDING_APPROVAL =
  "Tu cuenta aún no ha sido aprobada por un administrador. Te avisaremos por correo cuando puedas ingresar.";

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "LoginError";
  }
}

/**
 * Checks the credentials; throws LoginError (401, 403 pending or suspended, 429 rate-limited).
 * Only failures are counted: a class signing in together from one IP is never refused, while
 * guessing stops after 10 wrong passwords per account from one source, or 100 failures from one
 * IP, in 15 minutes. The per-account budget is keyed by source too, so an attacker's guesses
 * never lock the owner out from another network.
 */
export async function verifyLogin(input: LoginInput, request: Request): Promise<SessionUser> {
  const ip = clientIp(request);
  const buckets: Array<[LimiterName, string]> = [
    ["loginFailuresIp", ip],
    ["loginFailuresAccount", `${input.correo}|${ip}`],
  ];
  const limit = await check(buckets);
  if (!limit.ok) throw new LoginError(TOO_MANY_REQUESTS, 429, limit.retryAfterSeconds);

  const found = await prisma.user.findUnique({
    where: { correo: input.correo },
    select: { ...sessionUserSelect, suspendidoEn: true, passwordHash: true },
  });
  // Unknown e-mail and wrong password: same message, and the same work (a dummy hash).
  const valid = await verifyPassword(input.password, found?.passwordHash);
  if (!found || !valid) {
    await recordFailure(buckets);
    await audit(request, "login.failure", { actorId: found?.id, detail: input.correo });
    throw new LoginError(BAD_CREDENTIALS, 401);
  }
  const { passwordHash: _hash, suspendidoEn, ...user } = found;
  if (!user.aprobado) {
    const suspended = suspendidoEn !== null;
    await audit(request, "login.failure", {
      actorId: user.id,
      detail: suspended ? "suspendida" : "pendiente de aprobación",
    });
    throw new LoginError(suspended ? ACCOUNT_SUSPENDED : PENDING_APPROVAL, 403);
  }
  await reset("loginFailuresAccount", `${input.correo}|${ip}`);
  await audit(request, "login.success", { actorId: user.id });
  return toSessionUser(user);
}

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError(firstIssueMessage(parsed.error), 400);
    return verifyLogin(parsed.data, request);
  }),
  "form",
);
