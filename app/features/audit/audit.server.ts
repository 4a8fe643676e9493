import { prisma } from "~/lib/db.server.ts";
import { clientIp } from "~/lib/client-ip.ts";
import { log } from "~/lib/log.server.ts";

export type AuditAction =
  | "login.success"
  | "login.failure"
  | "user.register"
  | "user.email-confirm"
  | "user.profile-rectify"
  | "user.profile-correct"
  | "user.guardian-consent"
  | "user.approve"
  | "user.import"
  | "user.delete"
  | "user.suspend"
  | "user.email-change"
  | "user.password-reset"
  | "user.password-link"
  | "user.password-change"
  | "user.data-export"
  | "user.role_change"
  | "course.create"
  | "course.update"
  | "course.publish"
  | "course.delete"
  | "course.team-add"
  | "course.team-remove"
  | "course.review-send"
  | "course.review-return"
  | "class.message"
  | "class.create"
  | "class.rename"
  | "class.code-reset"
  | "class.delete"
  | "class.member-remove"
  | "class.join"
  | "class.enrol"
  | "class.member-add"
  | "class.invite"
  | "class.invitation-accept"
  | "class.invitation-decline"
  | "announcement.post"
  | "announcement.edit"
  | "announcement.delete"
  | "question.resolve"
  | "question.reopen"
  | "question.hide"
  | "question.show"
  | "question.delete"
  | "question.answer-delete"
  | "certificate.issue"
  | "certificate.rename"
  | "book.update"
  | "book.delete";

/** Appends an audit record (who, what, when). Never throws: auditing must not break a flow. */
export async function audit(
  request: Request | null,
  action: AuditAction,
  entry: { actorId?: string | null; targetType?: string; targetId?: string; detail?: string } = {},
) {
  try {
    await prisma.auditLog.create({
      data: {
        action,
        actorId: entry.actorId ?? null,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        detail: entry.detail?.slice(0, 500) ?? null,
        ip: request ? clientIp(request) : null,
      },
    });
  } catch (error) {
    log.error({ err: error }, "No se pudo registrar en la auditoría");
  }
}

type AuditEntry = { actorId?: string | null; targetType?: string; targetId?: string; detail?: string };

/**
 * Many audit records written in the caller's transaction (an import, a bulk approval): they
 * commit or roll back with what they record, so unlike audit() a failure here is the caller's.
 */
export async function auditMany(
  request: Request | null,
  action: AuditAction,
  entries: AuditEntry[],
  tx: Pick<typeof prisma, "auditLog"> = prisma,
) {
  if (entries.length === 0) return;
  const ip = request ? clientIp(request) : null;
  await tx.auditLog.createMany({
    data: entries.map((entry) => ({
      action,
      actorId: entry.actorId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      detail: entry.detail?.slice(0, 500) ?? null,
      ip,
    })),
  });
}
