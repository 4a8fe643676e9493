// A hand-in's photos, reduced on the server before they are kept (docs/product.md#handing-in): turned
// upright by their EXIF orientation, at most 2000 px on the longest side, and stripped of every
// metadata (the phone's location included). A JPEG or WebP photo is re-encoded at quality 80; a PNG
// (a screenshot) stays PNG. Memory stays bounded: one photo at a time in the whole process (the
// others wait their turn), libvips on one thread without its cache, and a cap on the input's pixels.
import sharp from "sharp";
import type { FileKind } from "~/lib/file-types.ts";
import {
  deleteStoredLogged,
  fileStorage,
  readStoredBytes,
  storagePath,
  storeBytes,
  type StorageArea,
} from "~/lib/storage.server.ts";

sharp.concurrency(1);
sharp.cache(false);

const MAX_PHOTO_SIDE = 2000;
/** 50 megapixels: more than any phone's camera, far less than a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every photo queued before it: one photo in memory at a time. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The image (bytes, or a path on the local disk) reduced and stripped; throws on one sharp cannot read. */
async function reduceImage(input: Uint8Array | string, kind: Exclude<FileKind, "pdf">): Promise<Buffer> {
  const image = sharp(input, {
    autoOrient: true,
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: "error",
    sequentialRead: true,
  }).resize(MAX_PHOTO_SIDE, MAX_PHOTO_SIDE, { fit: "inside", withoutEnlargement: true });
  const encoded =
    kind === "png"
      ? image.png()
      : kind === "webp"
        ? image.webp({ quality: 80 })
        : image.jpeg({ quality: 80, optimiseCoding: false });
  return encoded.toBuffer();
}

/**
 * Replaces a stored image by its reduced copy under a new key (the original is deleted in any case):
 * the new key and size, or null when the file is not an image sharp can read.
 */
export function reduceStoredPhoto(
  area: StorageArea,
  key: string,
  kind: Exclude<FileKind, "pdf">,
): Promise<{ key: string; size: number } | null> {
  return oneAtATime(async () => {
    try {
      // On the local disk libvips reads the file itself: the photo is never whole in JavaScript's memory.
      const input = fileStorage().kind === "local" ? storagePath(key) : await readStoredBytes(key);
      if (!input) return null;
      const reduced = await reduceImage(input, kind).catch(() => null); // corrupt, truncated, too many pixels
      if (!reduced) return null;
      return { key: await storeBytes(area, kind, reduced), size: reduced.byteLength };
    } finally {
      await deleteStoredLogged(key);
    }
  });
}
