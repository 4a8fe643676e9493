// A course's participants, its enrolments with their people (docs/product.md#participants): the
// admin's page and the API's list, a page at a time, and the CSV export in enrolment order.
// Admin-only: callers guard first.
import { fullName } from "~/features/accounts/roles.ts";
import { shownAddress } from "~/features/mail/no-email.ts";
import { csvDocument, type CsvCell } from "~/lib/csv.server.ts";
import { formatDate } from "~/lib/dates.ts";
import { prisma } from "~/lib/db.server.ts";
import { courseEnrolmentBatches } from "./course-enrolments.server.ts";

const PARTICIPANTS_PAGE_SIZE = 50;

/** Participants (docs/product.md#participants): id, nombre, correo, registradoEn, and their progress. */
export async function listParticipants(
  courseId: string,
  { page = 1, size = PARTICIPANTS_PAGE_SIZE }: { page?: number; size?: number } = {},
) {
  const where = { cursoId: courseId };
  const [total, rows] = await Promise.all([
    prisma.enrolment.count({ where }),
    prisma.enrolment.findMany({
      where,
      orderBy: [{ registradoEn: "asc" }, { id: "asc" }],
      skip: (Math.max(1, page) - 1) * size,
      take: size,
      select: { registradoEn: true, progreso: true, user: { select: PERSON } },
    }),
  ]);
  return { total, page, pageCount: Math.max(1, Math.ceil(total / size)), participantes: rows.map(participant) };
}

const PERSON = { id: true, nombre: true, apellido: true, correo: true } as const;

/** An enrolment with its person as a participant. */
function participant(r: {
  registradoEn: Date;
  progreso: number;
  user: { id: string; nombre: string; apellido: string; correo: string };
}) {
  const { id, nombre, apellido, correo } = r.user;
  return {
    id,
    nombre: fullName(nombre, apellido),
    correo: shownAddress(correo),
    registradoEn: r.registradoEn,
    progreso: r.progreso,
  };
}

type ParticipantRow = { nombre: string; correo: string; registradoEn: Date | null; progreso: number };

export const PARTICIPANTS_CSV_HEADER = ["Nombre", "Correo", "Fecha de registro", "Progreso"] as const;

/** One participant as a CSV row (lib/csv.server.ts: es-CL dates, ";" between cells). */
function participantCsvRow(r: ParticipantRow): CsvCell[] {
  return [r.nombre, r.correo, formatDate(r.registradoEn), `${r.progreso}%`];
}

/** A small participants list as a whole CSV document. */
export function participantsCsv(rows: ParticipantRow[]) {
  return csvDocument(PARTICIPANTS_CSV_HEADER, rows.map(participantCsvRow));
}

/** Every participant of a course as CSV rows, 1 000 at a time in enrolment order (keyset). */
export async function* participantCsvBatches(courseId: string): AsyncGenerator<CsvCell[][]> {
  for await (const rows of courseEnrolmentBatches(courseId)) {
    yield rows.map((r) => participantCsvRow(participant(r)));
  }
}
