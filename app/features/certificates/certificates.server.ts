// Certificates (docs/product.md#certificates): one per user and course, with a random code; what
// it says is frozen in the row at issue, and its PDF is rendered once and then served from storage.
import { notify } from "~/features/notifications/notify.server.ts";
import crypto from "node:crypto";
import type { z } from "zod";
import type { Certificate } from "~/generated/prisma/client.ts";
import type { Viewer } from "~/features/courses/rules.ts";
import { panelForRole } from "~/features/accounts/roles.ts";
import { recomputeProgress } from "~/features/enrolment/progress.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { isUniqueViolation, prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import { fail, ok, type Failure, type Ok, type Result } from "~/lib/failure.ts";
import { fetchKeysetPage, keysetCursors, type Cursor } from "~/lib/keyset.ts";
import { deleteStoredLogged, statStored, storeBytes } from "~/lib/storage.server.ts";
import type { PublicCertificateSchema } from "./schema.ts";
import { renderCertificatePdf } from "./certificate-pdf.server.tsx";
import {
  NAME_REQUIRED_FOR_CERTIFICATES,
  FINISH_COURSE_NOT_FOUND,
  FINISH_FAILED,
  FINISH_LOGIN_REQUIRED,
  FINISH_NO_QUIZZES,
  FINISH_NOT_ENROLLED,
  finishIncomplete,
} from "./texts.ts";
import { log } from "~/lib/log.server.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const CODE_LENGTH = 16;
const CODE_PATTERN = new RegExp(`^[A-Z2-7]{${CODE_LENGTH}}$`);

/** 16 base32 characters from 80 random bits: URL-safe and unguessable. */
const newCertificateCode = () => Array.from({ length: CODE_LENGTH }, () => BASE32[crypto.randomInt(32)]).join("");

/** A code as typed or linked (any case, surrounding spaces) → canonical form, or null. */
export function normalizeCode(raw: string | undefined | null): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

const verificationPath = (codigo: string) => `/certificados/${codigo}`;
export const diplomaPath = (codigo: string) => `/certificados/${codigo}/pdf`;
export const verificationUrl = (codigo: string) => `${publicUrl()}${verificationPath(codigo)}`;
/** The stable PDF URL: the API's diplomaUrl (docs/product.md#certificates). */
const diplomaUrl = (codigo: string) => `${publicUrl()}${diplomaPath(codigo)}`;

/** The holder's name as a certificate prints it (at issue, and when its holder updates it). */
export const holderName = (user: { nombre: string; apellido: string }) =>
  `${user.nombre} ${user.apellido}`.replace(/\s+/g, " ").trim();

export type FinishReason = "login" | "not-found" | "not-enrolled" | "no-quizzes" | "incomplete" | "error";

type Finished = { created: boolean; codigo: string; diplomaUrl: string; verificationUrl: string; pdfReady: boolean };

/**
 * 'Finalizar curso' for the signed-in viewer. Requires enrolment (docentes and admins too: a
 * certificate says that this person took the course). Progress is recomputed here from stored
 * quiz results, never taken from the client. Finishing again returns the same certificate.
 */
