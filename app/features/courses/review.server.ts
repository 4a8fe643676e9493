// Review before publishing (docs/product.md#course-teams): a teacher sends a draft for review
// (borrador → en_revision); an admin publishes it (admin-courses.server.ts, publishCourse) or
// returns it to draft with a comment, which reaches each teacher through the internal messages.
import { audit } from "~/features/audit/audit.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { sendMessage } from "~/features/messages/messages.server.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { courseExists, teachersToTell } from "./team.server.ts";
import { COURSE_NOT_FOUND, REVIEW_NOT_DRAFT, REVIEW_NOT_PENDING } from "./texts.ts";
import { log } from "~/lib/log.server.ts";

/** 'Enviar a revisión': a draft waits for an admin. Sending one already in review is harmless. */
export async function sendForReview(actor: { id: string }, id: string, request: Request): Promise<Result> {
  const [{ count }] = await prisma.$transaction([
    prisma.course.updateMany({ where: { id, estado: "borrador" }, data: { estado: "en_revision" } }),
    bumpCatalog(),
  ]);
  if (count === 0) {
    if (!(await courseExists(id))) return fail(404, COURSE_NOT_FOUND);
    const current = await prisma.course.findUnique({ where: { id }, select: { estado: true } });
    return current?.estado === "en_revision" ? ok() : fail(409, REVIEW_NOT_DRAFT);
  }
  await audit(request, "course.review-send", { actorId: actor.id, targetType: "course", targetId: id });
  return ok();
}

/**
 * 'Devolver a borrador' (admin): the course goes back to draft and every teacher of its team (an
 * approved docente: a suspended one is sent nothing) gets the comment as a message from the admin
 * (their reply comes back to the admin).
 */
export async function returnToDraft(
  admin: SessionUser,
  id: string,
  comentario: string,
  request: Request,
): Promise<Result> {
  const [{ count }] = await prisma.$transaction([
    prisma.course.updateMany({ where: { id, estado: "en_revision" }, data: { estado: "borrador" } }),
    bumpCatalog(),
  ]);
  if (count === 0) return (await courseExists(id)) ? fail(409, REVIEW_NOT_PENDING) : fail(404, COURSE_NOT_FOUND);
  const [course, teachers] = await Promise.all([
    prisma.course.findUniqueOrThrow({ where: { id }, select: { titulo: true } }),
    teachersToTell(id),
  ]);
  for (const teacher of teachers) {
    const sent = await sendMessage(admin, {
      to: teacher.correo,
      subject: `Tu curso «${course.titulo}» volvió a borrador`.slice(0, 200),
      content: comentario,
    });
    if (!sent.ok) log.error({ reason: sent.message }, "No se pudo enviar el comentario de revisión");
  }
  await audit(request, "course.review-return", {
    actorId: admin.id,
    targetType: "course",
    targetId: id,
    detail: comentario,
  });
  return ok();
}

/** What waits for review, oldest first (the admin's course table shows it above the list). */
export function listAwaitingReview() {
  return prisma.course.findMany({
    where: { estado: "en_revision" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 50,
    select: { id: true, titulo: true, updatedAt: true },
  });
}
