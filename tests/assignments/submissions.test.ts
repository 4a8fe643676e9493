// @postgresql: two first saves of one hand-in at once (the unique key under concurrency)
// Handing in a tarea (docs/product.md#handing-in): a learner's text, PDFs and photos (reduced and
// stripped of their location on the server), 'Entregar', late or refused after the due date,
// 'Anular entrega', locked once returned; one hand-in per learner even when two first saves race;
// its files only for its author and the course's team. Real database, real stored files, real sharp.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { readStoredBytes, uploadsDir } from "~/lib/storage.server.ts";
import * as texts from "~/features/assignments/submission-texts.ts";
import { TAREA_NOT_FOUND } from "~/features/assignments/texts.ts";
import * as entregasApi from "~/routes/api/tareas.entregas.ts";
import * as anularApi from "~/routes/api/entregas.anular.ts";
import * as archivoApi from "~/routes/api/entregas.archivo.ts";
import * as page from "~/routes/assignments/tarea.tsx";
import * as fileRoute from "~/routes/assignments/handin-file.ts";
import {
  args,
  createCourse,
  createEntrega,
  createTarea,
  dataOf,
  flashOf,
  formRequest,
  getRequest,
  jsonRequest,
  multipartRequest,
  PNG_1PX,
  readJson,
  signedIn,
  type Part,
} from "../factories.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
type Entrega = {
  id: string;
  estado: string;
  estadoMostrado: string;
  texto: string;
  atrasada: boolean;
  nota: number | null;
  comentario: string | null;
  archivos: Array<{ id: string; nombre: string; tipo: string; url: string }>;
};

let course: { id: string };
let teacher: Signed;
let learner: Signed;

const PDF: Part = { bytes: new TextEncoder().encode("%PDF-1.4\n% guia\n%%EOF\n"), name: "guía.pdf" };

async function enrolled(cursoId = course.id) {
  const who = await signedIn("estudiante");
  await prisma.enrolment.create({ data: { userId: who.user.id, cursoId } });
  return who;
}

/** A phone's photo: 3000×1500 stored sideways (EXIF orientation 6), with its maker and GPS position. */
function phonePhoto() {
  return sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#336699" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Telefono" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 26/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "70/1 39/1 0/1" },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
}