export async function finishCourse(
  viewer: Viewer,
  courseId: string,
  request?: Request,
): Promise<Result<Finished, Failure<FinishReason>>> {
  if (!viewer) return fail(401, FINISH_LOGIN_REQUIRED, { reason: "login" });
  try {
    const course = await prisma.course.findUnique({
      where: { id: courseId },
      select: { id: true, titulo: true, duracionHoras: true },
    });
    if (!course) return fail(404, FINISH_COURSE_NOT_FOUND, { reason: "not-found" });

    const existing = await findCertificate(viewer.id, courseId);
    if (existing) return issued(existing, false);

    const enrolment = await prisma.enrolment.findUnique({
      where: { userId_cursoId: { userId: viewer.id, cursoId: courseId } },
      select: { id: true },
    });
    if (!enrolment) return fail(403, FINISH_NOT_ENROLLED, { reason: "not-enrolled" });

    const progress = await recomputeProgress(viewer.id, courseId);
    if (progress.quizModules === 0) return fail(400, FINISH_NO_QUIZZES, { reason: "no-quizzes" });
    if (progress.progreso < 100) return fail(400, finishIncomplete(progress.progreso), { reason: "incomplete" });

    const user = await prisma.user.findUnique({ where: { id: viewer.id }, select: { nombre: true, apellido: true } });
    if (!user) return fail(401, FINISH_LOGIN_REQUIRED, { reason: "login" });
    const nombreTitular = holderName(user);

    const { row, created } = await createOnce({
      userId: viewer.id,
      cursoId: courseId,
      nombreTitular,
      tituloCurso: course.titulo,
      duracionHoras: course.duracionHoras,
    });
    if (created) {
      await audit(request ?? null, "certificate.issue", {
        actorId: viewer.id,
        targetType: "certificate",
        targetId: row.id,
        detail: `${row.codigo} · curso ${courseId}`,
      });
      await notifyIssued(viewer, row);
    }
    return issued(row, created);
  } catch (error) {
    log.error({ err: error }, "No se pudo finalizar el curso");
    return fail(500, FINISH_FAILED, { reason: "error" });
  }
}

/** 'Certificado emitido': the certificate stands whatever happens here (a failure is logged). */
async function notifyIssued(viewer: NonNullable<Viewer>, row: Certificate) {
  try {
    await notify({
      kind: "certificado",
      to: [viewer.id],
      title: `Tu certificado de «${row.tituloCurso}»`,
      text: `Se emitió tu certificado del curso «${row.tituloCurso}» (código ${row.codigo}).`,
      // 'Mis certificados' in the person's panel (a docente's is hers: docs/decisions/042-the-teachers-day.md).
      link: `/${panelForRole(viewer.rol) === "docente" ? "docente" : "user"}/certificates`,
    });
  } catch (error) {
    log.error({ err: error }, "No se pudo avisar del certificado emitido");
  }
}

/** Inserts the row; the unique (userId, cursoId) index decides races, a code collision retries. */
async function createOnce(
  data: Pick<Certificate, "nombreTitular" | "tituloCurso" | "duracionHoras"> & { userId: string; cursoId: string },
): Promise<{ row: Certificate; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const row = await prisma.certificate.create({ data: { ...data, codigo: newCertificateCode() } });
      return { row, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await findCertificate(data.userId, data.cursoId);
      if (winner) return { row: winner, created: false };
      // Otherwise the random code collided: draw another.
    }
  }
  throw new Error("No se pudo generar un código de certificado único.");
}

async function issued(row: Certificate, created: boolean): Promise<Ok<Finished>> {
  let pdfReady = true;
  try {
    await ensureCertificatePdf(row);
  } catch (error) {
    // The row stands; the PDF is rendered on its first request instead.
    log.error({ err: error }, "No se pudo generar el PDF del certificado");
    pdfReady = false;
  }
  return ok({
    created,
    codigo: row.codigo,
    diplomaUrl: diplomaUrl(row.codigo),
    verificationUrl: verificationUrl(row.codigo),
    pdfReady,
  });
}

function findCertificate(userId: string, courseId: string): Promise<Certificate | null> {
  return prisma.certificate.findUnique({ where: { userId_cursoId: { userId, cursoId: courseId } } });
}

const rendering = new Map<string, Promise<string>>();

/**
 * The storage key of the certificate's PDF, rendering and storing it if it is missing. Concurrent
 * calls in this process share one render; across processes the conditional update keeps the
 * first stored file and the loser deletes its own.
 */
export function ensureCertificatePdf(row: Certificate): Promise<string> {
  const running = rendering.get(row.id);
  if (running) return running;
  const job = renderAndStore(row).finally(() => rendering.delete(row.id));
  rendering.set(row.id, job);
  return job;
}

