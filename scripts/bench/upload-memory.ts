// Memory of concurrent uploads: ten 10 MB books sent at once to
// POST /api/books/upload, with the page count left to the server. Reports how much the
// server's resident memory rose at its peak (VmHWM, reset first through clear_refs) over
// its resident memory before, against the budget of 60 MB for all ten.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { PDFDocument } from "pdf-lib";

const MB = 1024 * 1024;
export const UPLOAD_MEMORY_BUDGET = 60 * MB;

/** The server process listening under `parentPid` (scripts/e2e-server.ts starts it as a child). */
export function serverPid(parentPid: number): number {
  const children = execFileSync("pgrep", ["-P", String(parentPid)], { encoding: "utf8" })
    .trim()
    .split("\n");
  const pid = Number(children[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error("No se encontró el proceso del servidor.");
  return pid;
}

function status(pid: number, field: "VmRSS" | "VmHWM") {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? 0) * 1024;
}

/** A valid one-page PDF of about `bytes` bytes (an attached file of random bytes, which does not compress). */
async function pdfOfSize(bytes: number) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  const filler = new Uint8Array(bytes - 2048);
  for (let i = 0; i < filler.length; i += 65536) {
    crypto.getRandomValues(filler.subarray(i, Math.min(filler.length, i + 65536)));
  }
  await doc.attach(filler, "relleno.bin", { mimeType: "application/octet-stream" });
  return doc.save({ useObjectStreams: false });
}

export async function measureUploadMemory(base: string, token: string, pid: number, count = 10) {
  const pdf = await pdfOfSize(Math.floor(9.5 * MB));
  const send = async (i: number) => {
    const form = new FormData();
    form.append("title", `Libro de carga ${i}`);
    form.append("author", "Bench");
    form.append("description", "Medición de memoria");
    form.append("pdf", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `carga-${i}.pdf`);
    const response = await fetch(`${base}/api/books/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as { book?: { id: string }; error?: string };
    if (!response.ok) throw new Error(`Subida ${i}: ${response.status} ${body.error ?? ""}`);
    return body.book?.id;
  };
  // One upload first, so code paths and pools are warm and not counted as the uploads' cost.
  const warm = await send(-1);
  await new Promise((r) => setTimeout(r, 500));
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets the peak (VmHWM) to the current RSS
  const before = status(pid, "VmRSS");
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const seconds = (performance.now() - started) / 1000;
  const peak = status(pid, "VmHWM");
  for (const id of [warm, ...ids]) {
    if (id) await fetch(`${base}/api/books/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
  }
  return { count, fileBytes: pdf.byteLength, before, peak, rise: Math.max(0, peak - before), seconds };
}
