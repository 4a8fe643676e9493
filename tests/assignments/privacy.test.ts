// Tareas' personal data and files (docs/product.md#tareas-personal-data-and-scale): 'Descargar mis
// datos' holds one's hand-ins and their files and nobody else's; deleting an account erases the
// learner's hand-ins with their stored files and keeps a teacher's reviews ('Cuenta eliminada')
// and tareas; deleting a tarea or a course leaves no stored file behind; a backup holds hand-in
// files and its restore brings them back. Real database, real files, the archive read by Python.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  courseTareaFileKeys,
  eraseWithFiles,
  tareaFileKeys,
  entregaFileKey,
  entregaFileKeys,
  tareaAttachmentKey,
} from "~/features/assignments/files.server.ts";
import { reviewerName } from "~/features/assignments/reviewer.ts";
import { createBackup } from "~/features/backup/backup.server.ts";
import { restoreBackup } from "~/features/backup/restore.server.ts";
import { deleteCourse } from "~/features/courses/admin-courses.server.ts";
import { myDataArchive } from "~/features/privacy/my-data.server.ts";
import { deleteOwnAccount, deleteUser } from "~/features/privacy/account-deletion.server.ts";
import { createPrismaClient, prisma } from "~/lib/db.server.ts";
import { databaseUrl } from "~/lib/db-adapter.ts";
import { env } from "~/lib/env.server.ts";
import { fail, raise } from "~/lib/failure.ts";
import { createLocalStorage } from "~/lib/storage/local.server.ts";
import { fileStorage, readStoredBytes, storeBytes, uploadsDir } from "~/lib/storage.server.ts";
import * as courseApi from "~/routes/api/cursos.detail.ts";
import { migrationsFolderFor } from "../../server/migrate/index.ts";
import {
  args,
  createCourse,
  createEntrega,
  createTarea,
  createUser,
  getRequest,
  jsonRequest,
  PNG_1PX,
  signedIn,
  TEST_PASSWORD,
} from "../factories.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n% una entrega\n%%EOF\n");

/** A hand-in file stored and named by a SubmissionFile row. */
async function handInFile(entregaId: string, bytes: Uint8Array = PNG_1PX, posicion = 0) {
  const kind = bytes === PDF ? "pdf" : "png";
  const storageKey = await storeBytes("submissions", kind, bytes);
  return prisma.submissionFile.create({
    data: {
      entregaId,
      posicion,
      nombre: kind === "pdf" ? "Guía resuelta.pdf" : "foto/cuaderno.png",
      storageKey,
      tipo: kind,
      tamano: bytes.length,
    },
  });
}

/** A tarea's attachment, stored. */
async function attachment(tareaId: string) {
  const storageKey = await storeBytes("assignments", "pdf", PDF);
  return prisma.assignmentFile.create({
    data: { tareaId, nombre: "Enunciado.pdf", storageKey, tipo: "pdf", tamano: PDF.length },
  });
}

const stored = async (key: string) => (await readStoredBytes(key)) !== null;

/** A course with a teacher's tarea (an attachment) and two learners' hand-ins with files. */
async function scene() {
  const docente = await createUser({ rol: "docente", nombre: "Daniela", apellido: "Soto" });
  const course = await createCourse({ titulo: `Matemática ${crypto.randomUUID().slice(0, 6)}` });
  const tarea = await createTarea(course.id, { titulo: "Guía de fracciones", createdById: docente.id });
  const adjunto = await attachment(tarea.id);
  const ana = await createUser({ nombre: "Ana" });
  const bruno = await createUser({ nombre: "Bruno" });
  const anaEntrega = await createEntrega(tarea, ana.id, {
    texto: "Mi respuesta de ANA.",
    estado: "devuelta",
    nota: 65,
    comentario: "Muy bien explicado.",
    devueltaEn: new Date(),
    revisadaPorId: docente.id,
  });
  const anaFiles = [await handInFile(anaEntrega.id, PNG_1PX, 0), await handInFile(anaEntrega.id, PDF, 1)];
  const brunoEntrega = await createEntrega(tarea, bruno.id, {
    texto: "Respuesta de BRUNO.",
    // A review not yet returned: a draft the learner does not see.
    nota: 40,
    comentario: "Borrador del comentario.",
    revisadaPorId: docente.id,
  });
  const brunoFile = await handInFile(brunoEntrega.id);
  return { docente, course, tarea, adjunto, ana, bruno, anaEntrega, anaFiles, brunoEntrega, brunoFile };
}

