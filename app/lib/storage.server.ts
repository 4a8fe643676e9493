// Files live under DATA_DIR/uploads with server-made names. A storage key is
// "<area>/<uuid><ext>"; nothing a user typed ever becomes part of a path.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server.ts";
import { EXTENSION, type FileKind } from "./file-types.ts";

export type StorageArea = "courses" | "modules" | "books" | "avatars" | "certificates";

const KEY_PATTERN = /^(courses|modules|books|avatars|certificates)\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/;

export function uploadsDir() {
  return path.join(env().dataDir, "uploads");
}

export function newStorageKey(area: StorageArea, kind: FileKind) {
  return `${area}/${crypto.randomUUID()}${EXTENSION[kind]}`;
}

/** Absolute path of a key; throws on anything that is not a server-made key. */
export function storagePath(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Clave de archivo inválida: ${key}`);
  return path.join(uploadsDir(), key);
}

export function isStorageKey(key: string | null | undefined): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key);
}

/** Writes bytes under a new key (never overwrites) and returns the key. */
export async function storeBytes(area: StorageArea, kind: FileKind, bytes: Uint8Array) {
  const key = newStorageKey(area, kind);
  const file = storagePath(key);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await fsp.writeFile(file, bytes, { flag: "wx" });
  return key;
}

export async function deleteStored(key: string | null | undefined) {
  if (!isStorageKey(key)) return;
  await fsp.rm(storagePath(key), { force: true });
}

export async function statStored(key: string) {
  try {
    return await fsp.stat(storagePath(key));
  } catch {
    return null;
  }
}

export function storedExistsSync(key: string) {
  return isStorageKey(key) && fs.existsSync(storagePath(key));
}
