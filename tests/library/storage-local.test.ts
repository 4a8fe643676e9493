// The local-disk FileStorage (app/lib/storage/local.server.ts): the same contract the S3
// implementation keeps (tests/library/storage-s3.test.ts), on a temporary directory.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "~/lib/storage/local.server.ts";

const root = fs.mkdtempSync(path.join(process.env.ACADEMIA_TEST_DIR!, "local-storage-"));
const storage = createLocalStorage(() => root);

function streamOf(bytes: Uint8Array, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
}

const text = async (stream: ReadableStream<Uint8Array> | null) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

describe("local storage", () => {
  it("stores bytes and streams, reads all or a range, stats, deletes", async () => {
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    expect(await storage.put("books/a.pdf", new Uint8Array([1, 2, 3]), "application/pdf")).toEqual({ size: 3 });
    expect(await storage.put("books/b.pdf", streamOf(big), "application/pdf")).toEqual({ size: big.length });

    expect(await text(await storage.read("books/b.pdf"))).toEqual(big);
    expect(await text(await storage.read("books/b.pdf", { start: 0, end: 9 }))).toEqual(big.subarray(0, 10));
    expect(await text(await storage.read("books/b.pdf", { start: 1_000_000, end: 1_000_099 }))).toEqual(
      big.subarray(1_000_000, 1_000_100),
    );
    const stat = await storage.stat("books/b.pdf");
    expect(stat).toMatchObject({ size: big.length });
    expect(stat?.etag).toMatch(/^[0-9a-f]+-[0-9a-f]+$/);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
    // No temporary file is left next to the object.
    expect(fs.readdirSync(path.join(root, "books")).sort()).toEqual(["a.pdf", "b.pdf"]);

    expect(await storage.read("books/nada.pdf")).toBeNull();
    expect(await storage.stat("books/nada.pdf")).toBeNull();
    await storage.delete("books/a.pdf");
    await storage.delete("books/a.pdf");
    expect(await storage.stat("books/a.pdf")).toBeNull();
    expect(await storage.ping()).toBe(true);
  });

  it("an upload that fails midway leaves nothing behind", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1024));
        controller.error(new Error("conexión cortada"));
      },
    });
    await expect(storage.put("modules/roto.pdf", failing, "application/pdf")).rejects.toThrow("conexión cortada");
    expect(fs.readdirSync(path.join(root, "modules"))).toEqual([]);
    expect(await storage.stat("modules/roto.pdf")).toBeNull();
  });

  it("ping is false when the root cannot be written", async () => {
    const file = path.join(root, "soy-un-archivo");
    fs.writeFileSync(file, "x");
    expect(await createLocalStorage(() => path.join(file, "uploads")).ping()).toBe(false);
  });
});
