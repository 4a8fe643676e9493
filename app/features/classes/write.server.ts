// 'Escribir a la clase' (docs/product.md#classes): each learner their own copy, sent by features/messages.
import { auditMany } from "~/features/audit/audit.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { sendMessageToMany } from "~/features/messages/messages.server.ts";
import { ComposeSchema } from "~/features/messages/schema.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, type Result } from "~/lib/failure.ts";
import type { ClassRow } from "./guards.server.ts";

/** The form: a subject and a text, as an internal message's. */
export const WriteToClassSchema = ComposeSchema.pick({ subject: true, content: true });

/** Sends the message to the class's learners; how many received it. */
export async function writeToClass(
  request: Request | null,
  teacher: SessionUser,
  clase: ClassRow,
  input: { subject: string; content: string },
): Promise<Result<{ sent: number }>> {
  // The class's members (its range of ClassMember's key), then their accounts by id. Not a nested
  // select through the enrolment: that loads by (userId, cursoId) pairs, one query whose
  // parameters outgrow SQLite's 999 beyond 499 learners; ids alone are read in chunks.
  const members = await prisma.classMember.findMany({ where: { claseId: clase.id }, select: { userId: true } });
  // A teacher writing to their own class leaves themself out (a docente may be a member too).
  const ids = members.map((m) => m.userId).filter((id) => id !== teacher.id);
  const recipients = await prisma.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, correo: true, rol: true },
  });
  if (recipients.length === 0) return fail(409, "La clase no tiene estudiantes a quienes escribir.");
  return sendMessageToMany(teacher, recipients, input, (tx) =>
    auditMany(
      request,
      "class.message",
      [
        {
          actorId: teacher.id,
          targetType: "CourseClass",
          targetId: clase.id,
          detail: `Mensaje a ${recipients.length} estudiantes: ${input.subject}`,
        },
      ],
      tx,
    ),
  );
}

/** How many learners the class has (its range of ClassMember's key). */
export function classSize(claseId: string): Promise<number> {
  return prisma.classMember.count({ where: { claseId } });
}
