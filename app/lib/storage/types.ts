// The one storage interface every stored file goes through (course images, module PDFs, books,
// avatars, certificates). Two implementations: the local disk under DATA_DIR/uploads
// (./local.server.ts, the default) and an S3-compatible bucket (./s3.server.ts, when S3_BUCKET
// is set). Nothing outside app/lib/storage* knows which one is in use.

/** What a stored object is: its size in bytes, when it was written, and a validator for caches. */
export type StoredStat = { size: number; modifiedAt: Date; etag: string };

/** An inclusive byte range, as HTTP Range speaks of it. */
export type ByteRange = { start: number; end: number };

export interface FileStorage {
  /** Which implementation this is, for logs and /healthz. */
  readonly kind: "local" | "s3";
  /**
   * Stores a new object under `key` (a server-made key, never reused) from bytes or a stream,
   * streaming it through (no whole-file buffer for a stream). Resolves with the stored size.
   */
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, contentType: string): Promise<{ size: number }>;
  /** The object's bytes, all or a range, as a stream; null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Size, time and validator of an object; null when there is none. */
  stat(key: string): Promise<StoredStat | null>;
  /** Removes an object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Whether the storage answers and can be written (for /healthz). */
  ping(): Promise<boolean>;
}
