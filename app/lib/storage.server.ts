// Stored files go through one FileStorage: an S3-compatible bucket when S3_BUCKET is set, else
// DATA_DIR/uploads. A key is "<area>/<uuid><ext>", made here: nothing a user typed is ever part of it.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server.ts";
import { EXTENSION, MIME, type FileKind } from "./file-types.ts";
import { createLocalStorage } from "./storage/local.server.ts";
import { createS3Storage, s3ConfigFromEnv } from "./storage/s3.server.ts";
import type { ByteRange, FileStorage, StoredStat } from "./storage/types.ts";
import { log } from "./log.server.ts";

export type { ByteRange, StoredStat };

export type StorageArea = "courses" | "modules" | "books" | "avatars" | "certificates" | "assignments" | "submissions";

// Also a book page's preview image, made from the book's own key (pagePreviewKey).
const KEY_PATTERN =
  /^(?:(courses|modules|books|avatars|certificates|assignments|submissions)\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)|books\/[0-9a-f-]{36}\.pagina-[1-9]\.webp)$/;

export function uploadsDir() {
  return path.join(env().dataDir, "uploads");
}

let selected: FileStorage | undefined;

/** The storage in use: chosen once per process from the configuration. */
export function fileStorage(): FileStorage {
  if (selected) return selected;
  const e = env();
  const s3 = s3ConfigFromEnv({
    S3_BUCKET: e.S3_BUCKET,
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_REGION: e.S3_REGION,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE,
    S3_PREFIX: e.S3_PREFIX,
  });
  selected = s3 ? createS3Storage(s3) : createLocalStorage(uploadsDir);
  return selected;
}

export function newStorageKey(area: StorageArea, kind: FileKind) {
  return `${area}/${crypto.randomUUID()}${EXTENSION[kind]}`;
}

export function isStorageKey(key: string | null | undefined): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key);
}

function checked(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Clave de archivo inválida: ${key}`);
  return key;
}

/** Stores bytes under a new key (never overwrites) and returns the key. */
export async function storeBytes(area: StorageArea, kind: FileKind, bytes: Uint8Array) {
  const key = newStorageKey(area, kind);
  await fileStorage().put(key, bytes, MIME[kind]);
  return key;
}

/** The key of page `page` (1–9)'s preview image of the book stored under `pdfKey`: beside it. */
export function pagePreviewKey(pdfKey: string, page: number): string {
  return checked(pdfKey.replace(/\.pdf$/, `.pagina-${page}.webp`));
}

/** Stores a preview image under its key (pagePreviewKey), replacing the same image made before. */
export async function storePagePreview(key: string, bytes: Uint8Array) {
  await fileStorage().put(checked(key), bytes, MIME.webp);
}

/**
 * Stores a stream under a new key as it arrives (no whole-file buffer) and returns the key and
 * size. When the stream fails (a limit, a client gone), nothing is left under the key.
 */
export async function storeStream(area: StorageArea, kind: FileKind, stream: ReadableStream<Uint8Array>) {
  const key = newStorageKey(area, kind);
  const { size } = await fileStorage().put(key, stream, MIME[kind]);
  return { key, size };
}

export async function deleteStored(key: string | null | undefined) {
  if (!isStorageKey(key)) return;
  await fileStorage().delete(key);
}

let failedDeletes = 0;

/**
 * Deletes a stored file nothing references any more without failing the caller (whose change is
 * made): a failure is logged with the key and counted (takeFailedDeletes); false when it may remain.
 */
export async function deleteStoredLogged(key: string | null | undefined): Promise<boolean> {
  try {
    await deleteStored(key);
    return true;
  } catch (error) {
    failedDeletes += 1;
    log.error({ err: error, key }, `[storage] could not delete ${key}: the file is left orphaned`);
    return false;
  }
}

/** How many deletions failed since the last call (the housekeeping job reports them). */
export function takeFailedDeletes(): number {
  const count = failedDeletes;
  failedDeletes = 0;
  return count;
}

/** Size, time and validator of a stored object; null when it is missing (or the key is not ours). */
export async function statStored(key: string): Promise<StoredStat | null> {
  if (!isStorageKey(key)) return null;
  return fileStorage().stat(key);
}

/** A stored object's bytes, all or a range, as a stream; null when it is missing. */
export function readStored(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
  return fileStorage().read(checked(key), range);
}

/**
 * A stored object's bytes for a reader that looks at each chunk once (the ZIP of my data): on the
 * local disk into one reused buffer (valid until the next chunk; no garbage piles up); null when missing.
 */
export async function readStoredChunks(key: string, chunkSize = 64 * 1024): Promise<AsyncIterable<Uint8Array> | null> {
  if (fileStorage().kind !== "local") return readStored(key);
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(storagePath(key), "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return (async function* () {
    try {
      const buffer = Buffer.allocUnsafe(chunkSize);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, chunkSize, null);
        if (bytesRead === 0) return;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  })();
}

/** A whole stored object in memory (small files only: a PDF whose pages are counted). */
export async function readStoredBytes(key: string): Promise<Uint8Array | null> {
  const stream = await readStored(key);
  return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null;
}

/** Whether the storage answers and can be written (/healthz). */
export function storageIsReachable(): Promise<boolean> {
  return fileStorage().ping();
}

// Local-disk views, for the seed, the tests and the course pages' "file is there" mark.

/** Absolute path of a key on the local disk; throws on anything that is not a server-made key. */
export function storagePath(key: string) {
  return path.join(uploadsDir(), checked(key));
}

/** Whether a stored file is there, without waiting: checked on the local disk, trusted on a remote one. */
export function storedExistsSync(key: string) {
  if (!isStorageKey(key)) return false;
  return fileStorage().kind === "local" ? fs.existsSync(storagePath(key)) : true;
}
