// Sign-in: one service for the /login form (through remix-auth's FormStrategy) and for
// POST /api/auth/login.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { audit } from "~/lib/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { verifyPassword } from "~/lib/password.server.ts";
import { clientIp, consume, reset, TOO_MANY_REQUESTS } from "~/lib/rate-limit.server.ts";
import { LoginSchema, firstIssueMessage, type LoginInput } from "./schema.ts";
import { sessionUserSelect, type SessionUser } from "./session.server.ts";

export const BAD_CREDENTIALS = "Correo o contraseña incorrectos.";
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

/** Checks the credentials; throws LoginError (401, 403 pending, 429 rate-limited). */
export async function verifyLogin(input: LoginInput, request: Request): Promise<SessionUser> {
  const ip = clientIp(request);
  const limit = await consume([
    ["loginIp", ip],
    ["loginAccount", input.correo],
  ]);
  if (!limit.ok) throw new LoginError(TOO_MANY_REQUESTS, 429, limit.retryAfterSeconds);

  const found = await prisma.user.findUnique({
    where: { correo: input.correo },
    select: { ...sessionUserSelect, passwordHash: true },
  });
  // Unknown e-mail and wrong password: same message, and the same work (a dummy hash).
  const valid = await verifyPassword(input.password, found?.passwordHash);
  if (!found || !valid) {
    await audit(request, "login.failure", { actorId: found?.id, detail: input.correo });
    throw new LoginError(BAD_CREDENTIALS, 401);
  }
  const { passwordHash: _hash, ...user } = found;
  if (!user.aprobado) {
    await audit(request, "login.failure", { actorId: user.id, detail: "pendiente de aprobación" });
    throw new LoginError(PENDING_APPROVAL, 403);
  }
  await reset("loginAccount", input.correo);
  await audit(request, "login.success", { actorId: user.id });
  return user;
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