function handIn(tareaId: string, token: string, parts: Array<[string, Part]>) {
  const request = multipartRequest(`/api/tareas/${tareaId}/entregas`, parts, { token });
  return entregasApi.action(args(request, { tareaId }));
}
async function handInJson(tareaId: string, token: string, parts: Array<[string, Part]>) {
  const response = await handIn(tareaId, token, parts);
  return {
    status: response.status,
    body: (await readJson(response)) as { entrega: Entrega; message: string; error: string },
  };
}
const storedCount = () => {
  const dir = path.join(uploadsDir(), "submissions");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
function getFile(url: string, cookie?: string) {
  const [, , cursoId, , tareaId, , entregaId, , archivoId] = url.split("/") as [...string[]];
  const params = { cursoId: cursoId!, tareaId: tareaId!, entregaId: entregaId!, archivoId: archivoId! };
  return fileRoute.loader(args(getRequest(url, cookie), params));
}

beforeAll(async () => {
  teacher = await signedIn("docente");
  course = await createCourse({ dirigidoA: "estudiante" });
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
  learner = await enrolled();
});

describe("handing in", () => {
  it("saves a draft, then hands in text, a PDF and a photo reduced, upright and without its location", async () => {
    const tarea = await createTarea(course.id);
    const draft = await handInJson(tarea.id, learner.token, [["texto", "Primer intento"]]);
    expect(draft.status).toBe(200);
    expect(draft.body.message).toBe(texts.SAVED);
    expect(draft.body.entrega).toMatchObject({
      estado: "borrador",
      estadoMostrado: "asignada",
      texto: "Primer intento",
    });

    const photo = await phonePhoto();
    const sent = await handInJson(tarea.id, learner.token, [
      ["texto", "Los ejercicios 1 a 5."],
      ["archivos", PDF],
      ["archivos", { bytes: photo, name: "IMG_0001.jpg", type: "image/jpeg" }],
      ["entregar", "true"],
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(texts.HANDED_IN);
    expect(sent.body.entrega).toMatchObject({ estado: "entregada", estadoMostrado: "entregada", atrasada: false });
    expect(sent.body.entrega.archivos.map((f) => [f.nombre, f.tipo])).toEqual([
      ["guía.pdf", "application/pdf"],
      ["IMG_0001.jpg", "image/jpeg"],
    ]);
    const row = await prisma.submissionFile.findFirstOrThrow({ where: { nombre: "IMG_0001.jpg" } });
    const stored = await readStoredBytes(row.storageKey);
    const meta = await sharp(stored!).metadata();
    expect([meta.width, meta.height]).toEqual([1000, 2000]); // turned upright, longest side 2000
    expect(meta.exif).toBeUndefined(); // no GPS, no maker, no orientation left
    expect(meta.orientation).toBeUndefined();
    expect(row.tamano).toBe(stored!.byteLength);
    expect(await prisma.submission.count({ where: { tareaId: tarea.id } })).toBe(1);
  });

  it("keeps a PNG a PNG, without its metadata", async () => {
    const tarea = await createTarea(course.id);
    const png = await sharp(PNG_1PX)
      .withExif({ IFD0: { Make: "Captura" } })
      .png()
      .toBuffer();
    const sent = await handInJson(tarea.id, learner.token, [
      ["archivos", { bytes: png, name: "c.png", type: "image/png" }],
    ]);
    expect(sent.status).toBe(200);
    const row = await prisma.submissionFile.findFirstOrThrow({ where: { entregaId: sent.body.entrega.id } });
    const meta = await sharp((await readStoredBytes(row.storageKey))!).metadata();
    expect([meta.format, meta.exif]).toEqual(["png", undefined]);
  });

  it("refuses what is not a PDF or an image by its content, and a hand-in over its limits, storing nothing", async () => {
    const tarea = await createTarea(course.id);
    const before = storedCount();
    const fake = { bytes: new TextEncoder().encode("no soy un PDF"), name: "tarea.pdf" };
    const wrong = await handInJson(tarea.id, learner.token, [
      ["texto", "Mi texto"],
      ["archivos", PDF],
      ["archivos", fake],
    ]);
    expect([wrong.status, wrong.body.error]).toEqual([400, texts.HANDIN_FILE_TYPES]);
    const broken = { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), name: "rota.jpg", type: "image/jpeg" };
    const unreadable = await handInJson(tarea.id, learner.token, [
      ["archivos", PDF],
      ["archivos", broken],
    ]);
    expect([unreadable.status, unreadable.body.error]).toEqual([400, texts.IMAGE_UNREADABLE]);
    const eleven = Array.from({ length: 11 }, (): [string, Part] => ["archivos", PDF]);
    const many = await handInJson(tarea.id, learner.token, eleven);
    expect([many.status, many.body.error]).toEqual([400, texts.HANDIN_TOO_MANY]);
    const big = new Uint8Array(texts.MAX_HANDIN_MB * 1024 * 1024 + 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooBig = await handInJson(tarea.id, learner.token, [["archivos", { bytes: big, name: "grande.pdf" }]]);
    expect([tooBig.status, tooBig.body.error]).toEqual([413, texts.HANDIN_TOO_LARGE]);
    expect(storedCount()).toBe(before);
    expect(await prisma.submission.count({ where: { tareaId: tarea.id } })).toBe(0);

    // Ten files in all: the eleventh, in a later request, is refused too.
    const ten = Array.from({ length: 10 }, (): [string, Part] => ["archivos", PDF]);
    expect((await handInJson(tarea.id, learner.token, ten)).status).toBe(200);
    const eleventh = await handInJson(tarea.id, learner.token, [["archivos", PDF]]);
    expect([eleventh.status, eleventh.body.error]).toEqual([400, texts.HANDIN_TOO_MANY]);
    expect(storedCount()).toBe(before + 10);
    // Nothing to hand in: refused.
    const empty = await createTarea(course.id);
    const nothing = await handInJson(empty.id, learner.token, [["entregar", "true"]]);
    expect([nothing.status, nothing.body.error]).toEqual([400, texts.HANDIN_EMPTY]);
  });

  it("marks a hand-in after the due date 'Atrasada', or refuses it when the tarea takes no late ones", async () => {
    const past = new Date(Date.now() - 60_000);
    const late = await createTarea(course.id, { fechaLimite: past });
    const sent = await handInJson(late.id, learner.token, [
      ["texto", "Tarde"],
      ["entregar", "true"],
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(texts.HANDED_IN_LATE);
    expect(sent.body.entrega).toMatchObject({ estado: "entregada", atrasada: true, estadoMostrado: "atrasada" });

    const closed = await createTarea(course.id, { fechaLimite: past, permiteAtrasadas: false });
    const refused = await handInJson(closed.id, learner.token, [
      ["texto", "Tarde"],
      ["entregar", "true"],
    ]);
    expect([refused.status, refused.body.error]).toEqual([409, texts.HANDIN_CLOSED]);
    expect(await prisma.submission.count({ where: { tareaId: closed.id } })).toBe(0);
  });

  it("'Anular entrega' makes it a draft again and keeps its files; a returned one is locked", async () => {
    const tarea = await createTarea(course.id);
    const sent = await handInJson(tarea.id, learner.token, [
      ["archivos", PDF],
      ["entregar", "true"],
    ]);
    const entregaId = sent.body.entrega.id;
    const anular = (token: string, id = entregaId) =>
      anularApi.action(args(jsonRequest(`/api/entregas/${id}/anular`, {}, { token }), { entregaId: id }));
    const withdrawn = await readJson(await anular(learner.token));
    expect(withdrawn.message).toBe(texts.WITHDRAWN);
    expect(withdrawn.entrega).toMatchObject({
      estado: "borrador",
      entregadaEn: null,
      archivos: [{ nombre: "guía.pdf" }],
    });
    const again = await anular(learner.token);
    expect([again.status, (await readJson(again)).error]).toEqual([409, texts.HANDIN_NOT_HANDED]);

    await prisma.submission.update({
      where: { id: entregaId },
      data: { estado: "devuelta", nota: 55, comentario: "Bien hecho.", devueltaEn: new Date() },
    });
    const locked = await handInJson(tarea.id, learner.token, [["texto", "Cambio"]]);
    expect([locked.status, locked.body.error]).toEqual([409, texts.HANDIN_RETURNED]);
    const [archivoId] = (await prisma.submissionFile.findMany({ where: { entregaId } })).map((f) => f.id);
    const remove = await archivoApi.action(
      args(
        jsonRequest(`/api/entregas/${entregaId}/archivos/${archivoId}`, {}, { method: "DELETE", token: learner.token }),
        {
          entregaId,
          archivoId: archivoId!,
        },
      ),
    );
    expect(remove.status).toBe(409);
    expect((await anular(learner.token)).status).toBe(409);
    const own = await entregasApi.loader(
      args(jsonRequest(`/api/tareas/${tarea.id}/entregas`, {}, { method: "GET", token: learner.token }), {
        tareaId: tarea.id,
      }),
    );
    expect((await readJson(own)).entrega).toMatchObject({
      estadoMostrado: "devuelta",
      nota: 5.5,
      comentario: "Bien hecho.",
    });
  });

  it("removes a file: its row and its stored copy", async () => {
    const tarea = await createTarea(course.id);
    const sent = await handInJson(tarea.id, learner.token, [
      ["archivos", PDF],
      ["archivos", PDF],
    ]);
    const entregaId = sent.body.entrega.id;
    const [first] = await prisma.submissionFile.findMany({ where: { entregaId }, orderBy: { posicion: "asc" } });
    const response = await archivoApi.action(
      args(
        jsonRequest(`/api/entregas/${entregaId}/archivos/${first!.id}`, {}, { method: "DELETE", token: learner.token }),
        {
          entregaId,
          archivoId: first!.id,
        },
      ),
    );
    expect(response.status).toBe(200);
    expect(((await readJson(response)).entrega as Entrega).archivos).toHaveLength(1);
    expect(await readStoredBytes(first!.storageKey)).toBeNull();
  });

  it("makes one hand-in of two first saves at once", async () => {
    const tarea = await createTarea(course.id);
    const [a, b] = await Promise.all([
      handInJson(tarea.id, learner.token, [["archivos", PDF]]),
      handInJson(tarea.id, learner.token, [["archivos", PDF]]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await prisma.submission.findMany({ where: { tareaId: tarea.id }, include: { archivos: true } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.archivos).toHaveLength(2);
  });
});

describe("who sees a hand-in", () => {
  it("its files open for its author and the team; another learner, another class and outsiders get 404", async () => {
    const tarea = await createTarea(course.id);
    const sent = await handInJson(tarea.id, learner.token, [
      ["archivos", PDF],
      ["entregar", "true"],
    ]);
    const url = sent.body.entrega.archivos[0]!.url;
    const own = await getFile(url, learner.cookie);
    expect([own.status, own.headers.get("Content-Type")]).toEqual([200, "application/pdf"]);
    expect((await getFile(url, teacher.cookie)).status).toBe(200);
    const classmate = await enrolled();
    expect((await getFile(url, classmate.cookie)).status).toBe(404);
    expect((await getFile(url, (await signedIn("docente")).cookie)).status).toBe(404);

    // Another's hand-in cannot be withdrawn or changed.
    const entregaId = sent.body.entrega.id;
    const theirs = await anularApi.action(
      args(jsonRequest(`/api/entregas/${entregaId}/anular`, {}, { token: classmate.token }), { entregaId }),
    );
    expect(theirs.status).toBe(404);
    const team = await anularApi.action(
      args(jsonRequest(`/api/entregas/${entregaId}/anular`, {}, { token: teacher.token }), { entregaId }),
    );
    expect([team.status, (await readJson(team)).error]).toEqual([403, texts.HANDIN_TEAM]);
    expect((await handIn(tarea.id, teacher.token, [["texto", "x"]])).status).toBe(403);

    // A tarea of another class reads as unknown to a learner of no such class.
    const clase = await prisma.courseClass.create({ data: { cursoId: course.id, nombre: "3°B", codigo: "HANDIN3B" } });
    const forClass = await createTarea(course.id, { todasLasClases: false, clases: { create: { claseId: clase.id } } });
    const refused = await handInJson(forClass.id, learner.token, [["texto", "x"]]);
    expect([refused.status, refused.body.error]).toEqual([404, TAREA_NOT_FOUND]);
    expect(await prisma.submission.count({ where: { tareaId: forClass.id } })).toBe(0);
  });

  it("the team lists the handed-in ones, oldest first; a learner gets only their own", async () => {
    const tarea = await createTarea(course.id);
    const [a, b, c] = [await enrolled(), await enrolled(), await enrolled()];
    await createEntrega(tarea, a.user.id, { entregadaEn: new Date(Date.now() - 1000) });
    await createEntrega(tarea, b.user.id, { entregadaEn: new Date(Date.now() - 5000) });
    await createEntrega(tarea, c.user.id, { estado: "borrador", entregadaEn: null });
    const get = (token: string) =>
      entregasApi.loader(
        args(jsonRequest(`/api/tareas/${tarea.id}/entregas`, {}, { method: "GET", token }), { tareaId: tarea.id }),
      );
    const list = await readJson(await get(teacher.token));
    expect(
      (list.entregas as Entrega[]).map((e) => (e as unknown as { estudiante: { id: string } }).estudiante.id),
    ).toEqual([b.user.id, a.user.id]);
    expect(list.total).toBe(2);
    const own = await readJson(await get(c.token));
    expect(own.entrega).toMatchObject({ estado: "borrador", texto: "Mi respuesta." });
    const none = await readJson(await get((await enrolled()).token));
    expect(none.entrega).toBeNull();
  });
});

describe("the tarea's page without JavaScript", () => {
  it("hands in with a plain multipart POST and withdraws with a form", async () => {
    const tarea = await createTarea(course.id, { instrucciones: "Lee https://ejemplo.cl/guia" });
    const params = { cursoId: course.id, tareaId: tarea.id };
    const here = `/cursos/${course.id}/tareas/${tarea.id}`;
    const before = await page.loader(args(getRequest(here, learner.cookie), params));
    expect([before.team, before.estado, before.entrega]).toEqual([false, "asignada", null]);

    const posted = (await page.action(
      args(
        multipartRequest(
          here,
          [
            ["texto", "Desde el teléfono"],
            ["archivos", { bytes: await phonePhoto(), name: "foto.jpg", type: "image/jpeg" }],
            ["entregar", "true"],
          ],
          {
            cookie: learner.cookie,
          },
        ),
        params,
      ),
    )) as Response;
    expect(posted.status).toBe(302);
    expect((await flashOf(posted))?.message).toBe(texts.HANDED_IN);
    const after = await page.loader(args(getRequest(here, learner.cookie), params));
    expect(after.estado).toBe("entregada");
    expect(after.entrega?.archivos).toHaveLength(1);

    const refused = await page.action(
      args(
        multipartRequest(
          here,
          [
            ["texto", "Lo que escribí"],
            ["archivos", { bytes: new TextEncoder().encode("hola"), name: "x.pdf" }],
          ],
          { cookie: learner.cookie },
        ),
        params,
      ),
    );
    const { data, status } = dataOf<{ error: string; texto: string }>(refused);
    expect([status, data.error, data.texto]).toEqual([400, texts.HANDIN_FILE_TYPES, "Lo que escribí"]);

    const withdrawn = (await page.action(
      args(formRequest(here, { intent: "anular", entregaId: after.entrega!.id }, { cookie: learner.cookie }), params),
    )) as Response;
    expect((await flashOf(withdrawn))?.message).toBe(texts.WITHDRAWN);

    const team = await page.loader(args(getRequest(here, teacher.cookie), params));
    expect([team.team, team.entrega]).toEqual([true, null]);
    const wrongCourse = await createCourse({ dirigidoA: "estudiante" });
    await expect(
      page.loader(args(getRequest(here, learner.cookie), { ...params, cursoId: wrongCourse.id })),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
