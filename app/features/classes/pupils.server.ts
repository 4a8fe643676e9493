// A class's pupils whose accounts a teacher made (decision 040): their 'Tarjetas de acceso' and, one
// at a time, a new password or card. Callers passed the guard.
import crypto from "node:crypto";
import QRCode from "qrcode";
import { setPassword } from "~/features/accounts/set-password.server.ts";
import { cardLink, cardTokens, mayHoldCard, renewCard } from "~/features/accounts/sign-in-card.server.ts";
import { deleteUserSessions } from "~/features/accounts/session.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { isNoEmailAddress, NO_EMAIL_DOMAIN, shownAddress } from "~/features/mail/no-email.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import type { ClassRow } from "./guards.server.ts";
import { MEMBER_NOT_FOUND, PUPIL_OWN_ACCOUNT } from "./texts.ts";

/** The cards of a class at most (a school's class is far smaller). */
const CARDS_MAX = 1000;

/**
 * An account a teacher made for a class (the class importer): an estudiante with who made it or for
 * which class, or without e-mail (those made before the import recorded it). An adult who joined
 * with the code keeps their own account: no card, no password from the teacher.
 */
const TEACHER_MADE: Prisma.UserWhereInput = {
  rol: "estudiante",
  OR: [
    { creadoPorId: { not: null } },
    { creadoParaClaseId: { not: null } },
    { correo: { endsWith: `@${NO_EMAIL_DOMAIN}` } },
  ],
};

/** TEACHER_MADE for a row already read. */
export const isTeacherMade = (u: {
  rol: string;
  creadoPorId: string | null;
  creadoParaClaseId: string | null;
  correo: string;
}) => u.rol === "estudiante" && (u.creadoPorId !== null || u.creadoParaClaseId !== null || isNoEmailAddress(u.correo));

export type AccessCard = { userId: string; nombre: string; usuario: string; enlace: string; qr: string };

/** The class's cards in name order, or one pupil's (`userId`): the same card each time it is printed. */
export async function classCards(clase: ClassRow, userId?: string | null): Promise<AccessCard[]> {
  const rows = await prisma.classMember.findMany({
    where: { claseId: clase.id, ...(isRecordId(userId) ? { userId } : {}), enrolment: { user: TEACHER_MADE } },
    orderBy: [{ apellido: "asc" }, { nombre: "asc" }, { userId: "asc" }],
    take: CARDS_MAX,
    select: {
      userId: true,
      enrolment: { select: { user: { select: { nombre: true, apellido: true, correo: true, usuario: true } } } },
    },
  });
  const tokens = await cardTokens(rows.map((r) => r.userId));
  return Promise.all(
    rows.flatMap(({ userId: id, enrolment: { user } }) => {
      const token = tokens.get(id);
      if (!token) return [];
      const enlace = cardLink(token);
      return [
        QRCode.toString(enlace, { type: "svg", errorCorrectionLevel: "M", margin: 2 }).then((qr) => ({
          userId: id,
          nombre: `${user.nombre} ${user.apellido}`.trim(),
          usuario: user.usuario ?? shownAddress(user.correo),
          enlace,
          qr,
        })),
      ];
    }),
  );
}

/** The pupil of this class a teacher may act for: 404 not in the class, 403 an account of their own. */
async function teacherMadePupil(clase: ClassRow, userId: string): Promise<Result<{ rol: string }>> {
  if (!isRecordId(userId)) return fail(404, MEMBER_NOT_FOUND);
  const member = await prisma.classMember.findUnique({
    where: { claseId_userId: { claseId: clase.id, userId } },
    select: { enrolment: { select: { user: { select: { rol: true } } } } },
  });
  if (!member) return fail(404, MEMBER_NOT_FOUND);
  const made = await prisma.user.count({ where: { id: userId, ...TEACHER_MADE } });
  if (made === 0 || !mayHoldCard(member.enrolment.user.rol)) return fail(403, PUPIL_OWN_ACCOUNT);
  return ok({ rol: member.enrolment.user.rol });
}

/** Twelve characters in three groups of letters and digits without look-alikes ('kd7m-q4xa-p3tn'). */
function newPupilPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from({ length: 12 }, () => alphabet[crypto.randomInt(alphabet.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/**
 * 'Nueva contraseña': a generated password, answered once (only its hash is kept); the pupil's
 * sessions and tokens end, their card stays. Audited about the pupil.
 */
export async function resetPupilPassword(
  actor: { id: string },
  clase: ClassRow,
  userId: string,
  request: Request | null,
): Promise<Result<{ password: string }>> {
  const pupil = await teacherMadePupil(clase, userId);
  if (!pupil.ok) return pupil;
  const password = newPupilPassword();
  await setPassword(userId, password);
  await audit(request, "class.pupil-password", {
    actorId: actor.id,
    targetType: "user",
    targetId: userId,
    detail: `clase ${clase.id}`,
  });
  return ok({ password });
}

/** 'Nueva tarjeta': the pupil's old card void, the others' untouched; the pupil's sessions end. Audited. */
export async function renewPupilCard(
  actor: { id: string },
  clase: ClassRow,
  userId: string,
  request: Request | null,
): Promise<Result<{ enlace: string }>> {
  const pupil = await teacherMadePupil(clase, userId);
  if (!pupil.ok) return pupil;
  const token = await prisma.$transaction(async (tx) => {
    const made = await renewCard(userId, tx);
    await deleteUserSessions(userId, tx);
    return made;
  });
  if (!token) return fail(403, PUPIL_OWN_ACCOUNT);
  await audit(request, "class.pupil-card", {
    actorId: actor.id,
    targetType: "user",
    targetId: userId,
    detail: `clase ${clase.id}`,
  });
  return ok({ enlace: cardLink(token) });
}
