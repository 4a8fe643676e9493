// Uploads for the whole app (avatars, course images, books): the multipart body is parsed
// while it streams in, with limits (files, bytes per file, bytes in all); each file's type is
// decided by its magic bytes against an allowlist; accepted files are written under a
// server-made key. Any rejection removes what was already written: a refused upload leaves
// no file behind. A malformed body is the client's mistake (400), never a 500.
import { env } from "./env.server.ts";
import { asFailure, fail, FailureError } from "./failure.ts";
import { detectFileKind, MIME, type FileKind } from "./file-types.ts";
import { parseForm } from "./form.server.ts";
import { IMAGE_ONLY, PDF_ONLY, tooLargeMessage } from "./file-types.ts";
import { drainBody, MultipartError, readMultipart, type IncomingFile } from "./multipart.server.ts";
import { deleteStoredLogged, storeStream, type StorageArea } from "./storage.server.ts";

const MB = 1024 * 1024;
/** Room for the text fields and multipart framing on top of the files themselves. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export const MALFORMED_FORM = "Formulario mal formado.";
const TOO_MANY_FILES = "Se enviaron demasiados archivos.";

export type StoredUpload = {
  /** The form field the file came in. */
  field: string;
  /** Server-made storage key ("avatars/<uuid>.png"). */
  key: string;
  kind: FileKind;
  contentType: string;
  size: number;
  /** The name the browser sent: for display only, never part of a path. */
  originalName: string;
};

export type UploadResult = {
  /** The text fields (file fields never appear here, even if sent as text). */
  form: FormData;
  /** Accepted files by field name (the first one when a field may carry several). */
  files: Map<string, StoredUpload>;
  /** Every accepted file, in the order received. */
  all: StoredUpload[];
};

/** Limits of one kind of file field, when a form mixes kinds (a course: image + PDFs). */
type FieldRule = Pick<UploadOptions, "kinds" | "maxFileBytes" | "tooLargeMessage" | "wrongTypeMessage">;

export type UploadOptions = {
  area: StorageArea;
  /** Fields that may carry a file (names or patterns); files in any other field are ignored (and not stored). */
  fileFields: readonly (string | RegExp)[];
  /** Several files in one field (a module's PDFs); default one per field. */
  multiple?: boolean;
  /** Per-field limits that override kinds/maxFileBytes/messages (the parser's cap is the largest). */
  fieldRule?: (field: string) => FieldRule | undefined;
  /** Allowed types (magic bytes). */
  kinds: readonly FileKind[];
  /** Per-file limit in bytes: the real limit, enforced while streaming. */
  maxFileBytes: number;
  /** Default: one per file field. */
  maxFiles?: number;
  /** Default: maxFiles × maxFileBytes + 256 KiB. */
  maxTotalBytes?: number;
  /** 413 message. Default "El archivo supera el máximo de N MB." */
  tooLargeMessage?: string;
  /** 400 message for a type outside the allowlist. */
  wrongTypeMessage?: string;
};

/** A refused upload: a Failure (400/413, the file field), thrown; `form` holds the text fields read so far. */
export class UploadError extends FailureError {
  readonly form?: FormData;
  constructor(status: number, message: string, field?: string, form?: FormData) {
    super(fail(status, message, { field }));
    this.name = "UploadError";
    this.form = form;
  }
  get field() {
    return this.failure.field;
  }
}

export function megabytes(bytes: number) {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1).replace(".", ",");
}

const KIND_LABEL: Record<FileKind, string> = { pdf: "PDF", jpeg: "JPEG", png: "PNG", webp: "WebP" };

