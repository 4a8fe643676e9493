// Review before publishing (docs/product.md#course-teams): a teacher sends a draft for review
// (borrador → en_revision); an admin publishes it (admin-courses.server.ts, publishCourse) or
// returns it to draft with a comment, which reaches each teacher through the internal messages.
// A private course needs no review for its classes: its team marks it 'Lista para la clase'
// (borrador ⇄ publicado, markReadyForClass); asking for the open catalog is the same review, from
// 'Lista para la clase', and publishing makes it public (docs/decisions/039-private-courses.md).
import { audit } from "~/features/audit/audit.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { sendMessage } from "~/features/messages/messages.server.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { courseExists, teachersToTell } from "./team.server.ts";
import {
  CLASS_READY_IN_REVIEW,
  CLASS_READY_NOT_PRIVATE,
  COURSE_NOT_FOUND,
  REVIEW_NOT_DRAFT,
  REVIEW_NOT_PENDING,
  REVIEW_PRIVATE_NOT_READY,
} from "./texts.ts";
import { log } from "~/lib/log.server.ts";

/**
 * 'Enviar a revisión': a public draft, or a private course 'Lista para la clase' (its class keeps
 * using it meanwhile), waits for an admin. Sending one already in review is harmless.
 */
export async function sendForReview(actor: { id: string }, id: string, request: Request): Promise<Result> {
  const [{ count }] = await prisma.$transaction([
    prisma.course.updateMany({
      where: {
        id,
        OR: [
          { estado: "borrador", visibilidad: "publico" },
          { estado: "publicado", visibilidad: "privado" },
        ],
      },
      data: { estado: "en_revision" },
    }),
    bumpCatalog(),
  ]);
  if (count === 0) {
    const current = await prisma.course.findUnique({ where: { id }, select: { estado: true, visibilidad: true } });
    if (!current) return fail(404, COURSE_NOT_FOUND);
    if (current.estado === "en_revision") return ok();
    return fail(409, current.visibilidad === "privado" ? REVIEW_PRIVATE_NOT_READY : REVIEW_NOT_DRAFT);
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
  // A private course goes back to 'Lista para la clase': its class keeps it.
  const [{ count: publico }, { count: privado }] = await prisma.$transaction([
    prisma.course.updateMany({
      where: { id, estado: "en_revision", visibilidad: "publico" },
      data: { estado: "borrador" },
    }),
    prisma.course.updateMany({
      where: { id, estado: "en_revision", visibilidad: "privado" },
      data: { estado: "publicado" },
    }),
    bumpCatalog(),
  ]);
  if (publico + privado === 0) {
    return (await courseExists(id)) ? fail(409, REVIEW_NOT_PENDING) : fail(404, COURSE_NOT_FOUND);
  }
  const [course, teachers] = await Promise.all([
    prisma.course.findUniqueOrThrow({ where: { id }, select: { titulo: true } }),
    teachersToTell(id),
  ]);
  for (const teacher of teachers) {
    const sent = await sendMessage(admin, {
      to: teacher.correo,
      subject: (privado
        ? `Tu curso «${course.titulo}» no se publicó en el catálogo`
        : `Tu curso «${course.titulo}» volvió a borrador`
      ).slice(0, 200),
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

/**
 * 'Lista para la clase' (ready) and back (docs/decisions/039-private-courses.md): a private
 * course's team opens its modules to its enrolled learners, or closes them again, with no review.
 * Marking it twice is harmless; a public course, or one in review, is refused (409).
 */
export async function markReadyForClass(
  actor: { id: string },
  id: string,
  ready: boolean,
  request: Request,
): Promise<Result> {
  const [from, to] = ready ? ["borrador", "publicado"] : ["publicado", "borrador"];
  const [{ count }] = await prisma.$transaction([
    prisma.course.updateMany({ where: { id, visibilidad: "privado", estado: from }, data: { estado: to } }),
    bumpCatalog(),
  ]);
  if (count === 0) {
    const current = await prisma.course.findUnique({ where: { id }, select: { estado: true, visibilidad: true } });
    if (!current) return fail(404, COURSE_NOT_FOUND);
    if (current.visibilidad !== "privado") return fail(409, CLASS_READY_NOT_PRIVATE);
    return current.estado === "en_revision" ? fail(409, CLASS_READY_IN_REVIEW) : ok();
  }
  await audit(request, ready ? "course.class-ready" : "course.class-unready", {
    actorId: actor.id,
    targetType: "course",
    targetId: id,
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
