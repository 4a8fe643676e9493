// Course administration (SPEC §2 admin panel, §4 course states): the table, publishing,
// permanent deletion (rows and files) and participants. Admin-only: callers guard first.
import { audit } from "~/lib/audit.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { deleteStored } from "~/lib/storage.server.ts";
import { fullName } from "~/features/auth/roles.ts";

export { DELETE_COURSE_FAILED, PARTICIPANTS_FAILED, PUBLISH_FAILED } from "./admin-messages.ts";
export const ADMIN_COURSES_PAGE_SIZE = 25;
export const PARTICIPANTS_PAGE_SIZE = 50;

export async function listAdminCourses({ page = 1 }: { page?: number } = {}) {
  const [total, courses] = await Promise.all([
    prisma.course.count(),
    prisma.course.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (Math.max(1, page) - 1) * ADMIN_COURSES_PAGE_SIZE,
      take: ADMIN_COURSES_PAGE_SIZE,
      select: {
        id: true,
        titulo: true,
        dirigidoA: true,
        estado: true,
        cantidadParticipantes: true,
        fechaInicio: true,
        fechaTermino: true,
        createdAt: true,
      },
    }),
  ]);
  return { courses, total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_COURSES_PAGE_SIZE)) };
}

export function getCourseTitle(id: string) {
  return prisma.course.findUnique({ where: { id }, select: { id: true, titulo: true, estado: true } });
}

export type AdminOutcome = { ok: true } | { ok: false; status: number; message: string };

/** borrador → publicado (offered only while not published; publishing twice is harmless). */
export async function publishCourse(admin: { id: string }, id: string, request: Request): Promise<AdminOutcome> {
  const { count } = await prisma.course.updateMany({
    where: { id, estado: { not: "publicado" } },
    data: { estado: "publicado", publicadoEn: new Date() },
  });
  if (count === 0) {
    const exists = await prisma.course.count({ where: { id } });
    return exists ? { ok: true } : { ok: false, status: 404, message: "Curso no encontrado" };
  }
  await audit(request, "course.publish", { actorId: admin.id, targetType: "course", targetId: id });
  return { ok: true };
}

/** Permanent: the course, its modules, files on disk, attempts, enrolments and certificates. */
export async function deleteCourse(admin: { id: string }, id: string, request: Request): Promise<AdminOutcome> {
  const course = await prisma.course.findUnique({
    where: { id },
    select: {
      titulo: true,
      imagen: true,
      modulos: { select: { archivos: { select: { storageKey: true } } } },
      certificates: { select: { pdfKey: true } },
    },
  });
  if (!course) return { ok: false, status: 404, message: "Curso no encontrado" };
  await prisma.course.delete({ where: { id } }); // rows cascade in the database
  const keys = [course.imagen, ...course.modulos.flatMap((m) => m.archivos.map((f) => f.storageKey)), ...course.certificates.map((c) => c.pdfKey)];
  await Promise.all(keys.map((key) => deleteStored(key).catch(() => {})));
  await audit(request, "course.delete", { actorId: admin.id, targetType: "course", targetId: id, detail: course.titulo });
  return { ok: true };
}

/** Participants (SPEC §3): id, nombre, correo, registradoEn, and their progress. */
export async function listParticipants(courseId: string, { page = 1, all = false }: { page?: number; all?: boolean } = {}) {
  const where = { cursoId: courseId };
  const [total, rows] = await Promise.all([
    prisma.enrolment.count({ where }),
    prisma.enrolment.findMany({
      where,
      orderBy: [{ registradoEn: "asc" }, { id: "asc" }],
      ...(all ? {} : { skip: (Math.max(1, page) - 1) * PARTICIPANTS_PAGE_SIZE, take: PARTICIPANTS_PAGE_SIZE }),
      select: { registradoEn: true, progreso: true, user: { select: { id: true, nombre: true, apellido: true, correo: true } } },
    }),
  ]);
  return {
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PARTICIPANTS_PAGE_SIZE)),
    participantes: rows.map((r) => ({
      id: r.user.id,
      nombre: fullName(r.user.nombre, r.user.apellido),
      correo: r.user.correo,
      registradoEn: r.registradoEn,
      progreso: r.progreso,
    })),
  };
}

/** RFC 4180 CSV (with a BOM so spreadsheet programs read the accents). */
export function participantsCsv(rows: Array<{ nombre: string; correo: string; registradoEn: Date | null; progreso: number }>) {
  const cell = (value: string) => (/[",\r\n;]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value);
  const lines = [["Nombre", "Correo", "Fecha de registro", "Progreso"].join(",")];
  for (const r of rows) {
    lines.push([cell(r.nombre), cell(r.correo), r.registradoEn ? r.registradoEn.toISOString().slice(0, 10) : "Sin fecha", `${r.progreso}%`].join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
