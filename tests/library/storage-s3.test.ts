// The S3 FileStorage against a real S3-compatible server on 127.0.0.1 (s3rver, files in a
// temporary folder): streamed multipart upload, byte ranges, stat, missing objects, delete and
// ping; and the S3_* configuration read from the environment. s3rver is a devDependency: when it
// does not start, the file fails, it never skips, so every run proves the S3 storage.
import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, MIN_PART_SIZE, type S3Config, s3ConfigFromEnv } from "~/lib/storage/s3.server.ts";

const BUCKET = "academia-test";
// s3rver's fixed credentials (it checks the signature).
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let dir = "";
let server: { close(): Promise<void> } | undefined;
let endpoint = "";
const requests: string[] = [];
try {
  const { default: S3rver } = await import("s3rver");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "academia-s3-"));
  const instance = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
  const { port } = await instance.run();
  server = instance;
  // Which requests the server saw, to tell a multipart upload from a single PUT.
  (instance as unknown as { httpServer: http.Server }).httpServer.on("request", (req: http.IncomingMessage) => {
    requests.push(`${req.method} ${req.url}`);
  });
  endpoint = `http://127.0.0.1:${port}`;
} catch (error) {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(
    `el servidor S3 de prueba (s3rver) no arranca: ${error instanceof Error ? error.message : String(error)}`,
    {
      cause: error,
    },
  );
}

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function config(overrides: Partial<S3Config> = {}): S3Config {
  return {
    bucket: BUCKET,
    endpoint,
    region: "us-east-1",
    ...CREDENTIALS,
    forcePathStyle: true,
    prefix: "",
    partSize: MIN_PART_SIZE,
    ...overrides,
  };
}

/** Deterministic bytes that differ from offset to offset (a misplaced range shows). */
function byteAt(i: number) {
  return (i * 131 + (i >>> 9) * 7 + (i >>> 17)) & 0xff;
}
function pattern(size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = byteAt(i);
  return bytes;
}

/** A generated stream of `size` bytes in odd-sized chunks; it fails after `failAfter` bytes if set. */
function generated(size: number, failAfter?: number): ReadableStream<Uint8Array> {
  const CHUNK = 64 * 1024 + 7;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && offset >= failAfter) {
        controller.error(new Error("la subida se cortó"));
        return;
      }
      if (offset >= size) {
        controller.close();
        return;
      }
      const n = Math.min(CHUNK, size - offset);
      const chunk = new Uint8Array(n);
      for (let i = 0; i < n; i++) chunk[i] = byteAt(offset + i);
      offset += n;
      controller.enqueue(chunk);
    },
  });
}

async function bytesOf(stream: ReadableStream<Uint8Array> | null) {
  expect(stream).not.toBeNull();
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Byte-exact comparison that stays fast on megabytes (toEqual walks them one by one). */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array) {
  expect(actual.byteLength).toBe(expected.byteLength);
  const offset = Buffer.from(actual).equals(expected) ? -1 : actual.findIndex((b, i) => b !== expected[i]);
  expect(offset, "first differing byte").toBe(-1);
}

