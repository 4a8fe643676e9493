// Handing in a tarea (docs/product.md#handing-in): a learner's one hand-in per tarea, its text and
// files, 'Entregar' and 'Anular entrega', for the page and the API alike. Only a learner the tarea is
// for writes it, until the team returns it; the files are stored (photos reduced) before the
// transaction that records them, and removed again when it does not go through.
import { fullName } from "~/features/accounts/roles.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { asFailure, fail, ok, raise, type Failure, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { drainBody } from "~/lib/multipart.server.ts";
import {
  discard,
  MALFORMED_FORM,
  parseUpload,
  UploadError,
  withUpload,
  type StoredUpload,
} from "~/lib/upload.server.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import { tareaAccess, type TareaCourse, type TareaRow } from "./access.server.ts";
import { reduceStoredPhoto } from "./photos.server.ts";
import { acceptsHandIn, isPastDue, shownState, type ShownState } from "./rules.ts";
import { HandInFieldsSchema, type HandInJson } from "./submission-schema.ts";
import {
  FILE_REMOVED,
  HANDED_IN,
  HANDED_IN_LATE,
  HANDIN_CLOSED,
  HANDIN_EMPTY,
  HANDIN_FILE_NOT_FOUND,
  HANDIN_FILE_TYPES,
  HANDIN_NOT_HANDED,
  HANDIN_RETURNED,
  HANDIN_TEAM,
  HANDIN_TOO_LARGE,
  HANDIN_TOO_MANY,
  HANDIN_UPDATED,
  IMAGE_UNREADABLE,
  MAX_HANDIN_FILES,
  MAX_HANDIN_MB,
  SAVED,
  WITHDRAWN,
} from "./submission-texts.ts";
import { ENTREGA_NOT_FOUND, TAREA_NOT_FOUND } from "./texts.ts";

const FILES_FIELD = "archivos";
const MAX_HANDIN_BYTES = MAX_HANDIN_MB * 1024 * 1024;
/** The team's list of a tarea's hand-ins: this many a page. */
const HANDINS_PAGE_SIZE = 50;

const entregaSelect = {
  id: true,
  tareaId: true,
  cursoId: true,
  userId: true,
  texto: true,
  estado: true,
  entregadaEn: true,
  atrasada: true,
  nota: true,
  comentario: true,
  devueltaEn: true,
  updatedAt: true,
  user: { select: { nombre: true, apellido: true } },
  archivos: {
    orderBy: [{ posicion: "asc" as const }, { id: "asc" as const }],
    select: { id: true, nombre: true, tipo: true, tamano: true },
  },
};
type EntregaRow = {
  id: string;
  tareaId: string;
  cursoId: string;
  userId: string;
  texto: string;
  estado: string;
  entregadaEn: Date | null;
  atrasada: boolean;
  nota: number | null;
  comentario: string;
  devueltaEn: Date | null;
  updatedAt: Date;
  user: { nombre: string; apellido: string };
  archivos: { id: string; nombre: string; tipo: string; tamano: number }[];
};

/** Where a hand-in's file opens: for its author and the course's team only. */
function handInFilePath(entrega: { id: string; tareaId: string; cursoId: string }, archivoId: string) {
  return `/cursos/${entrega.cursoId}/tareas/${entrega.tareaId}/entregas/${entrega.id}/archivos/${archivoId}`;
}

/** A hand-in as the API answers it; the review shows once it is returned. */
function toHandInJson(row: EntregaRow, tarea: { fechaLimite: Date | null }, now = new Date()): HandInJson {
  const returned = row.estado === "devuelta";
  return {
    id: row.id,
    tareaId: row.tareaId,
    cursoId: row.cursoId,
    estudiante: { id: row.userId, nombre: fullName(row.user.nombre, row.user.apellido) },
    estado: row.estado as HandInJson["estado"],
    estadoMostrado: shownState(tarea, row, now),
    texto: row.texto,
    entregadaEn: row.entregadaEn?.toISOString() ?? null,
    atrasada: row.atrasada,
    devueltaEn: returned ? (row.devueltaEn?.toISOString() ?? null) : null,
    nota: returned && row.nota !== null ? row.nota / 10 : null,
    comentario: returned ? row.comentario : null,
    archivos: row.archivos.map((f) => ({
      id: f.id,
      nombre: f.nombre,
      tipo: f.tipo as HandInJson["archivos"][number]["tipo"],
      tamano: f.tamano,
      url: handInFilePath(row, f.id),
    })),
    actualizadaEn: row.updatedAt.toISOString(),
  };
}

type LearnerTarea = { tarea: TareaRow; course: TareaCourse; viewer: NonNullable<Viewer> };

