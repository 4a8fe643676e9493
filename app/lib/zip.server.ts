// A ZIP archive written while it is read (docs/decisions/015-streamed-zip-export.md): every entry
// is deflated through node:zlib with its CRC-32 computed on the way in, and its CRC and sizes go
// in a data descriptor after its data (general purpose bit 3), so nothing about an entry has to be
// known, or held, before its first bytes go out. The central directory, one small record per
// entry, closes the archive. No ZIP64: an archive past 4 GiB or 65 535 entries fails loudly (the
// product's exports are far below either).
import { finished } from "node:stream/promises";
import zlib from "node:zlib";
import { contentDisposition } from "./serve-file.server.ts";

export type ZipEntry = {
  /** The path inside the archive ("certificados/ABC.pdf"), "/"-separated. */
  name: string;
  /**
   * The bytes, chunk by chunk (strings as UTF-8). A producer may reuse a chunk's buffer once the
   * next chunk is asked for: each chunk is compressed before the next is read.
   */
  data: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> | Uint8Array | string;
  /** Content that is compressed already (PDF, JPEG…): deflated at the fastest level. */
  compressed?: boolean;
};

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 3: CRC and sizes follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
/** 2.0: deflate and data descriptors. */
const VERSION = 20;
/** Made on Unix, so that the mode below (a plain rw-r--r-- file) applies when unzipped. */
const MADE_BY = (3 << 8) | VERSION;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/**
 * The archive's bytes, entry by entry, as they are produced: memory holds one input chunk and
 * its compressed output, plus a central directory record per entry. `modifiedAt` is every
 * entry's date, as the wall clock of `timeZone` (ZIP dates have no zone).
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  { modifiedAt = new Date(), timeZone = "America/Santiago" }: { modifiedAt?: Date; timeZone?: string } = {},
): AsyncGenerator<Uint8Array> {
  const { date, time } = dosDateTime(modifiedAt, timeZone);
  const directory: Buffer[] = [];
  let offset = 0;
  for await (const entry of entries) {
    if (directory.length === MAX_ENTRIES) throw new Error("El archivo ZIP tendría demasiadas entradas.");
    const name = Buffer.from(entry.name, "utf8");
    const headerAt = offset;
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC-32 and both sizes stay 0 here: they are in the data descriptor.
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    yield local;
    offset += local.length;

    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const level = entry.compressed ? zlib.constants.Z_BEST_SPEED : zlib.constants.Z_DEFAULT_COMPRESSION;
    const seen = (chunk: Uint8Array) => {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
    };
    for await (const out of deflated(chunksOf(entry.data), level, seen)) {
      compressedSize += out.length;
      yield out;
    }
    offset += compressedSize;
    if (size > MAX_32 || compressedSize > MAX_32) throw new Error(`La entrada ${entry.name} supera 4 GiB.`);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressedSize, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    if (offset > MAX_32) throw new Error("El archivo ZIP superaría 4 GiB.");

    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(MADE_BY, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(compressedSize, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    // Extra field, comment, disk number and internal attributes: 0 (30–37).
    record.writeUInt32LE(FILE_ATTRIBUTES, 38);
    record.writeUInt32LE(headerAt, 42);
    name.copy(record, 46);
    directory.push(record);
  }

  const directoryAt = offset;
  let directorySize = 0;
  for (const record of directory) {
    yield record;
    directorySize += record.length;
  }
  if (directoryAt + directorySize > MAX_32) throw new Error("El archivo ZIP superaría 4 GiB.");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(directory.length, 8);
  end.writeUInt16LE(directory.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryAt, 16);
  yield end;
}

/** A download of a streamed archive: attachment, never cached, never sniffed. */
export function zipResponse(filename: string, archive: AsyncIterable<Uint8Array>): Response {
  const iterator = archive[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      // The client went away: stop reading the database and close open files.
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition("attachment", filename),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function* chunksOf(data: ZipEntry["data"]): AsyncGenerator<Uint8Array> {
  if (typeof data === "string" || data instanceof Uint8Array) data = [data];
  for await (const chunk of data) yield typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
}

/**
 * Raw deflate of `input`, each input chunk shown to `seen` and compressed before the next one is
 * read (so its buffer may be reused), the output handed on as it comes.
 */
async function* deflated(
  input: AsyncIterable<Uint8Array>,
  level: number,
  seen: (chunk: Uint8Array) => void,
): AsyncGenerator<Buffer> {
  const deflater = zlib.createDeflateRaw({ level });
  const output: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => output.push(chunk));
  try {
    for await (const chunk of input) {
      if (chunk.length === 0) continue;
      seen(chunk);
      // The callback runs once zlib has consumed the whole chunk.
      await new Promise<void>((resolve, reject) =>
        deflater.write(chunk, (error) => (error ? reject(error) : resolve())),
      );
      while (output.length > 0) yield output.shift()!;
    }
    deflater.end();
    await finished(deflater);
    while (output.length > 0) yield output.shift()!;
  } finally {
    deflater.destroy();
  }
}

/** MS-DOS date and time words of an instant, as the wall clock of a time zone reads it. */
function dosDateTime(at: Date, timeZone: string): { date: number; time: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const year = Math.min(Math.max(part("year"), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | (part("month") << 5) | part("day"),
    time: (part("hour") << 11) | (part("minute") << 5) | Math.floor(part("second") / 2),
  };
}