/** A port nothing listens on. */
async function closedPort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("S3 storage", () => {
  // Two full 5 MiB parts and a short last one.
  const BIG = 2 * MIN_PART_SIZE + 123_457;
  const big = pattern(BIG);
  const storage = () => createS3Storage(config());

  beforeAll(async () => {
    const raw = new S3Client({ endpoint, region: "us-east-1", credentials: CREDENTIALS, forcePathStyle: true });
    await raw.send(new CreateBucketCommand({ Bucket: BUCKET }));
    raw.destroy();
  });

  it("stores bytes and reads them back whole and by range, with their stat", async () => {
    const s3 = storage();
    expect(s3.kind).toBe("s3");
    const bytes = pattern(10_000);
    expect(await s3.put("books/small.pdf", bytes, "application/pdf")).toEqual({ size: 10_000 });
    expect(await bytesOf(await s3.read("books/small.pdf"))).toEqual(bytes);
    // Not { start: 0, end: 0 }: s3rver answers "bytes=0-0" with the whole object (it reads the
    // end 0 as "none"), which read() refuses; Amazon S3 answers the one byte.
    expect(await bytesOf(await s3.read("books/small.pdf", { start: 0, end: 1 }))).toEqual(bytes.slice(0, 2));
    expect(await bytesOf(await s3.read("books/small.pdf", { start: 4_000, end: 4_999 }))).toEqual(
      bytes.slice(4_000, 5_000),
    );
    const stat = await s3.stat("books/small.pdf");
    expect(stat?.size).toBe(10_000);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
    expect(Number.isNaN(stat?.modifiedAt.getTime())).toBe(false);
    expect(stat?.etag).toMatch(/^[^"]+$/);
  });

  it("streams a large upload in 5 MiB parts, byte-exact whole and by ranges", async () => {
    const s3 = storage();
    requests.length = 0;
    expect(await s3.put("modules/big.pdf", generated(BIG), "application/pdf")).toEqual({ size: BIG });
    const parts = requests.filter(
      (r) => r.startsWith("PUT /academia-test/modules/big.pdf?") && r.includes("partNumber="),
    );
    expect(parts).toHaveLength(3);
    expect(requests.some((r) => r.startsWith("POST /academia-test/modules/big.pdf?uploads"))).toBe(true);

    expectSameBytes(await bytesOf(await s3.read("modules/big.pdf")), big);
    const ranges = [
      { start: 0, end: 15 }, // the first bytes, as a PDF viewer's first request
      { start: MIN_PART_SIZE - 100, end: MIN_PART_SIZE + 99 }, // across the first part boundary
      { start: 7_000_000, end: 7_654_321 }, // inside the second part
      { start: BIG - 500, end: BIG - 1 }, // the end, as a "bytes=-500" suffix resolves to
    ];
    for (const range of ranges) {
      expectSameBytes(await bytesOf(await s3.read("modules/big.pdf", range)), big.slice(range.start, range.end + 1));
    }
    // An end past the last byte is cut to it, as reading a file is.
    expect(await bytesOf(await s3.read("modules/big.pdf", { start: BIG - 10, end: BIG + 1_000 }))).toEqual(
      big.slice(BIG - 10),
    );

    const stat = await s3.stat("modules/big.pdf");
    expect(stat?.size).toBe(BIG);
    expect(stat?.etag).not.toBe("");
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
  });

  it("stores a stream shorter than one part, and an empty one", async () => {
    const s3 = storage();
    requests.length = 0;
    expect(await s3.put("avatars/short.png", generated(70_000), "image/png")).toEqual({ size: 70_000 });
    expect(requests).toEqual(["PUT /academia-test/avatars/short.png?x-id=PutObject"]);
    expect(await bytesOf(await s3.read("avatars/short.png"))).toEqual(pattern(70_000));
    expect(await s3.put("avatars/empty.png", generated(0), "image/png")).toEqual({ size: 0 });
    expect((await s3.stat("avatars/empty.png"))?.size).toBe(0);
  });

  it("leaves no object when the stream fails half-way", async () => {
    const s3 = storage();
    await expect(s3.put("books/cut.pdf", generated(BIG, MIN_PART_SIZE + 1), "application/pdf")).rejects.toThrow(
      "la subida se cortó",
    );
    expect(await s3.stat("books/cut.pdf")).toBeNull();
  });

  it("answers null for a missing object, and deletes without error when it is gone", async () => {
    const s3 = storage();
    expect(await s3.read("books/missing.pdf")).toBeNull();
    expect(await s3.read("books/missing.pdf", { start: 0, end: 9 })).toBeNull();
    expect(await s3.stat("books/missing.pdf")).toBeNull();

    await s3.put("certificates/gone.pdf", pattern(100), "application/pdf");
    await s3.delete("certificates/gone.pdf");
    await s3.delete("certificates/gone.pdf");
    expect(await s3.stat("certificates/gone.pdf")).toBeNull();
    expect(await s3.read("certificates/gone.pdf")).toBeNull();
  });

  it("keeps objects under the configured prefix", async () => {
    const s3 = createS3Storage(config({ prefix: "academia/" }));
    await s3.put("courses/image.webp", pattern(50), "image/webp");
    const raw = new S3Client({ endpoint, region: "us-east-1", credentials: CREDENTIALS, forcePathStyle: true });
    const out = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key: "academia/courses/image.webp" }));
    expect(out.ContentType).toBe("image/webp");
    expect(new Uint8Array(await out.Body!.transformToByteArray())).toEqual(pattern(50));
    raw.destroy();
    expect(await storage().stat("courses/image.webp")).toBeNull();
  });

  it("refuses a range that is not one, and bytes that are not the range asked for", async () => {
    await expect(storage().read("books/small.pdf", { start: 10, end: 5 })).rejects.toThrow(RangeError);
    // s3rver's quirk (see above) stands for a server that answers another range than asked.
    await expect(storage().read("books/small.pdf", { start: 0, end: 0 })).rejects.toThrow(/no respondió el rango/);
  });

  it("pings true when the bucket answers and takes writes, false otherwise", async () => {
    expect(await storage().ping()).toBe(true);
    expect(await createS3Storage(config({ bucket: "no-such-bucket" })).ping()).toBe(false);
    expect(await createS3Storage(config({ endpoint: `http://127.0.0.1:${await closedPort()}` })).ping()).toBe(false);
  });

  it("throws, rather than answering 'missing', when the bucket itself is missing", async () => {
    await expect(createS3Storage(config({ bucket: "no-such-bucket" })).read("books/x.pdf")).rejects.toThrow();
  });
});