const READ_ZIP = `
import base64, io, json, sys, zipfile
archive = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
assert archive.testzip() is None
print(json.dumps({i.filename: base64.b64encode(archive.read(i)).decode() for i in archive.infolist()}))
`;

async function archiveOf(userId: string) {
  const made = await myDataArchive(userId, null);
  if (!made.ok) throw new Error(made.message);
  const bytes = Buffer.from(
    await new Response(Readable.toWeb(Readable.from(made.archive)) as ReadableStream).arrayBuffer(),
  );
  const out = JSON.parse(execFileSync("python3", ["-c", READ_ZIP], { input: bytes }).toString()) as Record<
    string,
    string
  >;
  return new Map(Object.entries(out).map(([name, b64]) => [name, Buffer.from(b64, "base64")]));
}

describe("Descargar mis datos: tareas", () => {
  it("holds one's hand-ins, their files byte for byte and the returned review, nobody else's", async () => {
    const s = await scene();
    // A file whose stored copy is gone is listed without a path, and the archive still opens.
    const lost = await handInFile(s.anaEntrega.id, PNG_1PX, 2);
    fs.rmSync(path.join(uploadsDir(), lost.storageKey));

    const files = await archiveOf(s.ana.id);
    const [png, pdf] = s.anaFiles;
    const pngName = `entregas/${s.anaEntrega.id}/${png!.id}.png`;
    const pdfName = `entregas/${s.anaEntrega.id}/${pdf!.id}.pdf`;
    expect([...files.keys()].filter((n) => n.startsWith("entregas/")).sort()).toEqual([pngName, pdfName].sort());
    expect(files.get(pngName)!.equals(PNG_1PX)).toBe(true);
    expect(files.get(pdfName)!.equals(Buffer.from(PDF))).toBe(true);
    expect(files.get("LEEME.txt")!.toString("utf8")).toContain("tareas.json y la carpeta entregas/");

    const tareas = JSON.parse(files.get("tareas.json")!.toString("utf8")) as Record<string, unknown>;
    expect(tareas).toEqual({
      entregas: [
        {
          id: s.anaEntrega.id,
          tarea: { id: s.tarea.id, titulo: "Guía de fracciones", fechaLimite: null },
          curso: { id: s.course.id, titulo: s.course.titulo },
          texto: "Mi respuesta de ANA.",
          estado: "devuelta",
          atrasada: false,
          entregadaEn: expect.any(String),
          nota: 6.5,
          comentario: "Muy bien explicado.",
          devueltaEn: expect.any(String),
          archivos: [
            { nombre: "foto/cuaderno.png", tipo: "png", tamano: PNG_1PX.length, archivo: pngName },
            { nombre: "Guía resuelta.pdf", tipo: "pdf", tamano: PDF.length, archivo: pdfName },
            { nombre: "foto/cuaderno.png", tipo: "png", tamano: PNG_1PX.length, archivo: null },
          ],
          creadaEn: expect.any(String),
          actualizadaEn: expect.any(String),
        },
      ],
      tareasCreadas: [],
    });
    const text = [...files.values()].map((b) => b.toString("latin1")).join("\n");
    for (const other of [s.brunoEntrega.id, s.brunoFile.id, "BRUNO", s.bruno.id]) expect(text).not.toContain(other);
    await prisma.submissionFile.delete({ where: { id: lost.id } });
  });

  it("shows a review only once returned, and lists a teacher's tareas", async () => {
    const s = await scene();
    const bruno = JSON.parse((await archiveOf(s.bruno.id)).get("tareas.json")!.toString("utf8")) as {
      entregas: Array<Record<string, unknown>>;
    };
    expect(bruno.entregas).toHaveLength(1);
    expect(bruno.entregas[0]).toMatchObject({ estado: "entregada", nota: null, comentario: null, devueltaEn: null });
    expect(JSON.stringify(bruno)).not.toContain("Borrador del comentario");

    const docente = await archiveOf(s.docente.id);
    expect(JSON.parse(docente.get("tareas.json")!.toString("utf8"))).toEqual({
      entregas: [],
      tareasCreadas: [
        {
          id: s.tarea.id,
          titulo: "Guía de fracciones",
          curso: { id: s.course.id, titulo: s.course.titulo },
          creadaEn: expect.any(String),
        },
      ],
    });
    expect([...docente.keys()].some((n) => n.startsWith("entregas/"))).toBe(false);
  });
});

