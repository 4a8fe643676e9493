// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { jsonFile, tableRows } from "~/lib/personal-data.server.ts";
import { auditActionText } from "./audit.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";

/**
 * The audit log's entries made by the person, and those about their account made by someone
 * else (an admin's approval, suspension…): of these, what and when, not who nor from where.
 */
function activity(userId: string) {
  const select = {
    id: true,
    action: true,
    targetType: true,
    targetId: true,
    detail: true,
    ip: true,
    createdAt: true,
  } as const;
  return {
    hechasPorTi: tableRows({
      where: { actorId: userId },
      find: (page) => prisma.auditLog.findMany({ ...page, select }),
      item: (r) => ({
        accion: r.action,
        descripcion: auditActionText(r.action),
        fecha: r.createdAt,
        sobre: r.targetType ? { tipo: r.targetType, id: r.targetId } : null,
        detalle: r.detail,
        ip: r.ip,
      }),
    }),
    sobreTuCuenta: tableRows({
      where: { targetType: "user", targetId: userId, OR: [{ actorId: null }, { actorId: { not: userId } }] },
      find: (page) => prisma.auditLog.findMany({ ...page, select }),
      item: (r) => ({
        accion: r.action,
        descripcion: auditActionText(r.action),
        fecha: r.createdAt,
        detalle: r.detail,
      }),
    }),
  };
}

export const activityData = jsonFile(
  "registro-de-actividad.json",
  [
    "  El registro de auditoría de tu cuenta: lo que hiciste (hechasPorTi: ingresos, cambios de",
    "  contraseña, esta descarga…, con la dirección IP) y lo que otra persona hizo sobre tu cuenta",
    "  (sobreTuCuenta: una aprobación, una suspensión…, sin decir quién ni desde dónde).",
  ],
  activity,
);

/** Account deletion: the addresses the account had, as its e-mail changes recorded them. */
export async function auditedAddresses(tx: Prisma.TransactionClient, userId: string) {
  const changes = await tx.auditLog.findMany({
    where: { action: "user.email-change", targetId: userId },
    select: { detail: true },
  });
  return changes.flatMap((a) => (a.detail ?? "").split(" → "));
}

/**
 * Account deletion: audit entries keep the action, the date and the ids (which now point at
 * nobody), without the detail (an address, a course, a code) or the IP. An entry someone else made
 * about the person keeps that someone's IP; a failed sign-in with one of the addresses loses its IP too.
 */
export async function eraseAuditDetails(tx: Prisma.TransactionClient, userId: string, addresses: string[]) {
  await tx.auditLog.updateMany({ where: { actorId: userId }, data: { detail: null, ip: null } });
  await tx.auditLog.updateMany({ where: { targetId: userId }, data: { detail: null } });
  await tx.auditLog.updateMany({ where: { detail: { in: addresses } }, data: { detail: null, ip: null } });
}

/** Housekeeping: audit entries older than `before` (RETENTION.auditMonths) go; how many went. */
export async function purgeAuditBefore(before: Date) {
  return (await prisma.auditLog.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
