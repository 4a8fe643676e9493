// Registration: one service for /registro and POST /api/auth/register. New accounts wait
// for an admin's approval (aprobado = false).
import { audit } from "~/features/audit/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { clientIp, consume, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { noticeAdminsOfRegistration } from "~/features/users/registration-notice.server.ts";
import { isCommonPassword } from "./common-passwords.ts";
import type { RegisterInput } from "./schema.ts";

export { REGISTER_FAILED, REGISTER_OK } from "./schema.ts";

export const EMAIL_TAKEN = "Ya existe una cuenta registrada con este correo.";
export const COMMON_PASSWORD = "Esa contraseña es demasiado común. Elige una más difícil de adivinar.";

/** A refusal names the form field it belongs to (password, correo) when there is one. */
export async function registerUser(input: RegisterInput, request: Request): Promise<Result<{ userId: string | null }>> {
  const limit = await consume([
    ["registerIp", clientIp(request)],
    ["registerAccount", input.correo],
  ]);
  if (!limit.ok) return fail(429, TOO_MANY_REQUESTS, { retryAfterSeconds: limit.retryAfterSeconds });

  // A filled honeypot is a bot: answer as if all went well and store nothing.
  if (input.sitioWeb) return ok({ userId: null });

  if (isCommonPassword(input.password)) return fail(400, COMMON_PASSWORD, { field: "password" });
  const existing = await prisma.user.findUnique({ where: { correo: input.correo }, select: { id: true } });
  if (existing) return fail(409, EMAIL_TAKEN, { field: "correo" });

  const passwordHash = await hashPassword(input.password);
  try {
    const user = await prisma.user.create({
      data: {
        nombre: input.nombre,
        apellido: input.apellido,
        correo: input.correo,
        fechaNacimiento: new Date(`${input.fechaNacimiento}T12:00:00Z`),
        rol: input.rol,
        aprobado: false,
        passwordHash,
      },
      select: { id: true },
    });
    await audit(request, "user.register", { actorId: user.id, detail: input.rol });
    // The account exists: a failed notice must not turn the registration into an error.
    await noticeAdminsOfRegistration().catch((error: unknown) => console.error(error));
    return ok({ userId: user.id });
  } catch (error) {
    // Two simultaneous registrations with one e-mail: the unique index decides.
    if ((error as { code?: string }).code === "P2002") return fail(409, EMAIL_TAKEN, { field: "correo" });
    throw error;
  }
}
