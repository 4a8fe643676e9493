// Uploads for the whole app (avatars, course images, books): the multipart body is parsed
// while it streams in, with limits (files, bytes per file, bytes in all); each file's type is
// decided by its magic bytes against an allowlist; accepted files are written under a
// server-made key. Any rejection removes what was already written: a refused upload leaves
// no file behind. A malformed body is the client's mistake (400), never a 500.
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { env } from "./env.server.ts";
import { detectFileKind, MIME, type FileKind } from "./file-types.ts";
import { readForm } from "./form.server.ts";
import { PDF_ONLY } from "./file-types.ts";
import { deleteStored, storeBytes, type StorageArea } from "./storage.server.ts";

const MB = 1024 * 1024;
/** Room for the text fields and multipart framing on top of the files themselves. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export const MALFORMED_FORM = "Formulario mal formado.";
export const TOO_MANY_FILES = "Se enviaron demasiados archivos.";

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
export type FieldRule = Pick<UploadOptions, "kinds" | "maxFileBytes" | "tooLargeMessage" | "wrongTypeMessage">;

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

/** A refused upload: status (400/413) and a Spanish message; `form` holds the text fields read so far. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly form?: FormData,
  ) {
    super(message);
    this.name = "UploadError";
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
      form = await readForm(request);
    } catch (error) {
      const e = error as { data?: unknown; init?: { status?: number } | null };
      throw new UploadError(e?.init?.status ?? 400, typeof e?.data === "string" ? e.data : MALFORMED_FORM);
    }
    dropFileFields(form, opts.fileFields);
    return { form, files: new Map(), all: [] };
  }

  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > maxTotalBytes) throw new UploadError(413, tooLarge);

  const stored: StoredUpload[] = [];
  let rejected: UploadError | null = null;

  const handler = async (file: FileUpload) => {
    const field = file.fieldName;
    // An empty file input still sends a part (no name, no bytes): nothing was chosen.
    if (file.size === 0) return null;
    if (!matchesField(opts.fileFields, field) || rejected) return null;
    const rule = opts.fieldRule?.(field);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (rule && bytes.byteLength > rule.maxFileBytes) {
      rejected = new UploadError(
        413,
        rule.tooLargeMessage ?? `El archivo supera el máximo de ${megabytes(rule.maxFileBytes)} MB.`,
        field,
      );
      return null;
    }
    const kind = detectFileKind(bytes.subarray(0, 16));
    const kinds = rule?.kinds ?? opts.kinds;
    if (!kind || !kinds.includes(kind)) {
      // Keep reading (the text fields after it are kept for the form), store nothing more.
      rejected = new UploadError(
        400,
        rule ? (rule.wrongTypeMessage ?? `El archivo debe ser ${listKinds(kinds)}.`) : wrongType,
        field,
      );
      return null;
    }
    if (!opts.multiple && stored.some((s) => s.field === field)) {
      rejected = new UploadError(400, TOO_MANY_FILES, field);
      return null;
    }
    const key = await storeBytes(opts.area, kind, bytes);
    stored.push({ field, key, kind, contentType: MIME[kind], size: bytes.byteLength, originalName: file.name });
    return null;
  };

  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFiles, maxFileSize: maxFileBytes, maxTotalSize: maxTotalBytes, maxParts: 100, maxHeaderSize: 8 * 1024 },
      handler,
    );
  } catch (error) {
    await discard(stored);
    throw toUploadError(error, tooLarge);
  }
  dropFileFields(form, opts.fileFields);
  if (rejected) {
    await discard(stored);
    const r = rejected as UploadError;
    throw new UploadError(r.status, r.message, r.field, form);
  }
  const files = new Map<string, StoredUpload>();
  for (const s of stored) if (!files.has(s.field)) files.set(s.field, s);
  return { form, files, all: stored };
}

// The text fields read before a parse error are not recoverable from the parser.
function toUploadError(error: unknown, tooLarge: string): unknown {
  if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
    return new UploadError(413, tooLarge);
  }
  if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError) {
    return new UploadError(400, TOO_MANY_FILES);
  }
  if (
    error instanceof MaxHeaderSizeExceededError ||
    error instanceof MultipartParseError ||
    error instanceof FormDataParseError
  ) {
    return new UploadError(400, MALFORMED_FORM);
  }
  // A client that hangs up mid-upload surfaces as a stream error: still the client's side.
  if (error instanceof TypeError && /body|stream|terminated|aborted/i.test(error.message)) {
    return new UploadError(400, MALFORMED_FORM);
  }
  return error; // disk full, permissions…: a real server error
}

/** Removes files stored by a request that did not go through (best effort). */
export async function discard(files: Iterable<StoredUpload> | StoredUpload[]) {
  await Promise.all([...files].map((f) => deleteStored(f.key).catch(() => undefined)));
}

/** The app's image upload (avatars, course images): JPEG/PNG/WebP up to MAX_IMAGE_MB. */
export function imageUploadOptions(area: StorageArea, fileFields: readonly string[]): UploadOptions {
  const maxFileBytes = Math.floor(env().MAX_IMAGE_MB * MB);
  return {
    area,
    fileFields,
    kinds: ["jpeg", "png", "webp"],
    maxFileBytes,
    tooLargeMessage: `La imagen supera el máximo de ${megabytes(maxFileBytes)} MB.`,
    wrongTypeMessage: "El archivo debe ser una imagen JPEG, PNG o WebP.",
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
    tooLargeMessage: `El PDF supera el máximo de ${megabytes(maxFileBytes)} MB.`,
    wrongTypeMessage: PDF_ONLY,
  };
}
