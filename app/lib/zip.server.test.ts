// The streamed ZIP archive (docs/decisions/015-streamed-zip-export.md), checked by the tools people
// open archives with: Python's zipfile (CRC of every entry) and Info-ZIP's `unzip -t`.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { zipResponse, zipStream, type ZipEntry } from "./zip.server.ts";

const READ_ZIP = `
import base64, io, json, sys, zipfile
archive = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
print(json.dumps({
    "bad": archive.testzip(),
    "entries": [[i.filename, i.compress_type, i.date_time, base64.b64encode(archive.read(i)).decode()]
                for i in archive.infolist()],
}))
`;

async function archiveOf(entries: ZipEntry[] | AsyncIterable<ZipEntry>, modifiedAt?: Date) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipStream(entries, { modifiedAt })) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function unzipTest(bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-"));
  try {
    fs.writeFileSync(path.join(dir, "a.zip"), bytes);
    return execFileSync("unzip", ["-t", path.join(dir, "a.zip")]).toString();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function readWithPython(bytes: Buffer) {
  const out = JSON.parse(
    execFileSync("python3", ["-c", READ_ZIP], { input: bytes, maxBuffer: 64 * 1024 * 1024 }).toString(),
  ) as { bad: string | null; entries: Array<[string, number, number[], string]> };
  return {
    bad: out.bad,
    entries: out.entries.map(([name, method, date, b64]) => ({ name, method, date, data: Buffer.from(b64, "base64") })),
  };
}

/** Like readStoredChunks on the local disk: one buffer, refilled for every chunk. */
async function* reusedBuffer(source: Buffer, size: number) {
  const buffer = Buffer.alloc(size);
  for (let at = 0; at < source.length; at += size) {
    const n = source.copy(buffer, 0, at, Math.min(at + size, source.length));
    yield buffer.subarray(0, n);
  }
}

describe("a streamed ZIP archive", () => {
  it("is read back whole by Python's zipfile and `unzip -t`: names, bytes, CRCs, the date", async () => {
    const random = crypto.randomBytes(700_000);
    const text = Array.from({ length: 5_000 }, (_, i) => `línea ${i}: ñandú\n`);
    const bytes = await archiveOf(
      [
        { name: "LEEME.txt", data: "Hola, ñandú." },
        { name: "vacío.json", data: "" },
        { name: "certificados/A.pdf", data: reusedBuffer(random, 64 * 1024), compressed: true },
        { name: "líneas.txt", data: text },
      ],
      new Date("2026-11-25T15:04:06Z"),
    );
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    expect(unzipTest(bytes)).toMatch(/No errors detected/);
    const read = readWithPython(bytes);
    expect(read.bad).toBeNull();
    expect(read.entries.map((e) => [e.name, e.method])).toEqual([
      ["LEEME.txt", 8],
      ["vacío.json", 8],
      ["certificados/A.pdf", 8],
      ["líneas.txt", 8],
    ]);
    expect(read.entries[0]!.data.toString("utf8")).toBe("Hola, ñandú.");
    expect(read.entries[1]!.data.length).toBe(0);
    // The producer reused its buffer for every chunk: each was compressed before the next was read.
    expect(read.entries[2]!.data.equals(random)).toBe(true);
    expect(read.entries[3]!.data.toString("utf8")).toBe(text.join(""));
    // 12:04:06 in Santiago (UTC-3 in November), to the 2 seconds a ZIP date can hold.
    expect(read.entries[0]!.date).toEqual([2026, 11, 25, 12, 4, 6]);
  });

  it("is a valid empty archive with no entries", async () => {
    const bytes = await archiveOf([]);
    expect(bytes.length).toBe(22);
    expect(readWithPython(bytes).entries).toEqual([]);
  });

  it("stops reading its sources when the reader goes away", async () => {
    let closed = false;
    let produced = 0;
    async function* long() {
      try {
        for (; produced < 1_000; produced++) yield crypto.randomBytes(16 * 1024);
      } finally {
        closed = true;
      }
    }
    const response = zipResponse("x.zip", zipStream([{ name: "largo.bin", data: long() }]));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    // Read ahead only as far as the streams between the source and the reader buffer (a few
    // 16 KiB chunks each), not the 1 000 chunks of the source.
    expect(produced).toBeLessThan(40);
  });

  it("fails, rather than ends or hangs, when a source fails midway", async () => {
    async function* broken() {
      yield crypto.randomBytes(1024);
      throw new Error("disco ilegible");
    }
    await expect(
      archiveOf([
        { name: "a.txt", data: "hola" },
        { name: "roto.bin", data: broken() },
      ]),
    ).rejects.toThrow("disco ilegible");
  });

  it("answers as a download that is never cached or sniffed", () => {
    const response = zipResponse("mis-datos-academia-2026-11-25.zip", zipStream([]));
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/zip",
      "content-disposition": expect.stringMatching(/^attachment; filename="mis-datos-academia-2026-11-25\.zip"/),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
  });
});