function listKinds(kinds: readonly FileKind[]) {
  const labels = kinds.map((k) => KIND_LABEL[k]);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} o ${labels.at(-1)}`;
}

export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}

function matchesField(fields: readonly (string | RegExp)[], name: string) {
  return fields.some((f) => (typeof f === "string" ? f === name : f.test(name)));
}

function dropFileFields(form: FormData, fields: readonly (string | RegExp)[]) {
  for (const name of new Set(form.keys())) if (matchesField(fields, name)) form.delete(name);
}

/**
 * Parses a form that may carry files. Multipart bodies stream through the limits; any other
 * body falls back to `readForm` (no files). Throws `UploadError` on a refused upload.
 */
export async function parseUpload(request: Request, opts: UploadOptions): Promise<UploadResult> {
  const maxFiles = opts.maxFiles ?? Math.max(1, opts.fileFields.length);
  const maxFileBytes = Math.max(
    opts.maxFileBytes,
    ...opts.fileFields.map((f) => (typeof f === "string" ? (opts.fieldRule?.(f)?.maxFileBytes ?? 0) : 0)),
  );
  const maxTotalBytes = opts.maxTotalBytes ?? maxFiles * maxFileBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = opts.tooLargeMessage ?? `El archivo supera el máximo de ${megabytes(opts.maxFileBytes)} MB.`;
  const wrongType = opts.wrongTypeMessage ?? `El archivo debe ser ${listKinds(opts.kinds)}.`;

  // Only the exact form browsers send: other multipart variants (or casings) would slip past
  // the streaming parser into an unbounded request.formData().
  const contentType = request.headers.get("Content-Type") ?? "";
  if (/^multipart\//i.test(contentType) && !contentType.startsWith("multipart/form-data")) {
    throw new UploadError(400, MALFORMED_FORM);
  }
  if (!isMultipart(request)) {
    let form: FormData;
    try {
      form = await parseForm(request);
    } catch (error) {
      const failure = asFailure(error);
      if (!failure) throw error;
      throw new UploadError(failure.status, failure.message);
    }
    dropFileFields(form, opts.fileFields);
    return { form, files: new Map(), all: [] };
  }

  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > maxTotalBytes) {
    // Refused by its declared length: nothing is stored, but the body is read to its end (a
    // proxy still sending it would otherwise answer 502) and its text fields come back with the
    // error, so the person finds the title and description they typed.
    const form = await textFieldsOnly(request, length);
    if (form) dropFileFields(form, opts.fileFields);
    const field = opts.fileFields.find((f): f is string => typeof f === "string");
    throw new UploadError(413, tooLarge, field, form);
  }

  const stored: StoredUpload[] = [];
  // Each file's place in the body: a file's store may finish after the next one's.
  const places = new Map<StoredUpload, number>();
  let received = 0;
  let rejected: UploadError | null = null;

  const onFile = async (file: IncomingFile) => {
    const field = file.field;
    if (!matchesField(opts.fileFields, field) || rejected) return; // the rest is dropped unread
    const rule = opts.fieldRule?.(field);
    const { head, stream } = await peek(file.stream, 16);
    // An empty file input still sends a part (no name, no bytes): nothing was chosen.
    if (head.byteLength === 0) return;
    const kind = detectFileKind(head);
    const kinds = rule?.kinds ?? opts.kinds;
    if (!kind || !kinds.includes(kind)) {
      // Keep reading (the text fields after it are kept for the form), store nothing more.
      rejected = new UploadError(
        400,
        rule ? (rule.wrongTypeMessage ?? `El archivo debe ser ${listKinds(kinds)}.`) : wrongType,
        field,
      );
      return;
    }
    if (!opts.multiple && stored.some((s) => s.field === field)) {
      rejected = new UploadError(400, TOO_MANY_FILES, field);
      return;
    }
    const limit = rule?.maxFileBytes ?? opts.maxFileBytes;
    const place = received++;
    try {
      const { key, size } = await storeStream(opts.area, kind, capped(stream, limit));
      const entry = { field, key, kind, contentType: MIME[kind], size, originalName: file.filename };
      stored.push(entry);
      places.set(entry, place);
    } catch (error) {
      if (!(error instanceof MultipartError) || error.reason !== "file-too-large") throw error;
      const message = rule
        ? (rule.tooLargeMessage ?? `El archivo supera el máximo de ${megabytes(rule.maxFileBytes)} MB.`)
        : tooLarge;
      rejected = new UploadError(413, message, field);
    }
  };

  let form: FormData;
  try {
    form = await readMultipart(request, { ...PART_LIMITS, maxFiles, maxFileBytes, maxTotalBytes }, onFile);
  } catch (error) {
    await discard(stored);
    throw toUploadError(error, tooLarge, opts.fileFields);
  }
  dropFileFields(form, opts.fileFields);
  if (rejected) {
    await discard(stored);
    const r = rejected as UploadError;
    throw new UploadError(r.status, r.message, r.field, form);
  }
  stored.sort((a, b) => places.get(a)! - places.get(b)!);
  const files = new Map<string, StoredUpload>();
  for (const s of stored) if (!files.has(s.field)) files.set(s.field, s);
  return { form, files, all: stored };
}

const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const PART_LIMITS = { maxParts: 100, maxFieldBytes: FORM_OVERHEAD_BYTES, maxHeaderBytes: 8 * 1024 };

/** The text fields of a body whose files are dropped unread (up to 64 MiB, else just drained). */
async function textFieldsOnly(request: Request, declared: number): Promise<FormData | undefined> {
  if (declared > DRAIN_LIMIT_BYTES) {
    await drainBody(request);
    return undefined;
  }
  try {
    return await readMultipart(
      request,
      { ...PART_LIMITS, maxFiles: 100, maxFileBytes: DRAIN_LIMIT_BYTES, maxTotalBytes: DRAIN_LIMIT_BYTES },
      async () => {}, // every file part is read and dropped
    );
  } catch (error) {
    return error instanceof MultipartError ? error.form : undefined;
  }
}

/** The first `n` bytes of a stream (fewer if it is shorter), and the whole stream again. */
async function peek(source: ReadableStream<Uint8Array>, n: number) {
  const reader = source.getReader();
  const chunks: Uint8Array[] = [];
  let have = 0;
  let done = false;
  while (have < n && !done) {
    const next = await reader.read();
    done = next.done;
    if (next.value) {
      chunks.push(next.value);
      have += next.value.byteLength;
    }
  }
  const head = Buffer.concat(chunks, Math.min(have, n));
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const next = chunks.shift() ?? (done ? undefined : (await reader.read()).value);
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream };
}

/** The stream, failing with `file-too-large` once it passes `limit` bytes. */
function capped(source: ReadableStream<Uint8Array>, limit: number) {
  let size = 0;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new MultipartError("file-too-large"));
        else controller.enqueue(chunk);
      },
    }),
  );
}

// A refused body: the text fields sent before the offending part come back with the message.
function toUploadError(error: unknown, tooLarge: string, fileFields: readonly (string | RegExp)[]): unknown {
  if (!(error instanceof MultipartError)) return error; // disk full, bucket down…: a real server error
  const form = error.form;
  if (form) dropFileFields(form, fileFields);
  switch (error.reason) {
    case "total-too-large":
    case "file-too-large":
      return new UploadError(413, tooLarge, undefined, form);
    case "too-many-parts":
      return new UploadError(400, TOO_MANY_FILES, undefined, form);
    default:
      return new UploadError(400, MALFORMED_FORM);
  }
}

/**
 * Runs the handler with the files a request stored and keeps them only when it returns a success:
 * a Failure returned or anything thrown removes every file first, whatever branch forgot to.
 */
export async function withUpload<
  F extends StoredUpload | readonly StoredUpload[] | null | undefined,
  R extends { ok: boolean },
>(files: F, run: (files: F) => Promise<R>): Promise<R> {
  const stored: StoredUpload[] = !files ? [] : Array.isArray(files) ? [...files] : [files as StoredUpload];
  let result: R;
  try {
    result = await run(files);
  } catch (error) {
    await discard(stored);
    throw error;
  }
  if (!result.ok) await discard(stored);
  return result;
}

/** Removes files stored by a request that did not go through (a failure is logged and counted). */
export async function discard(files: Iterable<StoredUpload> | StoredUpload[]) {
  await Promise.all([...files].map((f) => deleteStoredLogged(f.key)));
}

/** The app's image upload (avatars, course images): JPEG/PNG/WebP up to MAX_IMAGE_MB. */
export function imageUploadOptions(area: StorageArea, fileFields: readonly string[]): UploadOptions {
  const maxFileBytes = Math.floor(env().MAX_IMAGE_MB * MB);
  return {
    area,
    fileFields,
    kinds: ["jpeg", "png", "webp"],
    maxFileBytes,
    tooLargeMessage: tooLargeMessage("image", megabytes(maxFileBytes)),
    wrongTypeMessage: IMAGE_ONLY,
  };
}

/** The app's PDF upload (books, module files): up to MAX_PDF_MB. */
export function pdfUploadOptions(area: StorageArea, fileFields: readonly string[]): UploadOptions {
  const maxFileBytes = Math.floor(env().MAX_PDF_MB * MB);
  return {
    area,
    fileFields,
    kinds: ["pdf"],
    maxFileBytes,
    tooLargeMessage: tooLargeMessage("pdf", megabytes(maxFileBytes)),
    wrongTypeMessage: PDF_ONLY,
  };
}
