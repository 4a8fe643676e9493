// A course's enrolments in enrolment order, (registradoEn, id), read in batches from a keyset on
// the course's own (cursoId, registradoEn) index: the CSV export of the participants list
// streams a course of any size without holding it whole or skipping with OFFSET.
import type { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";

const ENROLMENT_BATCH = 1000;

const enrolmentSelect = {
  id: true,
  registradoEn: true,
  progreso: true,
  user: { select: { id: true, nombre: true, apellido: true, correo: true } },
} as const;
type CourseEnrolment = Prisma.EnrolmentGetPayload<{ select: typeof enrolmentSelect }>;

/** Every enrolment of `courseId`, `size` at a time, oldest first. */
export async function* courseEnrolmentBatches(
  courseId: string,
  size = ENROLMENT_BATCH,
): AsyncGenerator<CourseEnrolment[]> {
  let after: { registradoEn: Date; id: string } | null = null;
  for (;;) {
    const rows: CourseEnrolment[] = await prisma.enrolment.findMany({
      where: {
        cursoId: courseId,
        ...(after
          ? {
              OR: [
                { registradoEn: { gt: after.registradoEn } },
                { registradoEn: after.registradoEn, id: { gt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ registradoEn: "asc" }, { id: "asc" }],
      take: size,
      select: enrolmentSelect,
    });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { registradoEn: last.registradoEn, id: last.id };
  }
}