describe("Eliminar mi cuenta: tareas", () => {
  it("erases a learner's hand-ins and their stored files, and nobody else's", async () => {
    const s = await scene();
    const ana = await prisma.user.findUniqueOrThrow({ where: { id: s.ana.id } });
    const deleted = await deleteOwnAccount(ana.id, { password: TEST_PASSWORD, certificados: "conservar" }, null);
    expect(deleted.ok).toBe(true);
    expect(await prisma.submission.count({ where: { userId: s.ana.id } })).toBe(0);
    expect(await prisma.submissionFile.count({ where: { id: { in: s.anaFiles.map((f) => f.id) } } })).toBe(0);
    for (const f of s.anaFiles) expect(await stored(f.storageKey), f.nombre).toBe(false);
    // Bruno's hand-in and file, the tarea and its attachment stay.
    expect(await stored(s.brunoFile.storageKey)).toBe(true);
    expect(await stored(s.adjunto.storageKey)).toBe(true);
    expect(await prisma.submission.count({ where: { id: s.brunoEntrega.id } })).toBe(1);
  });

  it("keeps a deleted teacher's reviews as 'Cuenta eliminada' and their tareas", async () => {
    const s = await scene();
    const admin = await createUser({ rol: "admin" });
    expect((await deleteUser(admin, s.docente.id, getRequest("/admin/records"))).ok).toBe(true);
    const rows = await prisma.submission.findMany({
      where: { tareaId: s.tarea.id },
      orderBy: { userId: "asc" },
      include: { revisadaPor: { select: { nombre: true, apellido: true } } },
    });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.revisadaPorId).toBeNull();
      expect(reviewerName(row)).toBe("Cuenta eliminada");
    }
    const returned = rows.find((r) => r.id === s.anaEntrega.id)!;
    expect({ nota: returned.nota, comentario: returned.comentario }).toEqual({
      nota: 65,
      comentario: "Muy bien explicado.",
    });
    const tarea = await prisma.assignment.findUniqueOrThrow({ where: { id: s.tarea.id } });
    expect(tarea.createdById).toBeNull();
    for (const key of [s.adjunto.storageKey, s.brunoFile.storageKey, ...s.anaFiles.map((f) => f.storageKey)]) {
      expect(await stored(key), key).toBe(true);
    }
    // A hand-in nobody reviewed names nobody.
    expect(reviewerName({ revisadaPor: null, nota: null, comentario: "", devueltaEn: null })).toBeNull();
    expect(reviewerName({ ...returned, revisadaPor: { nombre: "Daniela", apellido: "Soto" } })).toBe("Daniela Soto");
  });
});