/** A tarea this viewer hands in: one that is for them, and they are not on its team. */
async function learnerTarea(viewer: Viewer, tareaId: string | undefined): Promise<Result<LearnerTarea>> {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  if (access.team || !viewer) return fail(403, HANDIN_TEAM);
  return ok({ tarea: access.tarea, course: access.course, viewer });
}

/** Why a hand-in cannot be changed now (returned; past a due date without late hand-ins), or null. */
function lockOf(tarea: TareaRow, entrega: { estado: string } | null, now: Date): Failure | null {
  if (entrega?.estado === "devuelta") return fail(409, HANDIN_RETURNED);
  if (!acceptsHandIn(tarea, now)) return fail(409, HANDIN_CLOSED);
  return null;
}

/** The learner's own hand-in of a tarea, or null before they save one. */
async function ownHandIn(userId: string, tarea: { id: string; fechaLimite: Date | null }, now = new Date()) {
  const row = await prisma.submission.findUnique({
    where: { tareaId_userId: { tareaId: tarea.id, userId } },
    select: entregaSelect,
  });
  return row ? toHandInJson(row, tarea, now) : null;
}

/** The tarea's page: the tarea for whoever may see it, its module and attachments, a learner's hand-in. */
export async function handInPage(viewer: Viewer, cursoId: string | undefined, tareaId: string | undefined) {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  const { tarea, course, team } = access;
  if (tarea.cursoId !== cursoId) return fail(404, TAREA_NOT_FOUND);
  const now = new Date();
  const [withModule, adjuntos, entrega] = await Promise.all([
    // The module's title through the tarea's own relation.
    prisma.assignment.findUnique({ where: { id: tarea.id }, select: { modulo: { select: { titulo: true } } } }),
    prisma.assignmentFile.findMany({
      where: { tareaId: tarea.id },
      orderBy: [{ posicion: "asc" }, { id: "asc" }],
      select: { id: true, nombre: true, tipo: true },
    }),
    team || !viewer ? Promise.resolve(null) : ownHandIn(viewer.id, tarea, now),
  ]);
  const estado: ShownState | null = team ? null : shownState(tarea, entrega, now);
  const locked = team ? null : (lockOf(tarea, entrega, now)?.message ?? null);
  return ok({ tarea, course, team, modulo: withModule?.modulo?.titulo ?? null, adjuntos, entrega, estado, locked });
}

/** GET /api/tareas/{tareaId}/entregas: a learner's own hand-in, or for the team a page of them. */
export async function handInsFor(viewer: Viewer, tareaId: string | undefined, page: number) {
  const access = await tareaAccess(viewer, tareaId);
  if (!access.ok) return access;
  const { tarea, team } = access;
  if (!team) return ok({ team: false as const, entrega: viewer ? await ownHandIn(viewer.id, tarea) : null });
  const where = { tareaId: tarea.id, estado: { in: ["entregada", "devuelta"] } };
  const [total, rows] = await Promise.all([
    prisma.submission.count({ where }),
    prisma.submission.findMany({
      where,
      orderBy: [{ entregadaEn: "asc" }, { id: "asc" }],
      skip: (page - 1) * HANDINS_PAGE_SIZE,
      take: HANDINS_PAGE_SIZE,
      select: entregaSelect,
    }),
  ]);
  const now = new Date();
  return ok({
    team: true as const,
    entregas: rows.map((r) => toHandInJson(r, tarea, now)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / HANDINS_PAGE_SIZE)),
  });
}

/** A refused save: the text typed comes back to the form. */
export type SaveFailure = Failure & { texto?: string };

/**
 * 'Guardar borrador' / 'Entregar' and POST /api/tareas/{tareaId}/entregas: the multipart body's
 * text and files (streamed; photos reduced one at a time), written in one transaction.
 */
