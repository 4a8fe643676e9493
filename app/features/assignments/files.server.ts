// The stored files of tareas and hand-ins are never orphaned (docs/product.md#tareas-personal-data-and-scale):
// whoever deletes rows that name files reads their keys in the same transaction, before the rows
// go, and deletes the files once it has committed (a failure is logged with its key and never
// undoes the deletion). A tarea's attachments and its hand-ins' files go with the tarea, a
// course's tareas with the course, a learner's hand-ins with the account.
import type { Prisma } from "~/generated/prisma/client.ts";
import { chunks } from "~/lib/chunks.ts";
import { prisma } from "~/lib/db.server.ts";
import { asFailure, ok, type Result } from "~/lib/failure.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";

type Tx = Prisma.TransactionClient;

const KEY = { select: { storageKey: true } } as const;
const keys = (rows: Array<{ storageKey: string }>) => rows.map((r) => r.storageKey);

/** The files of the hand-ins `where` picks (a hand-in's, a tarea's, a course's, a learner's). */
async function submissionKeys(tx: Tx, where: Prisma.SubmissionWhereInput) {
  return keys(await tx.submissionFile.findMany({ where: { entrega: where }, ...KEY }));
}

/** One hand-in's files: 'Anular entrega' keeps them; removing the hand-in or a file does not. */
export function entregaFileKeys(tx: Tx, entregaId: string) {
  return submissionKeys(tx, { id: entregaId });
}

/** One file of a hand-in (none when the id is of another hand-in): removing it from the hand-in. */
export async function entregaFileKey(tx: Tx, entregaId: string, archivoId: string) {
  return keys(await tx.submissionFile.findMany({ where: { id: archivoId, entregaId }, ...KEY }));
}

/** One attachment of a tarea (none when the id is of another tarea): removing it from the tarea. */
export async function tareaAttachmentKey(tx: Tx, tareaId: string, archivoId: string) {
  return keys(await tx.assignmentFile.findMany({ where: { id: archivoId, tareaId }, ...KEY }));
}

/** A tarea's attachments and its hand-ins' files: what deleting the tarea leaves behind. */
export async function tareaFileKeys(tx: Tx, tareaId: string) {
  const attached = keys(await tx.assignmentFile.findMany({ where: { tareaId }, ...KEY }));
  return [...attached, ...(await submissionKeys(tx, { tareaId }))];
}

/** Every tarea's attachments and hand-in files of a course: what deleting the course leaves behind. */
export async function courseTareaFileKeys(tx: Tx, cursoId: string) {
  const attached = keys(await tx.assignmentFile.findMany({ where: { tarea: { cursoId } }, ...KEY }));
  return [...attached, ...(await submissionKeys(tx, { cursoId }))];
}

/** A learner's hand-ins' files: what deleting the account leaves behind (the rows cascade with it). */
export function learnerSubmissionFileKeys(tx: Tx, userId: string) {
  return submissionKeys(tx, { userId });
}

/** Deletes stored files whose rows are gone (after the commit), a few at a time. */
async function deleteStoredFiles(storageKeys: readonly string[]) {
  for (const part of chunks(storageKeys, 16)) await Promise.all(part.map((key) => deleteStoredLogged(key)));
}

/**
 * Deletes rows with their stored files: `erase` runs in one transaction after `keysOf` has read
 * the keys of the files its rows name; the files go once it has committed. `erase` refuses by
 * raising a Failure (lib/failure.ts): nothing changes, no file goes, the Failure is answered.
 * Deleting a tarea: `eraseWithFiles((tx) => tareaFileKeys(tx, id), (tx) => …delete the tarea…)`.
 */
export async function eraseWithFiles<T extends object>(
  keysOf: (tx: Tx) => Promise<string[]>,
  erase: (tx: Tx) => Promise<T>,
): Promise<Result<T>> {
  let done: { value: T; files: string[] };
  try {
    done = await prisma.$transaction(async (tx) => {
      const files = await keysOf(tx);
      return { value: await erase(tx), files };
    });
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return failure;
    throw error;
  }
  await deleteStoredFiles(done.files);
  return ok(done.value);
}