describe("s3ConfigFromEnv", () => {
  const full = {
    S3_BUCKET: "academia",
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_FORCE_PATH_STYLE: "true",
  };

  it("is null without S3_BUCKET (the local disk is used)", () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(s3ConfigFromEnv({ S3_BUCKET: "  ", S3_ENDPOINT: "http://x" })).toBeNull();
  });

  it("reads an S3-compatible server's settings, with us-east-1 by default", () => {
    expect(s3ConfigFromEnv(full)).toEqual({
      bucket: "academia",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
      prefix: "",
    });
  });

  it("reads Amazon S3's settings: no endpoint, and the SDK's credentials chain without keys", () => {
    expect(s3ConfigFromEnv({ S3_BUCKET: "academia", S3_REGION: "sa-east-1", S3_PREFIX: "/prod/academia/" })).toEqual({
      bucket: "academia",
      endpoint: undefined,
      region: "sa-east-1",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: "prod/academia/",
    });
  });

  it("names what is missing or wrong when S3_BUCKET is set", () => {
    const { S3_SECRET_ACCESS_KEY: _secret, ...noSecret } = full;
    expect(() => s3ConfigFromEnv(noSecret)).toThrow(/S3_SECRET_ACCESS_KEY/);
    const { S3_ACCESS_KEY_ID: _key, ...noKey } = full;
    expect(() => s3ConfigFromEnv(noKey)).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: "a", S3_ENDPOINT: "http://x:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => s3ConfigFromEnv({ ...full, S3_ENDPOINT: "127.0.0.1:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => s3ConfigFromEnv({ ...full, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => s3ConfigFromEnv({ ...full, S3_BUCKET: "s3://academia" })).toThrow(/S3_BUCKET/);
    expect(() => s3ConfigFromEnv({ ...full, S3_PREFIX: "a/../b" })).toThrow(/S3_PREFIX/);
    expect(() => s3ConfigFromEnv(noSecret)).toThrow(/^Configuración inválida de S3/);
  });
});
