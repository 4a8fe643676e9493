// A multipart/form-data body read as it arrives (busboy), each file handed over as a stream, with
// backpressure and a total limit; a refused body is still drained (up to a bound) so a proxy in
// front is not cut off mid-request and the client gets the answer.
import { once } from "node:events";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";

/** Why a body was refused; the caller turns it into its own message. */
export type MultipartFailure = "malformed" | "total-too-large" | "file-too-large" | "too-many-parts";

export class MultipartError extends Error {
  /** The text fields read before the failure (those sent before the offending part). */
  form?: FormData;
  readonly reason: MultipartFailure;
  constructor(reason: MultipartFailure) {
    super(`multipart: ${reason}`);
    this.reason = reason;
    this.name = "MultipartError";
  }
}

export type MultipartLimits = {
  /** Bytes of one file: past it the file's stream errors with `file-too-large`. */
  maxFileBytes: number;
  /** Bytes of the whole body. */
  maxTotalBytes: number;
  /** File parts. */
  maxFiles: number;
  /** All parts. */
  maxParts: number;
  /** Bytes of one text field. */
  maxFieldBytes: number;
  /** Bytes of one part's headers. */
  maxHeaderBytes: number;
  /** Bytes of a refused body still read (and dropped) before giving up on it; default 64 MiB. */
  drainBytes?: number;
};

export type IncomingFile = {
  field: string;
  /** The name the browser sent (base name only): for display, never part of a path. */
  filename: string;
  /**
   * The part's bytes as they arrive. Errors with `MultipartError("file-too-large")` past the
   * limit. What the handler does not read is discarded once it returns (or cancels).
   */
  stream: ReadableStream<Uint8Array>;
};

const DEFAULT_DRAIN_BYTES = 64 * 1024 * 1024;

/** A busboy file stream as a web stream with a size limit; `discard()` drops what is left. */
function adaptFile(file: BusboyFileStream, maxBytes: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let state: "open" | "done" | "dropping" = "open";
  let size = 0;
  const fail = (error: Error) => {
    if (state === "open") controller.error(error);
    state = "dropping";
    file.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: () => {
        file.resume();
      },
      cancel: () => {
        state = "dropping";
        file.resume();
      },
    },
    { highWaterMark: 4 },
  );
  file.on("data", (chunk: Buffer) => {
    if (state !== "open") return;
    size += chunk.byteLength;
    if (size > maxBytes) return fail(new MultipartError("file-too-large"));
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) file.pause();
  });
  file.on("error", () => fail(new MultipartError("malformed")));
  file.on("end", () => {
    if (state === "open") controller.close();
    state = "done";
  });
  return { stream, abort: fail, discard: () => fail(new MultipartError("malformed")) };
}

/**
 * Reads a multipart/form-data request: resolves with its text fields once every file handler
 * has finished; rejects with a `MultipartError` for a refused body, or with the first error a
 * handler threw. Handlers run one at a time, in the order of the parts.
 */
export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
  onFile: (file: IncomingFile) => Promise<void>,
): Promise<FormData> {
  const form = new FormData();
  let failure: unknown = null;
  const active = new Set<ReturnType<typeof adaptFile>>();
  const tasks: Promise<void>[] = [];
  const refuse = (error: unknown) => {
    failure ??= error;
    for (const file of active) file.abort(error instanceof Error ? error : new MultipartError("malformed"));
  };

  let parser: Busboy | null = null;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: {
        files: limits.maxFiles,
        parts: limits.maxParts,
        fields: limits.maxParts,
        fieldSize: limits.maxFieldBytes,
        headerSize: limits.maxHeaderBytes,
      },
    });
  } catch {
    refuse(new MultipartError("malformed")); // no boundary, or not multipart at all
  }

  let parserDone: Promise<void> = Promise.resolve();
  if (parser) {
    const p = parser;
    parserDone = new Promise<void>((resolve) => {
      p.on("finish", resolve);
      p.on("close", resolve); // destroyed after a refusal
      p.on("error", () => {
        refuse(new MultipartError("malformed"));
        resolve();
      });
    });
    p.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) refuse(new MultipartError("total-too-large"));
      else form.append(name, value); // kept after a refused file too: the form comes back filled
    });
    p.on("file", (field, stream, filename) => {
      const file = adaptFile(stream, limits.maxFileBytes);
      if (failure) return file.discard();
      active.add(file);
      // The previous part has ended before this one starts: handlers never overlap in the body.
      tasks.push(
        onFile({ field, filename, stream: file.stream })
          .catch(refuse)
          .finally(() => {
            file.discard();
            active.delete(file);
          }),
      );
    });
    const tooMany = () => refuse(new MultipartError("too-many-parts"));
    p.on("filesLimit", tooMany);
    p.on("partsLimit", tooMany);
    p.on("fieldsLimit", tooMany);
  }

  await feed(request, limits, parser, refuse, () => failure);
  await parserDone;
  await Promise.allSettled(tasks);
  if (failure) {
    if (failure instanceof MultipartError) failure.form = form;
    throw failure;
  }
  return form;
}

/**
 * Streams the body into the parser (with its backpressure); once the body is refused as a whole,
 * stops parsing and reads and drops the rest, up to a bound.
 */
async function feed(
  request: Request,
  limits: MultipartLimits,
  parser: Busboy | null,
  refuse: (error: unknown) => void,
  failed: () => unknown,
) {
  const drainLimit = limits.drainBytes ?? DEFAULT_DRAIN_BYTES;
  let total = 0;
  let dropped = 0;
  try {
    for await (const chunk of request.body!) {
      total += chunk.byteLength;
      if (total > limits.maxTotalBytes) refuse(new MultipartError("total-too-large"));
      const reason = failed();
      if (reason instanceof MultipartError && !["file-too-large", "too-many-parts"].includes(reason.reason)) {
        parser?.destroy(); // refused as a whole: stop parsing, keep reading so the answer arrives
      }
      if (!parser?.writable) {
        if ((dropped += chunk.byteLength) > drainLimit) return; // cancels the body
      } else if (!parser.write(chunk)) {
        await once(parser, "drain").catch(() => {}); // a parser error is a refusal (readMultipart)
      }
    }
    if (parser?.writable) parser.end();
  } catch {
    // No body, or the client went away mid-body.
    refuse(new MultipartError("malformed"));
    parser?.destroy();
  }
}

/**
 * Reads and drops a request body that will not be used (up to `maxBytes`), so that the answer
 * reaches a client or proxy still sending it.
 */
export async function drainBody(request: Request, maxBytes = DEFAULT_DRAIN_BYTES) {
  let read = 0;
  try {
    for await (const chunk of request.body ?? []) if ((read += chunk.byteLength) > maxBytes) return; // cancels it
  } catch {
    // the client went away: nothing left to drain
  }
}
