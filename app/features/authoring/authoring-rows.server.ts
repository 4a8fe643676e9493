// What both kinds of course authoring write (docs/product.md#course-editor): the rows of a
// module's files and of a quiz question, and the 404 of a course, module, file, link or question
// that is not there. The whole-course create/replace (./whole-course.server.ts) and the editor's
// small steps (./editor-steps.server.ts) build their rows here, so both store them alike.
import type { Prisma } from "~/generated/prisma/client.ts";
import { fail } from "~/lib/failure.ts";
import type { StoredUpload } from "~/lib/upload.server.ts";
import { COURSE_NOT_FOUND, DRAW_INVALID } from "./texts.ts";
import type { QuestionInput } from "./schema.ts";

export type Tx = Prisma.TransactionClient;
export const notFound = (message = COURSE_NOT_FOUND) => fail(404, message);

/**
 * A module's bank draw must fit its questions (docs/decisions/045-served-attempts.md):
 * preguntasPorIntento at most the module's number of questions (a module not yet created has
 * none); else the 400 to refuse it with. Null or left out: nothing to check.
 */
export async function drawTooLarge(tx: Tx, moduleId: string | null, n: number | null | undefined) {
  if (n === null || n === undefined) return null;
  const count = moduleId ? await tx.quizQuestion.count({ where: { moduloId: moduleId } }) : 0;
  return n > count ? fail(400, DRAW_INVALID, { field: "preguntasPorIntento" }) : null;
}

/** The name shown for an uploaded file: the browser's name, one line, without folders. */
function displayFileName(original: string) {
  const base = original.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters never reach a download name
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, 200);
  return clean || "Documento.pdf";
}

export function fileRows(files: readonly StoredUpload[], start = 0) {
  return files.map((f, i) => ({
    posicion: start + i,
    nombre: displayFileName(f.originalName),
    storageKey: f.key,
    tipo: f.contentType,
    tamano: f.size,
  }));
}

export function questionRows(preguntas: readonly QuestionInput[], start = 0) {
  return preguntas.map((q, i) => ({
    posicion: start + i,
    texto: q.texto,
    tipo: q.tipo,
    puntajeParcial: q.puntajeParcial,
    valor: q.valor,
    tolerancia: q.tolerancia,
    opciones: { create: q.opciones.map((o, j) => ({ posicion: j, texto: o.texto, correcta: o.correcta })) },
  }));
}

/** Whether two due dates (or their absence) are the same instant. */
export function sameInstant(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/**
 * A module's due date changed: the reminders claimed for the old date are forgotten in the same
 * transaction, so each learner is reminded once of the new date (docs/product.md#due-dates).
 */
export async function forgetReminders(tx: Tx, moduleId: string) {
  await tx.moduleReminder.deleteMany({ where: { moduloId: moduleId } });
}
