// A ZIP archive written while it is read (docs/decisions/015-streamed-zip-export.md), by `yazl`:
// each entry is deflated by node:zlib as its bytes come, with its CRC and sizes in a data
// descriptor after its data, so nothing about an entry is known, or held, before its first bytes
// go out. The next entry is asked for only once the previous one's data is read to its end.
import { once } from "node:events";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import yazl from "yazl";
import { contentDisposition } from "./serve-file.server.ts";

export type ZipEntry = {
  /** The path inside the archive ("certificados/ABC.pdf"), "/"-separated. */
  name: string;
  /**
   * The bytes, chunk by chunk (strings as UTF-8). A producer may reuse a chunk's buffer once the
   * next chunk is asked for: each chunk is copied as it is read.
   */
  data: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> | Uint8Array | string;
  /** Content that is compressed already (PDF, JPEG…): deflated at the fastest level. */
  compressed?: boolean;
};

/**
 * The archive's bytes, entry by entry, as they are read: memory holds a chunk or two of the
 * current entry, its compressed output, and a central directory record per entry. `modifiedAt` is
 * every entry's date, as the wall clock of `timeZone` (ZIP dates have no zone).
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  { modifiedAt = new Date(), timeZone = "America/Santiago" }: { modifiedAt?: Date; timeZone?: string } = {},
): AsyncGenerator<Uint8Array> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  const mtime = wallClock(modifiedAt, timeZone);
  let current: Readable | null = null;
  let stopped = false;

  const feeding = (async () => {
    for await (const entry of entries) {
      if (stopped) return;
      const data = Readable.from(copiedChunks(entry.data), { highWaterMark: 1 });
      current = data;
      // Settles when the entry is read to its end, fails if it fails or is closed early.
      const read = finished(data);
      let handOver: Readable | null = data;
      zip.addReadStreamLazy(
        entry.name,
        // Dates in the DOS fields only, read as local time: `mtime` holds the zone's wall clock.
        { mtime, mode: 0o100644, forceDosTimestamp: true, compressionLevel: entry.compressed ? 1 : 6 },
        (callback) => {
          // yazl keeps this function with the entry until the archive ends: it must not keep the
          // source (and the buffer a producer reuses) alive after it is read.
          const stream = handOver!;
          handOver = null;
          callback(null, stream);
        },
      );
      await read;
      current = null;
    }
    zip.end();
  })().catch((error: unknown) => {
    output.destroy(error as Error);
  });

  try {
    for await (const chunk of output) yield chunk as Buffer;
  } finally {
    // The reader went away (or an entry failed): close the entry being read and the source of
    // entries, so that no query or open file outlives the download.
    stopped = true;
    const open = current as Readable | null;
    if (open && !open.destroyed) {
      open.destroy();
      await once(open, "close").catch(() => undefined);
    }
    await feeding;
    output.destroy();
  }
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

async function* copiedChunks(data: ZipEntry["data"]): AsyncGenerator<Buffer> {
  if (typeof data === "string" || data instanceof Uint8Array) data = [data];
  for await (const chunk of data) {
    if (chunk.length > 0) yield typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
  }
}

/**
 * A Date whose local-time fields are the wall clock of `timeZone` at `at` (yazl writes a DOS date
 * from the local fields), within the years a ZIP date can hold.
 */
function wallClock(at: Date, timeZone: string): Date {
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
  return new Date(year, part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}
