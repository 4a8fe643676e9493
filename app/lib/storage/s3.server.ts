// The S3 FileStorage: objects `<prefix><key>` in one bucket of S3 or an S3-compatible server, by
// the AWS SDK v3. A stream goes up through lib-storage's Upload in parts (memory about partSize ×
// queueSize; a failure aborts the multipart upload: give the bucket a lifecycle rule for those a
// killed process leaves). A range is read as HTTP's inclusive one, its answer checked on
// Content-Range. "No such object" is null from read and stat; every other error throws, so a
// misconfiguration is not mistaken for a missing file. ping never throws (HeadBucket, then a tiny
// PutObject of `<prefix>.healthz`). With S3_ENDPOINT, checksums are sent only when required (many
// servers reject the SDK's default CRC32 trailers).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ByteRange, FileStorage, StoredStat } from "./types.ts";

export type S3Config = {
  bucket: string;
  /** An S3-compatible server's URL; undefined for Amazon S3. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default chain is used (AWS_* variables, an IAM role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, Garage, Ceph RGW). */
  forcePathStyle: boolean;
  /** Put before every key: "" or a folder ending in "/". */
  prefix: string;
  /** Multipart part size in bytes for streamed uploads (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts of one streamed upload in flight at once (2 by default). */
  queueSize?: number;
};

export const MIN_PART_SIZE = 5 * 1024 * 1024;
const PING_TIMEOUT_MS = 5_000;
const MAX_SOCKETS = 256;

const invalid = (detail: string) => new Error(`Configuración inválida de S3: ${detail}`);

/** The S3 configuration from the environment: null without S3_BUCKET, an error naming a variable that does not fit. */
export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3Config | null {
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const bucket = get("S3_BUCKET");
  if (!bucket) return null;
  if (/[\s/]/.test(bucket)) throw invalid(`S3_BUCKET debe ser solo el nombre del bucket (sin "/" ni espacios).`);

  const endpoint = get("S3_ENDPOINT");
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw invalid(`S3_ENDPOINT debe ser una URL http:// o https:// (es "${endpoint}").`);
    }
  }

  const accessKeyId = get("S3_ACCESS_KEY_ID");
  const secretAccessKey = get("S3_SECRET_ACCESS_KEY");
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    const missing = accessKeyId === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY";
    throw invalid(`falta ${missing}: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas.`);
  }
  if (endpoint !== undefined && accessKeyId === undefined) {
    throw invalid(`con S3_ENDPOINT hacen falta S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY.`);
  }

  const pathStyle = get("S3_FORCE_PATH_STYLE");
  if (pathStyle !== undefined && pathStyle !== "true" && pathStyle !== "false") {
    throw invalid(`S3_FORCE_PATH_STYLE debe ser "true" o "false" (es "${pathStyle}").`);
  }

  const prefix = (get("S3_PREFIX") ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix !== "" && prefix.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw invalid(`S3_PREFIX debe ser una carpeta como "academia" o "prod/academia" (es "${prefix}").`);
  }

  return {
    bucket,
    endpoint,
    region: get("S3_REGION") ?? "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === "true",
    prefix: prefix ? `${prefix}/` : "",
  };
}

export function createS3Storage(config: S3Config): FileStorage {
  const partSize = config.partSize ?? MIN_PART_SIZE;
  if (partSize < MIN_PART_SIZE) throw invalid(`el tamaño de parte debe ser de al menos ${MIN_PART_SIZE} bytes.`);
  const queueSize = config.queueSize ?? 2;
  const compatible = config.endpoint !== undefined;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    ...(compatible ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
    // Only the connection gets a deadline: a download may wait long on a slow reader. Each
    // download being served holds a socket until the browser has it all, so more than the
    // SDK's 50 may be open at once.
    requestHandler: {
      connectionTimeout: PING_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + key;

  return {
    kind: "s3",

    async put(key, body, contentType) {
      const Key = objectKey(key);
      if (body instanceof Uint8Array) {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, ContentLength: body.byteLength }),
        );
        return { size: body.byteLength };
      }
      // Counts the bytes as they pass, and keeps the source's own failure: when the stream
      // fails, Upload aborts the multipart upload, and an error from that abort must not hide
      // the cause.
      let size = 0;
      let sourceError: unknown;
      const reader = body.getReader();
      const counted = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            size += value.byteLength;
            controller.enqueue(value);
          } catch (error) {
            sourceError = error;
            controller.error(error);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counted, ContentType: contentType },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // S3 failed: stop reading the source too (the upload's request body).
        if (sourceError === undefined) await reader.cancel(error).catch(() => {});
        throw sourceError ?? error;
      }
      return { size };
    },

    async read(key, range?: ByteRange) {
      if (
        range &&
        !(Number.isInteger(range.start) && Number.isInteger(range.end) && 0 <= range.start && range.start <= range.end)
      ) {
        throw new RangeError(`Rango inválido: ${range.start}-${range.end}`);
      }
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!out.Body) throw new Error(`S3 no devolvió el contenido de ${key}`);
        // A server that ignored the Range, or answered another one, would hand other bytes than
        // the caller announces in its own Content-Range: refuse rather than serve them.
        if (range && !rangeAnswered(range, out.ContentRange)) {
          await out.Body.transformToWebStream().cancel();
          throw new Error(`El servidor S3 no respondió el rango pedido (${range.start}-${range.end}) para ${key}`);
        }
        return out.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stat(key): Promise<StoredStat | null> {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          size: out.ContentLength ?? 0,
          modifiedAt: out.LastModified ?? new Date(0),
          etag: (out.ETag ?? "").replace(/^W\//, "").replace(/^"|"$/g, ""),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async ping() {
      const abortSignal = AbortSignal.timeout(PING_TIMEOUT_MS);
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal });
        await client.send(
          new PutObjectCommand({ Bucket, Key: objectKey(".healthz"), Body: "ok", ContentType: "text/plain" }),
          { abortSignal },
        );
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Whether `Content-Range: bytes a-b/size` is the range asked for (its end cut to the last byte). */
function rangeAnswered(range: ByteRange, contentRange: string | undefined): boolean {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange?.trim() ?? "");
  if (!match) return false;
  const [start, end, size] = [Number(match[1]), Number(match[2]), match[3] === "*" ? Infinity : Number(match[3])];
  return start === range.start && end === Math.min(range.end, size - 1);
}

/** Whether an SDK error says the object is not there (not: the bucket is not there). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!e || typeof e !== "object") return false;
  const name = e.name ?? e.Code;
  if (name === "NoSuchBucket") return false;
  return name === "NoSuchKey" || name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}