async function renderAndStore(row: Certificate): Promise<string> {
  const current = await prisma.certificate.findUnique({ where: { id: row.id }, select: { pdfKey: true } });
  const previous = current?.pdfKey ?? null;
  if (previous && (await statStored(previous))) return previous;

  const bytes = await renderCertificatePdf({
    brand: env().APP_NAME,
    nombreTitular: row.nombreTitular,
    tituloCurso: row.tituloCurso,
    duracionHoras: row.duracionHoras,
    emitidoEn: row.emitidoEn,
    codigo: row.codigo,
    // APP_URL when configured (it must be in production); else the address the server listens on.
    verificationUrl: verificationUrl(row.codigo),
  });
  const key = await storeBytes("certificates", "pdf", bytes);
  // Not onto a certificate revoked meanwhile (its holder deleted the account): it keeps no PDF.
  const { count } = await prisma.certificate.updateMany({
    where: { id: row.id, pdfKey: previous, revocadoEn: null },
    data: { pdfKey: key },
  });
  if (count === 0) {
    await deleteStoredLogged(key);
    const winner = await prisma.certificate.findUnique({ where: { id: row.id }, select: { pdfKey: true } });
    if (!winner?.pdfKey) throw new Error("El certificado ya no existe.");
    return winner.pdfKey;
  }
  if (previous) await deleteStoredLogged(previous);
  return key;
}

/** The public verification data (cursoId is null once the course was deleted: the certificate stays valid). */
export type PublicCertificate = z.output<typeof PublicCertificateSchema>;

function toPublic(row: Certificate): PublicCertificate {
  return {
    codigo: row.codigo,
    nombreTitular: row.nombreTitular,
    tituloCurso: row.tituloCurso,
    duracionHoras: row.duracionHoras,
    emitidoEn: row.emitidoEn.toISOString(),
    nombreActualizadoEn: row.nombreActualizadoEn?.toISOString() ?? null,
    revocadoEn: row.revocadoEn?.toISOString() ?? null,
    cursoId: row.cursoId,
    diplomaUrl: diplomaUrl(row.codigo),
    verificacionUrl: verificationUrl(row.codigo),
  };
}

/** The public verification data of a code, or null (unknown or malformed code). */
export async function getCertificateByCode(raw: string | undefined): Promise<PublicCertificate | null> {
  const codigo = normalizeCode(raw);
  if (!codigo) return null;
  const row = await prisma.certificate.findUnique({ where: { codigo } });
  return row ? toPublic(row) : null;
}

/** Whether a certificate (valid or revoked) has this normalised code: one primary-key read. */
export async function certificateCodeExists(codigo: string): Promise<boolean> {
  return (await prisma.certificate.findUnique({ where: { codigo }, select: { id: true } })) !== null;
}

/** The row behind the stable PDF URL, with its stored PDF (rendered on first request). */
export async function certificatePdfByCode(raw: string | undefined): Promise<{ key: string; filename: string } | null> {
  const codigo = normalizeCode(raw);
  if (!codigo) return null;
  const row = await prisma.certificate.findUnique({ where: { codigo } });
  if (!row || row.revocadoEn) return null;
  const key = await ensureCertificatePdf(row);
  return { key, filename: `Certificado - ${row.tituloCurso}.pdf` };
}

/** For the course page loader: the viewer's certificate for this course, if any. */
export async function certificateForCourse(
  userId: string | null | undefined,
  courseId: string,
): Promise<{ codigo: string; diplomaUrl: string } | null> {
  if (!userId) return null;
  const row = await prisma.certificate.findUnique({
    where: { userId_cursoId: { userId, cursoId: courseId } },
    select: { codigo: true },
  });
  return row ? { codigo: row.codigo, diplomaUrl: diplomaUrl(row.codigo) } : null;
}

/** GET /api/certificados/usuario/{userId}: certificates per page, as the API's other keyset lists. */
export const API_CERTIFICATES_PAGE_SIZE = 50;

