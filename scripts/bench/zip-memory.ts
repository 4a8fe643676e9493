// `node --expose-gc scripts/bench/zip-memory.ts [module]`: memory of a streamed ZIP
// (docs/decisions/015-streamed-zip-export.md). Writes an archive the size of a long history,
// 100 000 JSON items of about 300 bytes and 40 files of 2 MB read through one reused 64 KiB
// buffer (as readStoredChunks reads the disk), reading the archive chunk by chunk and throwing
// it away. Reports the live heap and resident memory after each tenth of the archive, against
// before: a streamed archive keeps both flat, one held in memory grows with it. `module` is
// the writer to measure (app/lib/zip.server.ts by default), for comparing two versions;
// ZIP_MEMORY_SCALE multiplies the archive (1 by default), to see that the figures do not grow with it.
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Zip from "../../app/lib/zip.server.ts";

const modulePath = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../../app/lib/zip.server.ts"));
const { zipStream } = (await import(pathToFileURL(modulePath).href)) as typeof Zip;

const MB = 1024 * 1024;
const SCALE = Number(process.env.ZIP_MEMORY_SCALE ?? 1);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Ejecuta con node --expose-gc.");

function memory() {
  gc!();
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, arrayBuffers, rss };
}

async function* items(count: number) {
  yield "[\n";
  for (let i = 0; i < count; i++) {
    const item = {
      id: crypto.randomUUID(),
      asunto: `Mensaje ${i}`,
      cuerpo: "Hola, ñandú. ".repeat(16),
      enviadoEn: new Date(i * 1000),
    };
    yield `${i > 0 ? ",\n" : ""}${JSON.stringify(item)}`;
  }
  yield "\n]\n";
}

async function* file(bytes: number) {
  const buffer = Buffer.alloc(64 * 1024);
  for (let at = 0; at < bytes; at += buffer.length) {
    crypto.randomFillSync(buffer);
    yield buffer.subarray(0, Math.min(buffer.length, bytes - at));
  }
}

function* entries() {
  yield { name: "mensajes.json", data: items(100_000 * SCALE) };
  for (let i = 0; i < 40 * SCALE; i++) yield { name: `certificados/${i}.pdf`, data: file(2 * MB), compressed: true };
}

const before = memory();
const started = performance.now();
let size = 0;
let nextReport = 10 * MB;
let peakHeap = 0;
let peakBuffers = 0;
let peakRss = 0;
for await (const chunk of zipStream(entries())) {
  size += chunk.length;
  if (size >= nextReport) {
    const now = memory();
    peakHeap = Math.max(peakHeap, now.heapUsed - before.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers - before.arrayBuffers);
    peakRss = Math.max(peakRss, now.rss - before.rss);
    nextReport += 10 * MB;
  }
}
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
console.log(
  `${path.relative(process.cwd(), modulePath)}: archivo de ${mb(size)} en ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `montón vivo +${mb(peakHeap)}, búferes +${mb(peakBuffers)}, memoria residente +${mb(peakRss)} como máximo.`,
);
