// The local-disk FileStorage: every object is a file under DATA_DIR/uploads/<key>. Keys are
// server-made ("area/uuid.ext", checked by storage.server.ts), so nothing a user typed ever
// becomes part of a path. Writes stream to a temporary name and are renamed into place, so a
// reader never sees half a file and an aborted upload leaves nothing behind.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import type { ByteRange, FileStorage, StoredStat } from "./types.ts";

export function createLocalStorage(root: () => string): FileStorage {
  const file = (key: string) => path.join(root(), key);

  return {
    kind: "local",

    async put(key, body) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${crypto.randomBytes(6).toString("hex")}.part`;
      try {
        if (body instanceof Uint8Array) {
          await fsp.writeFile(temp, body, { flag: "wx" });
        } else {
          await pipeline(Readable.fromWeb(body as NodeWebStream), fs.createWriteStream(temp, { flags: "wx" }));
        }
        // Keys are fresh UUIDs, so the rename never replaces another object.
        await fsp.rename(temp, target);
      } finally {
        await fsp.rm(temp, { force: true });
      }
      const { size } = await fsp.stat(target);
      return { size };
    },

    async read(key, range?: ByteRange) {
      const stat = await this.stat(key);
      if (!stat) return null;
      const stream = fs.createReadStream(file(key), range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },

    async stat(key): Promise<StoredStat | null> {
      try {
        const s = await fsp.stat(file(key));
        if (!s.isFile()) return null;
        return {
          size: s.size,
          modifiedAt: s.mtime,
          etag: `${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}`,
        };
      } catch {
        return null;
      }
    },

    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },

    async ping() {
      try {
        await fsp.mkdir(root(), { recursive: true });
        await fsp.access(root(), fsp.constants.R_OK | fsp.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
