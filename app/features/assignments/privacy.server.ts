// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts), and
// what deleting their account erases (docs/product.md#tareas-personal-data-and-scale).
import type { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { log } from "~/lib/log.server.ts";
import { json, keyset, after, tableRows, type PersonalData } from "~/lib/personal-data.server.ts";
import { readStoredChunks } from "~/lib/storage.server.ts";
import { learnerSubmissionFileKeys } from "./files.server.ts";

const FOLDER = "entregas";

type StoredFile = { id: string; storageKey: string };

/** A hand-in file's name in the archive: the person's file names may repeat or hold any character. */
const archiveName = (entregaId: string, file: StoredFile) =>
  `${FOLDER}/${entregaId}/${file.id}.${file.storageKey.split(".").pop()}`;

const fileSelect = {
  orderBy: [{ posicion: "asc" as const }, { id: "asc" as const }],
  select: { id: true, nombre: true, tipo: true, tamano: true, storageKey: true },
} satisfies Prisma.Submission$archivosArgs;

/** A stored file's bytes, read chunk by chunk; null (logged) when it cannot be had. */
async function storedChunks(key: string) {
  try {
    return await readStoredChunks(key);
  } catch (error) {
    log.error({ err: error, key }, "No se pudo incluir el archivo de una entrega en una descarga de datos");
    return null;
  }
}

/** The person's hand-ins, oldest first; the review only once it was returned to them. */
function submissions(userId: string, inArchive: (file: StoredFile) => boolean) {
  return tableRows({
    where: { userId },
    find: (page) =>
      prisma.submission.findMany({
        ...page,
        include: {
          archivos: fileSelect,
          tarea: {
            select: { id: true, titulo: true, fechaLimite: true, curso: { select: { id: true, titulo: true } } },
          },
        },
      }),
    item: (r) => {
      const returned = r.estado === "devuelta";
      return {
        id: r.id,
        tarea: { id: r.tarea.id, titulo: r.tarea.titulo, fechaLimite: r.tarea.fechaLimite },
        curso: r.tarea.curso,
        texto: r.texto,
        estado: r.estado,
        atrasada: r.atrasada,
        entregadaEn: r.entregadaEn,
        nota: returned && r.nota !== null ? r.nota / 10 : null,
        comentario: returned ? r.comentario : null,
        devueltaEn: returned ? r.devueltaEn : null,
        archivos: r.archivos.map((f) => ({
          nombre: f.nombre,
          tipo: f.tipo,
          tamano: f.tamano,
          archivo: inArchive(f) ? archiveName(r.id, f) : null,
        })),
        creadaEn: r.createdAt,
        actualizadaEn: r.updatedAt,
      };
    },
  });
}

/** The tareas the person created as a teacher (they stay with their course when the account goes). */
function createdTareas(userId: string) {
  return tableRows({
    where: { createdById: userId },
    find: (page) =>
      prisma.assignment.findMany({
        ...page,
        select: { id: true, titulo: true, createdAt: true, curso: { select: { id: true, titulo: true } } },
      }),
    item: (r) => ({ id: r.id, titulo: r.titulo, curso: r.curso, creadaEn: r.createdAt }),
  });
}

export const assignmentData: PersonalData = {
  readme: [
    "tareas.json y la carpeta entregas/",
    "  Tus entregas de tareas: tarea, curso, texto, estado (borrador: sin entregar; entregada;",
    "  devuelta), si fue atrasada, fechas y, cuando te la devolvieron, la nota y el comentario. Los",
    "  archivos y fotos que entregaste están en entregas/, una carpeta por entrega. Si creaste tareas",
    "  como docente, también su título y curso.",
  ],
  async *files(userId) {
    // The files first, hand-in by hand-in, so that tareas.json names only those really in the archive.
    const missing = new Set<string>();
    for await (const batch of keyset("createdAt", (last, take) =>
      prisma.submission.findMany({
        where: { userId, ...after("createdAt", last) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take,
        select: { id: true, createdAt: true, archivos: fileSelect },
      }),
    )) {
      for (const entrega of batch) {
        for (const file of entrega.archivos) {
          const chunks = await storedChunks(file.storageKey);
          if (!chunks) missing.add(file.id);
          else yield { name: archiveName(entrega.id, file), data: chunks, compressed: true };
        }
      }
    }
    const content = {
      entregas: submissions(userId, (file) => !missing.has(file.id)),
      tareasCreadas: createdTareas(userId),
    };
    yield { name: "tareas.json", data: json(content) };
  },
};

/**
 * Account deletion: the person's hand-ins and their files' rows go (the teacher's reviews of
 * others stay: revisadaPorId and the tareas' createdById become null in the database). Returns
 * the stored files to delete after the commit.
 */
export async function eraseSubmissions(tx: Prisma.TransactionClient, userId: string) {
  const files = await learnerSubmissionFileKeys(tx, userId);
  await tx.submission.deleteMany({ where: { userId } });
  return files;
}