/** One page of a user's certificates, newest first: a keyset range of (userId, emitidoEn, id). */
export async function listCertificatesPage(userId: string, cursor: Cursor | null, size = API_CERTIFICATES_PAGE_SIZE) {
  const page = await fetchKeysetPage(1, cursor, size, async (_range, query) => {
    // lib/keyset.ts speaks of (createdAt, id); a certificate's instant is emitidoEn.
    const rows = await prisma.certificate.findMany({
      where: { AND: [{ userId }, onIssueDate(query.where)] },
      orderBy: query.orderBy.map((o) => ("createdAt" in o ? { emitidoEn: o.createdAt } : o)),
      take: query.take,
    });
    return rows.map((row) => ({ row, createdAt: row.emitidoEn, id: row.id }));
  });
  return { certificates: page.rows.map(({ row }) => toPublic(row)), cursors: keysetCursors(page) };
}

/** A keyset `where` on createdAt, on emitidoEn instead. */
function onIssueDate(where: object): object {
  return Object.fromEntries(
    Object.entries(where).map(([key, value]) => [
      key === "createdAt" ? "emitidoEn" : key,
      key === "NOT" && value && typeof value === "object" ? onIssueDate(value) : value,
    ]),
  );
}

const MY_CERTIFICATES_PAGE_SIZE = 20;

/** 'Mis certificados' (docs/product.md#my-certificates): one page of one's certificates, newest first. */
export async function listMyCertificates(userId: string, page = 1, size = MY_CERTIFICATES_PAGE_SIZE) {
  const where = { userId };
  const total = await prisma.certificate.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await prisma.certificate.findMany({
    where,
    orderBy: [{ emitidoEn: "desc" }, { id: "asc" }],
    skip: (current - 1) * size,
    take: size,
    select: { codigo: true, tituloCurso: true, duracionHoras: true, emitidoEn: true, cursoId: true },
  });
  return {
    certificates: rows.map((row) => ({
      ...row,
      emitidoEn: row.emitidoEn.toISOString(),
      verificacionPath: verificationPath(row.codigo),
      verificacionUrl: verificationUrl(row.codigo),
      pdfPath: diplomaPath(row.codigo),
    })),
    total,
    page: current,
    pageCount,
  };
}

// The holder's name (Ley 21.719, rectification): a certificate keeps the name it was issued with
// until its holder asks for the corrected one; then the same code and link get a new PDF.

/** How many of the user's certificates print a name other than their current one. */
export function countOutdatedNames(user: { id: string; nombre: string; apellido: string }): Promise<number> {
  return prisma.certificate.count({ where: { userId: user.id, nombreTitular: { not: holderName(user) } } });
}

/**
 * 'Actualizar el nombre en mis certificados': every certificate of the user that prints another
 * name gets the current one; the first name stays in nombreOriginal (never shown), the date in
 * nombreActualizadoEn, and the PDF is rendered anew on its next request (the old file deleted).
 */
export async function updateNameOnCertificates(
  user: { id: string; nombre: string; apellido: string },
  request: Request | null,
): Promise<Result<{ updated: number }>> {
  const name = holderName(user);
  if (!name) return fail(400, NAME_REQUIRED_FOR_CERTIFICATES);
  const rows = await prisma.certificate.findMany({
    where: { userId: user.id, nombreTitular: { not: name } },
    select: { id: true, nombreTitular: true, nombreOriginal: true, pdfKey: true },
  });
  if (rows.length === 0) return ok({ updated: 0 });
  const now = new Date();
  const replaced = await prisma.$transaction(async (tx) => {
    const files: string[] = [];
    for (const row of rows) {
      // Only if nobody changed it meanwhile (a second click, another instance).
      const { count } = await tx.certificate.updateMany({
        where: { id: row.id, nombreTitular: row.nombreTitular },
        data: {
          nombreTitular: name,
          nombreOriginal: row.nombreOriginal ?? row.nombreTitular,
          nombreActualizadoEn: now,
          pdfKey: null,
        },
      });
      if (count === 1 && row.pdfKey) files.push(row.pdfKey);
    }
    return files;
  });
  for (const key of replaced) {
    await deleteStoredLogged(key);
  }
  await audit(request, "certificate.rename", {
    actorId: user.id,
    targetType: "user",
    targetId: user.id,
    detail: `${rows.length}`,
  });
  return ok({ updated: rows.length });
}