describe("stored files go with their rows", () => {
  it("deleting a tarea deletes its attachments and its hand-ins' files after the commit, and only those", async () => {
    const s = await scene();
    const other = await scene();
    const result = await eraseWithFiles(
      (tx) => tareaFileKeys(tx, s.tarea.id),
      (tx) => tx.assignment.delete({ where: { id: s.tarea.id }, select: { id: true } }),
    );
    expect(result).toEqual({ ok: true, id: s.tarea.id });
    expect(await prisma.submission.count({ where: { tareaId: s.tarea.id } })).toBe(0);
    for (const key of [s.adjunto.storageKey, s.brunoFile.storageKey, ...s.anaFiles.map((f) => f.storageKey)]) {
      expect(await stored(key), key).toBe(false);
    }
    for (const key of [other.adjunto.storageKey, other.brunoFile.storageKey]) expect(await stored(key)).toBe(true);
  });

  it("a refused deletion changes nothing and deletes no file", async () => {
    const s = await scene();
    const refused = await eraseWithFiles(
      (tx) => entregaFileKeys(tx, s.anaEntrega.id),
      async (tx) => {
        await tx.submission.delete({ where: { id: s.anaEntrega.id } });
        raise(fail(409, "Ya fue devuelta."));
      },
    );
    expect(refused).toMatchObject({ ok: false, status: 409, message: "Ya fue devuelta." });
    expect(await prisma.submission.count({ where: { id: s.anaEntrega.id } })).toBe(1);
    for (const f of s.anaFiles) expect(await stored(f.storageKey)).toBe(true);

    const removed = await eraseWithFiles(
      (tx) => entregaFileKeys(tx, s.anaEntrega.id),
      (tx) => tx.submission.delete({ where: { id: s.anaEntrega.id }, select: { id: true } }),
    );
    expect(removed.ok).toBe(true);
    for (const f of s.anaFiles) expect(await stored(f.storageKey)).toBe(false);
    expect(await stored(s.brunoFile.storageKey)).toBe(true);
  });

  it("removing one file of a hand-in or of a tarea deletes that file only, and never another's by its id", async () => {
    const s = await scene();
    const [png, pdf] = s.anaFiles;
    const removeFile = (entregaId: string, archivoId: string) =>
      eraseWithFiles(
        (tx) => entregaFileKey(tx, entregaId, archivoId),
        (tx) => tx.submissionFile.deleteMany({ where: { id: archivoId, entregaId } }),
      );
    // Bruno's hand-in with Ana's file's id: nothing goes.
    expect(await removeFile(s.brunoEntrega.id, png!.id)).toEqual({ ok: true, count: 0 });
    expect(await stored(png!.storageKey)).toBe(true);
    expect(await removeFile(s.anaEntrega.id, png!.id)).toEqual({ ok: true, count: 1 });
    expect(await stored(png!.storageKey)).toBe(false);
    expect(await stored(pdf!.storageKey)).toBe(true);

    const other = await createTarea(s.course.id);
    const removeAttachment = (tareaId: string) =>
      eraseWithFiles(
        (tx) => tareaAttachmentKey(tx, tareaId, s.adjunto.id),
        (tx) => tx.assignmentFile.deleteMany({ where: { id: s.adjunto.id, tareaId } }),
      );
    expect(await removeAttachment(other.id)).toEqual({ ok: true, count: 0 });
    expect(await stored(s.adjunto.storageKey)).toBe(true);
    expect(await removeAttachment(s.tarea.id)).toEqual({ ok: true, count: 1 });
    expect(await stored(s.adjunto.storageKey)).toBe(false);
  });

  it("deleting a course (admin table's service or DELETE /api/cursos/{cursoId}) deletes its tareas' files", async () => {
    const [first, second, kept] = [await scene(), await scene(), await scene()];
    const admin = await signedIn("admin");
    const keysOf = (s: typeof first) => [
      s.adjunto.storageKey,
      s.brunoFile.storageKey,
      ...s.anaFiles.map((f) => f.storageKey),
    ];
    expect(
      (await deleteCourse(admin.user, first.course.id, getRequest("/admin/courses"), courseTareaFileKeys)).ok,
    ).toBe(true);
    const api = await courseApi.action(
      args(jsonRequest(`/api/cursos/${second.course.id}`, null, { method: "DELETE", token: admin.token }), {
        cursoId: second.course.id,
      }),
    );
    expect(api.status).toBe(200);
    expect(await prisma.assignment.count({ where: { cursoId: { in: [first.course.id, second.course.id] } } })).toBe(0);
    for (const key of [...keysOf(first), ...keysOf(second)]) expect(await stored(key), key).toBe(false);
    for (const key of keysOf(kept)) expect(await stored(key), key).toBe(true);
  });
});

describe("backups", { timeout: 90_000 }, () => {
  it("a backup holds a hand-in's file and its restore brings it back", async () => {
    const s = await scene();
    // Restored into an empty SQLite file and data directory (both engines: tests/platform/backup.test.ts).
    const url = databaseUrl();
    const root = path.dirname(env().dataDir);
    const id = crypto.randomBytes(6).toString("hex");
    const made = await createBackup({
      databaseUrl: url,
      uploadsDir: uploadsDir(),
      storage: fileStorage(),
      backupDir: path.join(root, `backups-${id}`),
      keep: 1,
    });
    expect(made.manifest.missing).toEqual([]);
    expect(made.manifest.files.map((f) => f.key)).toEqual(
      expect.arrayContaining([s.brunoFile.storageKey, s.adjunto.storageKey]),
    );
    const uploads = path.join(root, `restore-${id}`, "uploads");
    const target = {
      databaseUrl: `file:${path.join(root, `restore-${id}`, "academia.db")}`,
      uploadsDir: uploads,
      storage: createLocalStorage(() => uploads),
    };
    await restoreBackup({ ...target, from: made.path, knownMigrations: fs.readdirSync(migrationsFolderFor(url)) });
    const restored = createPrismaClient(target.databaseUrl);
    try {
      const row = await restored.submissionFile.findUniqueOrThrow({ where: { id: s.brunoFile.id } });
      expect(row.storageKey).toBe(s.brunoFile.storageKey);
    } finally {
      await restored.$disconnect();
    }
    expect(fs.readFileSync(path.join(uploads, s.brunoFile.storageKey)).equals(PNG_1PX)).toBe(true);
    expect(fs.readFileSync(path.join(uploads, s.anaFiles[1]!.storageKey)).equals(Buffer.from(PDF))).toBe(true);
  });
});
