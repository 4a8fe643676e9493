// Invitations to a class (decision 032): an import invites a person who has an account instead of
// enrolling them; they accept or decline on /invitaciones/{id}.
import { audit } from "~/features/audit/audit.server.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { afterEnrolment } from "~/features/enrolment/enrolment.server.ts";
import { classEnrolmentDecision } from "~/features/enrolment/rules.ts";
import { notify } from "~/features/notifications/notify.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { chunks } from "~/lib/chunks.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { addToClass } from "./classes.server.ts";
import type { ClassRow } from "./guards.server.ts";
import { INVITATION_NOT_FOUND, joinedClass } from "./texts.ts";

type Tx = Prisma.TransactionClient;

/** An invitation's page address: the notification's and the e-mail's link. */
const invitationPath = (id: string) => `/invitaciones/${id}`;

/** Invites these accounts in the caller's transaction: a row and a notification each (naming no teacher). */
export async function inviteToClass(teacher: { id: string }, clase: ClassRow, userIds: string[], tx: Tx) {
  if (userIds.length === 0) return;
  const curso = await tx.course.findUniqueOrThrow({ where: { id: clase.cursoId }, select: { titulo: true } });
  for (const part of chunks(userIds)) {
    const rows = await tx.classInvitation.createManyAndReturn({
      data: part.map((userId) => ({ claseId: clase.id, userId, invitedById: teacher.id })),
      select: { id: true, userId: true },
    });
    await notify(
      {
        kind: "clase",
        to: rows.map((r) => ({ userId: r.userId, link: invitationPath(r.id) })),
        title: `Te invitan a la clase «${clase.nombre}»`,
        text:
          `El equipo docente del curso «${curso.titulo}» te invita a su clase «${clase.nombre}». ` +
          "Si aceptas, entras al curso y a la clase; si la rechazas, no cambia nada.",
        linkLead: "Acepta o rechaza la invitación en",
      },
      tx,
    );
  }
}

export type InvitationView = {
  id: string;
  clase: { id: string; nombre: string };
  curso: { id: string; titulo: string };
  /** Who invited, while their account exists. */
  invitadaPor: string | null;
  invitadaEn: Date;
  rechazadaEn: Date | null;
};

/** The person's own invitation, or null (another person's reads as none). */
export async function readInvitation(user: { id: string }, id: string): Promise<InvitationView | null> {
  if (!isRecordId(id)) return null;
  const row = await prisma.classInvitation.findFirst({
    where: { id, userId: user.id },
    select: {
      id: true,
      createdAt: true,
      declinedAt: true,
      invitedBy: { select: { nombre: true, apellido: true } },
      clase: { select: { id: true, nombre: true, curso: { select: { id: true, titulo: true } } } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    clase: { id: row.clase.id, nombre: row.clase.nombre },
    curso: row.clase.curso,
    invitadaPor: row.invitedBy ? `${row.invitedBy.nombre} ${row.invitedBy.apellido}`.trim() : null,
    invitadaEn: row.createdAt,
    rechazadaEn: row.declinedAt,
  };
}

export type InvitationAnswer = "aceptar" | "rechazar";
export type InvitationOutcome = {
  message: string;
  respuesta: InvitationAnswer;
  clase: { id: string; nombre: string };
  curso: { id: string; titulo: string };
  inscripcionNueva: boolean;
};

/**
 * The person's answer. 'aceptar': the course's rule decides, then in one transaction the enrolment
 * if new, the class row and the invitation's end. 'rechazar': marked declined (still acceptable).
 */
export async function answerInvitation(
  user: NonNullable<Viewer>,
  id: string,
  respuesta: InvitationAnswer,
  request: Request | null,
): Promise<Result<InvitationOutcome>> {
  if (!isRecordId(id)) return fail(404, INVITATION_NOT_FOUND);
  const row = await prisma.classInvitation.findFirst({
    where: { id, userId: user.id },
    select: {
      id: true,
      invitedById: true,
      clase: {
        select: {
          id: true,
          nombre: true,
          curso: { select: { id: true, titulo: true, estado: true, dirigidoA: true, visibilidad: true } },
        },
      },
    },
  });
  if (!row) return fail(404, INVITATION_NOT_FOUND);
  const { curso } = row.clase;
  const names = {
    clase: { id: row.clase.id, nombre: row.clase.nombre },
    curso: { id: curso.id, titulo: curso.titulo },
  };
  if (respuesta === "rechazar") {
    await prisma.classInvitation.updateMany({ where: { id, declinedAt: null }, data: { declinedAt: new Date() } });
    await audit(request, "class.invitation-decline", {
      actorId: user.id,
      targetType: "class",
      targetId: row.clase.id,
    });
    return ok({
      message: `Rechazaste la invitación a la clase «${row.clase.nombre}». No se inscribió nada.`,
      respuesta,
      ...names,
      inscripcionNueva: false,
    });
  }
  const decision = classEnrolmentDecision(user, curso);
  if (!decision.ok) return decision;
  let inscripcionNueva: boolean | null;
  try {
    inscripcionNueva = await prisma.$transaction(async (tx) => {
      const { count } = await tx.classInvitation.deleteMany({ where: { id, userId: user.id } });
      if (count === 0) return null;
      return (await addToClass(tx, user.id, row.clase.id, curso.id, row.invitedById)) ?? false;
    });
  } catch (error) {
    // Joined with the code at the same moment: the class row is there; the invitation stays.
    if (!isUniqueViolation(error)) throw error;
    inscripcionNueva = false;
  }
  // Answered a moment ago (two taps): the first one did the work.
  if (inscripcionNueva === null) return fail(404, INVITATION_NOT_FOUND);
  if (inscripcionNueva) await afterEnrolment(user.id, curso.id);
  await audit(request, "class.invitation-accept", {
    actorId: user.id,
    targetType: "class",
    targetId: row.clase.id,
    detail: inscripcionNueva ? `${curso.id} (inscripción nueva)` : curso.id,
  });
  return ok({ message: joinedClass(row.clase.nombre, curso.titulo), respuesta, ...names, inscripcionNueva });
}
