// 'Sesiones abiertas' (docs/product.md#open-sessions): browser sessions only; API tokens are not listed here.
import { prisma } from "~/lib/db.server.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { OPEN_SESSIONS_SHOWN, OTHER_SESSIONS_CLOSED } from "./account-security.ts";
import { UNKNOWN_DEVICE } from "./device-label.ts";
import { currentSessionId, SESSION_IDLE_MS } from "./session.server.ts";

/** Rows that still open the account: not past their absolute expiry nor their idle timeout. */
function liveWebSessions(userId: string) {
  const now = Date.now();
  return {
    userId,
    kind: "web",
    expiresAt: { gt: new Date(now) },
    lastSeenAt: { gt: new Date(now - SESSION_IDLE_MS) },
  };
}

/** The open browser sessions (never their ids), this request's first, then by last use; `total` counts all. */
export async function listOpenSessions(userId: string, request: Request) {
  const currentId = await currentSessionId(request);
  const where = liveWebSessions(userId);
  const select = { id: true, dispositivo: true, lastSeenAt: true, createdAt: true } as const;
  const [current, others, otherCount] = await Promise.all([
    currentId ? prisma.session.findFirst({ where: { ...where, id: currentId }, select }) : null,
    prisma.session.findMany({
      where: { ...where, ...(currentId ? { id: { not: currentId } } : {}) },
      orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
      take: OPEN_SESSIONS_SHOWN - 1,
      select,
    }),
    prisma.session.count({ where: { ...where, ...(currentId ? { id: { not: currentId } } : {}) } }),
  ]);
  const rows = current ? [current, ...others] : others.slice(0, OPEN_SESSIONS_SHOWN);
  const sesiones = rows.map((row) => ({
    dispositivo: row.dispositivo ?? UNKNOWN_DEVICE,
    ultimoUso: row.lastSeenAt.toISOString(),
    inicio: row.createdAt.toISOString(),
    actual: row.id === currentId,
  }));
  return { sesiones, total: otherCount + (current ? 1 : 0) };
}
export type OpenSessionsView = Awaited<ReturnType<typeof listOpenSessions>>;

/** Ends every browser session of the account but `keepId`; how many open ones ended. */
async function closeOtherSessions(userId: string, keepId: string | null): Promise<number> {
  const others = keepId ? { id: { not: keepId } } : {};
  return prisma.$transaction(async (tx) => {
    const open = await tx.session.count({ where: { ...liveWebSessions(userId), ...others } });
    // Expired rows the hourly purge has not reached yet go too.
    await tx.session.deleteMany({ where: { userId, kind: "web", ...others } });
    return open;
  });
}

/** 'Cerrar las demás sesiones' on /user/profile and /admin/profile (the route guards first). */
export async function closeOtherSessionsFormAction(request: Request, user: { id: string }, backTo: string) {
  const closed = await closeOtherSessions(user.id, await currentSessionId(request));
  return redirectWithFlash(request, backTo, { type: "success", message: OTHER_SESSIONS_CLOSED(closed) });
}
