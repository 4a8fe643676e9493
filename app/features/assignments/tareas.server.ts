// Setting a tarea (docs/product.md#setting-a-tarea): the team creates, edits and deletes a course's
// tareas and their attachments; the course's learners read those that are for them. One service
// for the pages and the API; each write is one transaction with its audit row, the tarea's gradebook
// column (reports' functions) and, for a new tarea, its learners' notifications.
import { auditMany, type AuditAction } from "~/features/audit/audit.server.ts";
import { isOpenToLearners, type Viewer } from "~/features/courses/rules.ts";
import { courseHead } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { memberClassIds } from "~/features/classes/guards.server.ts";
import { clipForNotice, notify } from "~/features/notifications/notify.server.ts";
import { createTareaColumn, deleteTareaColumn, renameTareaColumn } from "~/features/reports/grade-columns.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { formatChileDateTime } from "~/lib/chile-time.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { asFailure, fail, ok, raise, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import { env } from "~/lib/env.server.ts";
import { megabytes, parseUpload, UploadError, type StoredUpload } from "~/lib/upload.server.ts";
import { listClasses } from "~/features/classes/classes.server.ts";
import { getCourseForViewer } from "~/features/learning/course-view.server.ts";
import { courseTareasAccess, tareaAccess, tareaSelect, type TareaCourse } from "./access.server.ts";
import type { CourseTareasData } from "./components/course-tareas.tsx";
import { readRubric } from "./rubric.ts";
import type { TareaFields, TareaJson } from "./schema.ts";
import {
  ADJUNTO_NOT_FOUND,
  ADJUNTO_TYPES,
  ADJUNTOS_FIELD,
  ADJUNTOS_TOO_MANY,
  CLASE_UNKNOWN,
  MAX_ADJUNTOS,
  MODULO_UNKNOWN,
  TAREAS_TEAM_ONLY,
} from "./set-texts.ts";
import { shownState } from "./rules.ts";
import { STATE_LABEL, TAREA_NOT_FOUND } from "./texts.ts";

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];
type Actor = { id: string };

const viewSelect = {
  ...tareaSelect,
  modulo: { select: { titulo: true } },
  clases: { select: { clase: { select: { id: true, nombre: true } } } },
  archivos: {
    orderBy: [{ posicion: "asc" }, { id: "asc" }],
    select: { id: true, nombre: true, tipo: true, tamano: true },
  },
} satisfies Prisma.AssignmentSelect;
type ViewRow = Prisma.AssignmentGetPayload<{ select: typeof viewSelect }>;

export const tareaPath = (t: { id: string; cursoId: string }) => `/cursos/${t.cursoId}/tareas/${t.id}`;
const adjuntoPath = (t: { id: string; cursoId: string }, archivoId: string) => `${tareaPath(t)}/adjuntos/${archivoId}`;

/** One tarea as the pages show it and the API answers it; a learner sees only their own classes. */
function toJson(row: ViewRow, memberOf: readonly string[] | null): TareaJson {
  const mine = memberOf ? new Set(memberOf) : null;
  return {
    id: row.id,
    cursoId: row.cursoId,
    moduloId: row.moduloId,
    modulo: row.modulo?.titulo ?? null,
    titulo: row.titulo,
    instrucciones: row.instrucciones,
    fechaLimite: row.fechaLimite?.toISOString() ?? null,
    permiteAtrasadas: row.permiteAtrasadas,
    todasLasClases: row.todasLasClases,
    clases: row.clases.map((c) => c.clase).filter((c) => !mine || mine.has(c.id)),
    calificacion: row.calificacion === "rubrica" ? "rubrica" : "nota",
    rubrica: row.calificacion === "rubrica" ? readRubric(row.rubrica) : null,
    archivos: row.archivos.map((a) => ({ ...a, url: adjuntoPath(row, a.id) })),
    url: tareaPath(row),
    creadaEn: row.createdAt.toISOString(),
    actualizadaEn: row.updatedAt.toISOString(),
  };
}