export async function saveHandIn(
  viewer: Viewer,
  tareaId: string | undefined,
  request: Request,
  now = new Date(),
): Promise<Result<{ entrega: HandInJson; message: string }, SaveFailure>> {
  const found = await learnerTarea(viewer, tareaId);
  const current = found.ok
    ? await prisma.submission.findUnique({
        where: { tareaId_userId: { tareaId: found.tarea.id, userId: found.viewer.id } },
        select: { estado: true },
      })
    : null;
  const refused = found.ok ? lockOf(found.tarea, current, now) : found;
  if (refused) {
    await drainBody(request); // the answer reaches a phone still sending its photos
    return refused;
  }
  const { tarea, viewer: learner } = found as LearnerTarea & { ok: true };

  let upload;
  try {
    upload = await parseUpload(request, {
      area: "submissions",
      fileFields: [FILES_FIELD],
      multiple: true,
      kinds: ["pdf", "jpeg", "png", "webp"],
      maxFiles: MAX_HANDIN_FILES,
      maxFileBytes: MAX_HANDIN_BYTES,
      maxTotalBytes: MAX_HANDIN_BYTES + 256 * 1024,
      tooLargeMessage: HANDIN_TOO_LARGE,
      wrongTypeMessage: HANDIN_FILE_TYPES,
    });
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const texto = error.form?.get("texto");
    // The parser's own "too many parts" reads as this hand-in's limit.
    const tooMany = error.status === 400 && ![HANDIN_FILE_TYPES, MALFORMED_FORM].includes(error.message);
    const message = tooMany ? HANDIN_TOO_MANY : error.message;
    return {
      ...fail(error.status, message, { field: FILES_FIELD }),
      texto: typeof texto === "string" ? texto : undefined,
    };
  }
  const texto = upload.form.get("texto");
  const typed = typeof texto === "string" ? texto : undefined;
  const fields = HandInFieldsSchema.safeParse({
    texto: typed,
    entregar: upload.form.get("entregar") ?? undefined,
  });
  if (!fields.success) {
    await discard(upload.all);
    const issue = fields.error.issues[0];
    return { ...fail(400, issue?.message ?? HANDIN_EMPTY, { field: String(issue?.path[0] ?? "texto") }), texto: typed };
  }
  const files = await reducePhotos(upload.all);
  if (!files) return { ...fail(400, IMAGE_UNREADABLE, { field: FILES_FIELD }), texto: typed };

  const outcome = await withUpload(files, (stored) => writeHandIn(tarea, learner.id, fields.data, stored, now));
  return outcome.ok ? outcome : { ...outcome, texto: typed };
}

/** The uploads with each photo replaced by its reduced copy; null (and nothing left stored) when one cannot be read. */
async function reducePhotos(uploads: StoredUpload[]): Promise<StoredUpload[] | null> {
  const kept: StoredUpload[] = [];
  let unreadable = false;
  for (const [i, upload] of uploads.entries()) {
    if (upload.kind === "pdf") {
      kept.push(upload);
      continue;
    }
    let reduced: { key: string; size: number } | null = null;
    try {
      reduced = unreadable ? null : await reduceStoredPhoto("submissions", upload.key, upload.kind);
    } catch (error) {
      // The store failed (its original is gone): nothing of this save is left behind.
      await discard([...kept, ...uploads.slice(i + 1)]);
      throw error;
    }
    if (reduced) kept.push({ ...upload, ...reduced });
    else {
      unreadable = true;
      await deleteStoredLogged(upload.key);
    }
  }
  if (!unreadable) return kept;
  await discard(kept);
  return null;
}

/** The file's name as shown: the browser's, trimmed to one line and 200 characters. */
function shownName(upload: StoredUpload) {
  const name = upload.originalName
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200);
  return name || `archivo.${upload.kind === "jpeg" ? "jpg" : upload.kind}`;
}

async function writeHandIn(
  tarea: TareaRow,
  userId: string,
  fields: { texto?: string; entregar: boolean },
  files: StoredUpload[],
  now: Date,
): Promise<Result<{ entrega: HandInJson; message: string }>> {
  const run = () =>
    prisma.$transaction(async (tx) => {
      const row = await tx.submission.upsert({
        where: { tareaId_userId: { tareaId: tarea.id, userId } },
        create: { tareaId: tarea.id, cursoId: tarea.cursoId, userId },
        update: {},
        select: { id: true, estado: true, texto: true },
      });
      const lock = lockOf(tarea, row, now);
      if (lock) raise(lock);
      const had = await tx.submissionFile.aggregate({
        where: { entregaId: row.id },
        _count: { _all: true },
        _sum: { tamano: true },
        _max: { posicion: true },
      });
      if (had._count._all + files.length > MAX_HANDIN_FILES) raise(fail(400, HANDIN_TOO_MANY, { field: FILES_FIELD }));
      const bytes = (had._sum.tamano ?? 0) + files.reduce((sum, f) => sum + f.size, 0);
      if (bytes > MAX_HANDIN_BYTES) raise(fail(413, HANDIN_TOO_LARGE, { field: FILES_FIELD }));
      const texto = fields.texto ?? row.texto;
      const handingIn = fields.entregar && row.estado === "borrador";
      if (fields.entregar && !texto && had._count._all + files.length === 0) {
        raise(fail(400, HANDIN_EMPTY, { field: "texto" }));
      }
      const atrasada = isPastDue(tarea, now);
      await tx.submission.update({
        where: { id: row.id },
        data: { texto, ...(handingIn && { estado: "entregada", entregadaEn: now, atrasada }) },
      });
      const first = (had._max.posicion ?? -1) + 1;
      await tx.submissionFile.createMany({
        data: files.map((f, i) => ({
          entregaId: row.id,
          posicion: first + i,
          nombre: shownName(f),
          storageKey: f.key,
          tipo: f.contentType,
          tamano: f.size,
        })),
      });
      const message = handingIn
        ? atrasada
          ? HANDED_IN_LATE
          : HANDED_IN
        : row.estado === "borrador"
          ? SAVED
          : HANDIN_UPDATED;
      return { id: row.id, message };
    });
  let written: { id: string; message: string };
  try {
    try {
      written = await run();
    } catch (error) {
      // Two first saves at once: the other one made the row; this one adds to it.
      if (!isUniqueViolation(error)) throw error;
      written = await run();
    }
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return failure;
    throw error;
  }
  const entrega = await prisma.submission.findUniqueOrThrow({ where: { id: written.id }, select: entregaSelect });
  return ok({ entrega: toHandInJson(entrega, tarea, now), message: written.message });
}

