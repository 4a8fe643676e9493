// New registrations e-mail every approved admin at most once an hour (a CacheStamp row claimed by a conditional
// update): a class registering at once makes one e-mail, not forty.
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { optOutFooter } from "~/features/mail/opt-out.server.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import { countPendingUsers } from "./users.server.ts";

const STAMP = "registration-notice";
const HOUR_MS = 60 * 60 * 1000;
const MAX_ADMINS = 50;

/** Claims the notice of the current hour; false when one was already sent this hour. */
async function claimHour(hour: number): Promise<boolean> {
  const { count } = await prisma.cacheStamp.updateMany({
    where: { name: STAMP, version: { lt: hour } },
    data: { version: hour },
  });
  if (count === 1) return true;
  try {
    await prisma.cacheStamp.create({ data: { name: STAMP, version: hour } });
    return true;
  } catch (error) {
    // The row exists (this hour already claimed) or another instance created it just now.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Queues the admins' notice unless one went out this hour. Returns how many were queued. */
export async function noticeAdminsOfRegistration(now = new Date()): Promise<number> {
  if (!(await claimHour(Math.floor(now.getTime() / HOUR_MS)))) return 0;
  const [pending, admins] = await Promise.all([
    countPendingUsers(),
    prisma.user.findMany({
      where: { rol: "admin", aprobado: true, avisosCorreo: true },
      select: { id: true, correo: true },
      orderBy: { createdAt: "asc" },
      take: MAX_ADMINS,
    }),
  ]);
  if (pending === 0 || admins.length === 0) return 0;
  const brand = env().APP_NAME;
  const what = pending === 1 ? "1 registro espera" : `${pending} registros esperan`;
  const mail = {
    kind: "registration.notice" as const,
    subject: `Nuevos registros por aprobar en ${brand}`,
    text:
      `Hola:\n\n${what} la aprobación de un administrador.\n` +
      `Revísalos en ${publicUrl()}/admin/records\n\n` +
      `Este aviso se envía como máximo una vez por hora.\n\n${brand}`,
  };
  await prisma.$transaction(async (tx) => {
    for (const admin of admins) {
      await enqueueMail(
        { ...mail, to: admin.correo, toUserId: admin.id, text: mail.text + optOutFooter(admin.id) },
        tx,
      );
    }
  });
  return admins.length;
}
