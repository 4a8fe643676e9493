// `npm run bench:handin` (and part of `npm run bench:timings`): the upload memory budget of hand-ins
// (docs/product.md#handing-in): ten learners each hand in a 10 MB phone photo at the same moment,
// through POST /api/tareas/{tareaId}/entregas in this process; the photos are streamed to storage,
// then reduced by sharp one at a time. Reports how much this process's resident memory rose at its
// peak (VmHWM, reset first through clear_refs) over its resident memory before, against 60 MB.
import fs from "node:fs";
import sharp from "sharp";
import { expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import * as entregasApi from "~/routes/api/tareas.entregas.ts";
import { args, createCourse, createTarea, signedIn } from "../../../tests/factories.ts";

const MB = 1024 * 1024;
const BUDGET = 60 * MB;
const COUNT = 10;

function status(field: "VmRSS" | "VmHWM") {
  const line = fs
    .readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? 0) * 1024;
}

/** A multipart request whose photo is streamed from one shared buffer in 64 KiB slices (no copy). */
function photoRequest(tareaId: string, token: string, photo: Uint8Array) {
  const boundary = `----entrega${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="entregar"\r\n\r\ntrue\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="archivos"; filename="foto.jpg"\r\n` +
      "Content-Type: image/jpeg\r\n\r\n",
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  let offset = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset < 0) {
        controller.enqueue(head);
        offset = 0;
      } else if (offset < photo.byteLength) {
        controller.enqueue(photo.subarray(offset, Math.min(photo.byteLength, offset + 64 * 1024)));
        offset += 64 * 1024;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  const request = new Request(`http://localhost:3000/api/tareas/${tareaId}/entregas`, {
    method: "POST",
    body,
    duplex: "half",
    headers: {
      Host: "localhost:3000",
      Authorization: `Bearer ${token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
  } as RequestInit);
  return entregasApi.action(args(request, { tareaId }));
}

it(`ten 10 MB photos handed in at once stay within ${BUDGET / MB} MB of extra memory`, async () => {
  const course = await createCourse({ dirigidoA: "estudiante" });
  const tarea = await createTarea(course.id);
  const learners = [];
  for (let i = 0; i <= COUNT; i++) {
    const learner = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: learner.user.id, cursoId: course.id } });
    learners.push(learner);
  }
  // A 12-megapixel photo of noise (which hardly compresses): about 10 MB, as a phone's best quality,
  // held sideways as a phone stores a portrait (EXIF orientation 6: turned upright on the server).
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 94 })
    .toBuffer();
  // One hand-in first, so code paths and pools are warm and not counted as the hand-ins' cost.
  expect((await photoRequest(tarea.id, learners[COUNT]!.token, photo)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 500));

  fs.writeFileSync("/proc/self/clear_refs", "5"); // resets the peak (VmHWM) to the current RSS
  const before = status("VmRSS");
  const started = performance.now();
  const answers = await Promise.all(learners.slice(0, COUNT).map((l) => photoRequest(tarea.id, l.token, photo)));
  const seconds = (performance.now() - started) / 1000;
  const peak = status("VmHWM");
  const rise = Math.max(0, peak - before);

  expect(answers.map((a) => a.status)).toEqual(Array(COUNT).fill(200));
  const files = await prisma.submissionFile.findMany({ where: { entrega: { tareaId: tarea.id } } });
  expect(files).toHaveLength(COUNT + 1);
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  console.log(
    `Entregas: ${COUNT} fotos de ${mb(photo.byteLength)} a la vez en ${seconds.toFixed(1)} s (guardadas de ` +
      `${mb(Math.max(...files.map((f) => f.tamano)))} como máximo); memoria residente ${mb(before)} → pico ` +
      `${mb(peak)} (+${mb(rise)}; presupuesto +${mb(BUDGET)}): ${rise > BUDGET ? "EXCEDIDO" : "cumplido"}`,
  );
  expect(rise).toBeLessThan(BUDGET);
});