/** The viewer's own hand-in by its id, with its tarea (the team: 403; anyone else: unknown). */
async function ownEntrega(viewer: Viewer, entregaId: string | undefined) {
  const row = isRecordId(entregaId)
    ? await prisma.submission.findUnique({
        where: { id: entregaId },
        select: { id: true, tareaId: true, userId: true, estado: true },
      })
    : null;
  if (!row) return fail(404, ENTREGA_NOT_FOUND);
  const access = await tareaAccess(viewer, row.tareaId);
  if (!access.ok) return access.status === 404 ? fail(404, ENTREGA_NOT_FOUND) : access;
  if (access.team) return fail(403, HANDIN_TEAM);
  if (row.userId !== viewer?.id) return fail(404, ENTREGA_NOT_FOUND);
  return ok({ row, tarea: access.tarea });
}

async function answer(entregaId: string, tarea: TareaRow, message: string, now: Date) {
  const entrega = await prisma.submission.findUniqueOrThrow({ where: { id: entregaId }, select: entregaSelect });
  return ok({ entrega: toHandInJson(entrega, tarea, now), message });
}

/** 'Anular entrega' and POST /api/entregas/{entregaId}/anular: back to a draft, its files kept. */
export async function withdrawHandIn(viewer: Viewer, entregaId: string | undefined, now = new Date()) {
  const found = await ownEntrega(viewer, entregaId);
  if (!found.ok) return found;
  const { row, tarea } = found;
  const lock = lockOf(tarea, row, now);
  if (lock) return lock;
  const { count } = await prisma.submission.updateMany({
    where: { id: row.id, estado: "entregada" },
    data: { estado: "borrador", entregadaEn: null, atrasada: false },
  });
  if (count === 0) return fail(409, HANDIN_NOT_HANDED);
  return answer(row.id, tarea, WITHDRAWN, now);
}

/** 'Quitar' and DELETE /api/entregas/{entregaId}/archivos/{archivoId}: the row, then the stored file. */
export async function removeHandInFile(
  viewer: Viewer,
  entregaId: string | undefined,
  archivoId: string | undefined,
  now = new Date(),
) {
  const found = await ownEntrega(viewer, entregaId);
  if (!found.ok) return found;
  const { row, tarea } = found;
  const lock = lockOf(tarea, row, now);
  if (lock) return lock;
  const file = isRecordId(archivoId)
    ? await prisma.submissionFile.findFirst({
        where: { id: archivoId, entregaId: row.id },
        select: { storageKey: true },
      })
    : null;
  if (!file) return fail(404, HANDIN_FILE_NOT_FOUND);
  // Only while the hand-in is still open: a return in between keeps its files.
  const { count } = await prisma.submissionFile.deleteMany({
    where: { id: archivoId, entrega: { id: row.id, estado: { not: "devuelta" } } },
  });
  if (count === 0) return fail(409, HANDIN_RETURNED);
  await deleteStoredLogged(file.storageKey);
  return answer(row.id, tarea, FILE_REMOVED, now);
}

/** A hand-in's file for its author or the course's team; anyone else gets what an unknown file gets. */
export async function handInFile(
  viewer: Viewer,
  ids: { cursoId?: string; tareaId?: string; entregaId?: string; archivoId?: string },
) {
  if (!isRecordId(ids.entregaId) || !isRecordId(ids.archivoId)) return null;
  const access = await tareaAccess(viewer, ids.tareaId);
  if (!access.ok || access.tarea.cursoId !== ids.cursoId) return null;
  const file = await prisma.submissionFile.findFirst({
    where: { id: ids.archivoId, entrega: { id: ids.entregaId, tareaId: access.tarea.id } },
    select: { nombre: true, tipo: true, storageKey: true, entrega: { select: { userId: true } } },
  });
  if (!file || (!access.team && file.entrega.userId !== viewer?.id)) return null;
  return file;
}