/** A course's tareas for its team (all) or a learner (every class's and their classes'), by due date. */
async function courseTareas(cursoId: string, memberOf: readonly string[] | null): Promise<TareaJson[]> {
  const rows = await prisma.assignment.findMany({
    where: {
      cursoId,
      ...(memberOf ? { OR: [{ todasLasClases: true }, { clases: { some: { claseId: { in: [...memberOf] } } } }] } : {}),
    },
    orderBy: [{ fechaLimite: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    select: viewSelect,
  });
  return rows.map((r) => toJson(r, memberOf));
}

/** GET /api/cursos/{cursoId}/tareas and the course page: the viewer's tareas of the course. */
export async function listTareas(
  viewer: Viewer,
  cursoId: string | undefined,
): Promise<Result<{ course: TareaCourse; team: boolean; tareas: TareaJson[] }>> {
  const access = await courseTareasAccess(viewer, cursoId);
  if (!access.ok) return access;
  const memberOf = access.team || !viewer ? null : await memberClassIds(viewer.id, access.course.id);
  return ok({ ...access, tareas: await courseTareas(access.course.id, memberOf) });
}

/**
 * The course page's tareas: its team's, and its enrolled learners' once the course is open to them;
 * null for anyone else. The page has read the course and whether the viewer is on its team: one
 * more statement for a learner's classes, one for the tareas.
 */
export async function courseTareasFor(
  viewer: Viewer,
  course: { id: string; enrolled: boolean; estado: string; visibilidad: string },
  team: boolean,
): Promise<CourseTareasData | null> {
  if (!viewer || (!team && !(course.enrolled && isOpenToLearners(course)))) return null;
  const memberOf = team ? null : await memberClassIds(viewer.id, course.id);
  const tareas = await courseTareas(course.id, memberOf);
  // A learner sees where each of theirs stands ('Asignada', 'Entregada'…): one read of their hand-ins.
  const mine = team
    ? null
    : new Map(
        (
          await prisma.submission.findMany({
            where: { userId: viewer.id, tareaId: { in: tareas.map((t) => t.id) } },
            select: { tareaId: true, estado: true, atrasada: true },
          })
        ).map((e) => [e.tareaId, e]),
      );
  const now = new Date();
  return {
    tareas: tareas.map((t) => {
      const fechaLimite = t.fechaLimite ? new Date(t.fechaLimite) : null;
      return {
        id: t.id,
        titulo: t.titulo,
        modulo: t.modulo,
        fecha: fechaLimite ? formatChileDateTime(fechaLimite) : null,
        url: t.url,
        estado: mine ? STATE_LABEL[shownState({ fechaLimite }, mine.get(t.id) ?? null, now)] : null,
      };
    }),
    manageHref: team ? `/docente/cursos/${course.id}/tareas` : null,
  };
}

/** GET /api/tareas/{tareaId}: one tarea for whoever may see it. */
export async function getTarea(viewer: Viewer, tareaId: string | undefined): Promise<Result<{ tarea: TareaJson }>> {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  const row = await prisma.assignment.findUniqueOrThrow({ where: { id: access.tarea.id }, select: viewSelect });
  const memberOf = access.team || !viewer ? null : await memberClassIds(viewer.id, row.cursoId);
  return ok({ tarea: toJson(row, memberOf) });
}

/** One tarea of this course for its team's pages (the caller passed requireCourseManager), or null. */
export async function tareaOfCourse(cursoId: string, tareaId: string | undefined): Promise<TareaJson | null> {
  if (!isRecordId(tareaId)) return null;
  const row = await prisma.assignment.findUnique({ where: { id: tareaId }, select: viewSelect });
  return row && row.cursoId === cursoId ? toJson(row, null) : null;
}

/** The team's courses' tareas through the API: a learner who may see the tarea is told 403, others 404. */
async function teamTarea(viewer: Viewer, tareaId: string | undefined) {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  return access.team ? access : fail(403, TAREAS_TEAM_ONLY);
}

// The team's writes

function writeAudit(tx: Tx, request: Request | null, action: AuditAction, actor: Actor, id: string, detail: string) {
  return auditMany(request, action, [{ actorId: actor.id, targetType: "assignment", targetId: id, detail }], tx);
}

/** Inside the transaction: the module is the course's, the classes are the course's (else a 400). */
async function writeFields(tx: Tx, id: string, cursoId: string, fields: TareaFields) {
  const row = await tx.assignment.findUniqueOrThrow({
    where: { id },
    select: { modulo: { select: { cursoId: true } } },
  });
  if (fields.moduloId && row.modulo?.cursoId !== cursoId) raise(fail(400, MODULO_UNKNOWN, { field: "moduloId" }));
  await tx.assignmentClass.deleteMany({ where: { tareaId: id } });
  if (fields.clases.length === 0) return;
  try {
    // The foreign key (claseId, cursoId) takes only the course's own classes.
    await tx.assignmentClass.createMany({ data: fields.clases.map((claseId) => ({ tareaId: id, claseId, cursoId })) });
  } catch (error) {
    if ((error as { code?: string }).code === "P2003") raise(fail(400, CLASE_UNKNOWN, { field: "clases" }));
    throw error;
  }
}

const data = (f: TareaFields) => ({
  titulo: f.titulo,
  instrucciones: f.instrucciones,
  // A module id that is no module fails its foreign key (inTransaction), one of another course writeFields.
  moduloId: f.moduloId,
  fechaLimite: f.fechaLimite,
  permiteAtrasadas: f.permiteAtrasadas,
  todasLasClases: f.todasLasClases,
  calificacion: f.calificacion,
  rubrica: f.rubrica ? JSON.stringify(f.rubrica) : null,
});

function fileRows(tareaId: string, files: readonly StoredUpload[], start: number) {
  return files.map((f, i) => ({
    tareaId,
    posicion: start + i,
    nombre: (f.originalName || `adjunto-${start + i + 1}`).slice(0, 200),
    storageKey: f.key,
    tipo: f.contentType,
    tamano: f.size,
  }));
}

/**
 * A transaction whose thrown Failure (a field's check) comes back as the answer; a foreign key
 * refused on the tarea itself is its module (the classes' own is told apart in writeFields).
 */
async function inTransaction<T extends object>(run: (tx: Tx) => Promise<Result<T>>, tries = 3): Promise<Result<T>> {
  try {
    return await prisma.$transaction(run);
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return failure;
    if ((error as { code?: string }).code === "P2003") return fail(400, MODULO_UNKNOWN, { field: "moduloId" });
    // Two tareas of one title at once: the second's column name was taken meanwhile; again, with a free one.
    if (isUniqueViolation(error) && tries > 1) return inTransaction(run, tries - 1);
    throw error;
  }
}

/**
 * Inside the transaction that sets a tarea: the course's learners it is for (every enrolled
 * learner, or the enrolled members of its classes) are notified, committed or rolled back with it.
 */
async function afterTareaSet(tx: Tx, tareaId: string, actor: Actor) {
  const row = await tx.assignment.findUniqueOrThrow({
    where: { id: tareaId },
    select: {
      id: true,
      cursoId: true,
      titulo: true,
      instrucciones: true,
      fechaLimite: true,
      todasLasClases: true,
      curso: { select: { titulo: true, estado: true, visibilidad: true, enrolments: { select: { userId: true } } } },
      clases: { select: { clase: { select: { members: { select: { userId: true } } } } } },
    },
  });
  // A course not open to its learners yet tells nobody: its tareas show once it opens.
  if (!isOpenToLearners(row.curso)) return;
  const enrolled = new Set(row.curso.enrolments.map((e) => e.userId));
  const to = row.todasLasClases
    ? enrolled
    : new Set(row.clases.flatMap((c) => c.clase.members.map((m) => m.userId)).filter((id) => enrolled.has(id)));
  to.delete(actor.id);
  if (to.size === 0) return;
  const due = row.fechaLimite ? `Fecha límite: ${formatChileDateTime(row.fechaLimite)} (hora de Chile). ` : "";
  await notify(
    {
      kind: "tarea",
      to: [...to],
      title: `Nueva tarea: ${row.titulo} (${row.curso.titulo})`,
      text: clipForNotice(`${due}${row.instrucciones}`.trim() || row.titulo),
      link: tareaPath(row),
      linkLead: "Mira la tarea en",
    },
    tx,
  );
}

/** 'Crear tarea' and POST /api/cursos/{cursoId}/tareas (the caller passed the team's guard). */
export async function createTarea(
  actor: Actor,
  cursoId: string,
  fields: TareaFields,
  files: readonly StoredUpload[],
  request: Request | null,
): Promise<Result<{ tarea: TareaJson }>> {
  if (!(await courseHead(cursoId))) return fail(404, COURSE_NOT_FOUND);
  if (files.length > MAX_ADJUNTOS) return fail(400, ADJUNTOS_TOO_MANY, { field: "adjuntos" });
  const created = await inTransaction(async (tx) => {
    const columnaId = await createTareaColumn(tx, cursoId, fields.titulo);
    const { id } = await tx.assignment.create({
      data: { cursoId, createdById: actor.id, columnaId, ...data(fields) },
      select: { id: true },
    });
    await writeFields(tx, id, cursoId, fields);
    if (files.length > 0) await tx.assignmentFile.createMany({ data: fileRows(id, files, 0) });
    await writeAudit(tx, request, "assignment.create", actor, id, `${cursoId}: ${fields.titulo}`);
    await afterTareaSet(tx, id, actor);
    return ok({ id });
  });
  if (!created.ok) return created;
  const row = await prisma.assignment.findUniqueOrThrow({ where: { id: created.id }, select: viewSelect });
  return ok({ tarea: toJson(row, null) });
}

/** 'Guardar' on the edit page: a tarea of this course (the caller passed requireCourseManager). */
export async function updateTareaOfCourse(
  actor: Actor,
  cursoId: string,
  tareaId: string | undefined,
  fields: TareaFields,
  request: Request | null,
) {
  const found = await tareaOfCourse(cursoId, tareaId);
  if (!found) return fail(404, TAREA_NOT_FOUND);
  return saveTarea(actor, found.id, cursoId, fields, request);
}

/** PUT /api/tareas/{tareaId}: the team of the tarea's course; the body is read once the tarea is theirs. */
export async function updateTarea(
  actor: NonNullable<Viewer>,
  tareaId: string | undefined,
  fields: () => Promise<TareaFields>,
  request: Request | null,
) {
  const access = await teamTarea(actor, tareaId);
  if (!access.ok) return access;
  return saveTarea(actor, access.tarea.id, access.tarea.cursoId, await fields(), request);
}

async function saveTarea(
  actor: Actor,
  id: string,
  cursoId: string,
  fields: TareaFields,
  request: Request | null,
): Promise<Result<{ tarea: TareaJson }>> {
  const saved = await inTransaction(async (tx) => {
    const before = await tx.assignment.findUniqueOrThrow({ where: { id }, select: { titulo: true, columnaId: true } });
    await tx.assignment.update({ where: { id }, data: data(fields) });
    await writeFields(tx, id, cursoId, fields);
    if (before.columnaId && before.titulo !== fields.titulo)
      await renameTareaColumn(tx, before.columnaId, fields.titulo);
    const detail = before.titulo === fields.titulo ? fields.titulo : `${before.titulo} → ${fields.titulo}`;
    await writeAudit(tx, request, "assignment.update", actor, id, detail);
    return ok();
  });
  if (!saved.ok) return saved;
  const row = await prisma.assignment.findUniqueOrThrow({ where: { id }, select: viewSelect });
  return ok({ tarea: toJson(row, null) });
}

/** 'Eliminar tarea' on the edit page (the caller passed requireCourseManager). */
export async function deleteTareaOfCourse(
  actor: Actor,
  cursoId: string,
  tareaId: string | undefined,
  request: Request | null,
) {
  const found = await tareaOfCourse(cursoId, tareaId);
  if (!found) return fail(404, TAREA_NOT_FOUND);
  return removeTarea(actor, found.id, request);
}

/** DELETE /api/tareas/{tareaId}. */
export async function deleteTarea(actor: NonNullable<Viewer>, tareaId: string | undefined, request: Request | null) {
  const access = await teamTarea(actor, tareaId);
  if (!access.ok) return access;
  return removeTarea(actor, access.tarea.id, request);
}

/**
 * The tarea, its hand-ins, its attachments and its gradebook column (with its notas) at once; the
 * stored files go once the rows are gone (a file left by a failed delete is logged, never served).
 */
async function removeTarea(actor: Actor, id: string, request: Request | null): Promise<Result> {
  const keys = await prisma.$transaction(async (tx) => {
    const row = await tx.assignment.findUnique({
      where: { id },
      select: {
        titulo: true,
        cursoId: true,
        columnaId: true,
        archivos: { select: { storageKey: true } },
        entregas: { select: { archivos: { select: { storageKey: true } } } },
      },
    });
    if (!row) return null;
    await tx.assignment.delete({ where: { id } });
    if (row.columnaId) await deleteTareaColumn(tx, row.columnaId);
    await writeAudit(tx, request, "assignment.delete", actor, id, `${row.cursoId}: ${row.titulo}`);
    return [...row.archivos, ...row.entregas.flatMap((e) => e.archivos)].map((f) => f.storageKey);
  });
  if (!keys) return fail(404, TAREA_NOT_FOUND);
  await Promise.all(keys.map((key) => deleteStoredLogged(key)));
  return ok();
}

/** 'Adjuntar' on the edit page: more attachments after the tarea's own (the caller keeps them only on success). */
export async function addTareaFiles(
  actor: Actor,
  cursoId: string,
  tareaId: string | undefined,
  files: readonly StoredUpload[],
  request: Request | null,
): Promise<Result> {
  const found = await tareaOfCourse(cursoId, tareaId);
  if (!found) return fail(404, TAREA_NOT_FOUND);
  if (found.archivos.length + files.length > MAX_ADJUNTOS) return fail(400, ADJUNTOS_TOO_MANY, { field: "adjuntos" });
  await prisma.$transaction(async (tx) => {
    const last = await tx.assignmentFile.findFirst({
      where: { tareaId: found.id },
      orderBy: { posicion: "desc" },
      select: { posicion: true },
    });
    await tx.assignmentFile.createMany({ data: fileRows(found.id, files, (last?.posicion ?? -1) + 1) });
    const names = files.map((f) => f.originalName).join(", ");
    await writeAudit(tx, request, "assignment.update", actor, found.id, `${found.titulo}: + ${names}`);
  });
  return ok();
}

/** 'Quitar' of one attachment on the edit page. */
export async function removeTareaFile(
  actor: Actor,
  cursoId: string,
  tareaId: string | undefined,
  archivoId: string | undefined,
  request: Request | null,
): Promise<Result> {
  const found = await tareaOfCourse(cursoId, tareaId);
  if (!found) return fail(404, TAREA_NOT_FOUND);
  const file = found.archivos.find((a) => a.id === archivoId);
  if (!file) return fail(404, ADJUNTO_NOT_FOUND);
  const key = await prisma.$transaction(async (tx) => {
    const row = await tx.assignmentFile.findUnique({ where: { id: file.id }, select: { storageKey: true } });
    if (!row) return null;
    await tx.assignmentFile.delete({ where: { id: file.id } });
    await writeAudit(tx, request, "assignment.update", actor, found.id, `${found.titulo}: − ${file.nombre}`);
    return row.storageKey;
  });
  if (!key) return fail(404, ADJUNTO_NOT_FOUND);
  await deleteStoredLogged(key);
  return ok();
}

/** An attachment for whoever may see its tarea (the team, the learners it is for), or a Failure. */
export async function tareaFileFor(
  viewer: Viewer,
  cursoId: string | undefined,
  tareaId: string | undefined,
  archivoId: string | undefined,
): Promise<Result<{ file: { storageKey: string; tipo: string; nombre: string } }>> {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  if (access.tarea.cursoId !== cursoId || !isRecordId(archivoId)) return fail(404, ADJUNTO_NOT_FOUND);
  const file = await prisma.assignmentFile.findUnique({
    where: { id: archivoId },
    select: { tareaId: true, storageKey: true, tipo: true, nombre: true },
  });
  if (!file || file.tareaId !== access.tarea.id) return fail(404, ADJUNTO_NOT_FOUND);
  return ok({ file });
}

// The team's pages

/** The attachments' limit per file: the larger of the PDF and image limits. */
const adjuntoMaxBytes = () => Math.floor(Math.max(env().MAX_PDF_MB, env().MAX_IMAGE_MB) * 1024 * 1024);
export const adjuntoMaxMb = () => megabytes(adjuntoMaxBytes());

/**
 * A page's form that may carry attachments: PDFs and images checked by their content, streamed to
 * the assignments area; a refused one comes back as a Failure on the field, with the text fields.
 */
export async function readTareaUpload(
  request: Request,
): Promise<Result<{ form: FormData; files: StoredUpload[] }, ReturnType<typeof fail> & { form?: FormData }>> {
  try {
    const { form, all } = await parseUpload(request, {
      area: "assignments",
      fileFields: [ADJUNTOS_FIELD],
      multiple: true,
      maxFiles: MAX_ADJUNTOS,
      kinds: ["pdf", "jpeg", "png", "webp"],
      maxFileBytes: adjuntoMaxBytes(),
      tooLargeMessage: `Cada adjunto puede pesar hasta ${adjuntoMaxMb()} MB.`,
      wrongTypeMessage: ADJUNTO_TYPES,
    });
    return ok({ form, files: all });
  } catch (error) {
    if (error instanceof UploadError) {
      return { ...fail(error.status, error.message, { field: ADJUNTOS_FIELD }), form: error.form };
    }
    throw error;
  }
}

/** What the team's form offers: the course's modules (in order) and classes; null for an unknown course. */
export async function tareaFormOptions(viewer: NonNullable<Viewer>, cursoId: string) {
  const [course, clases] = await Promise.all([
    getCourseForViewer(cursoId, viewer),
    listClasses(cursoId, { size: 500 }),
  ]);
  if (!course) return null;
  return {
    course: { id: course.id, titulo: course.titulo },
    modulos: course.modulos.map((m, i) => ({ id: m.id, titulo: m.titulo || `Módulo ${i + 1}` })),
    clases: (clases?.clases ?? []).map((c) => ({ id: c.id, nombre: c.nombre })),
  };
}
