import { describe, expect, it } from "vitest";
import { detectFileKind } from "~/lib/file-types.ts";
import { contentDisposition, serveStoredFile } from "~/lib/serve-file.server.ts";
import { deleteStored, storeBytes, storagePath } from "~/lib/storage.server.ts";

const pdf = new TextEncoder().encode("%PDF-1.7\n" + "x".repeat(1000) + "\n%%EOF\n");

function get(headers: Record<string, string> = {}) {
  return new Request("http://localhost/archivo", { headers });
}

describe("stored files", () => {
  it("detects types by magic bytes only", () => {
    expect(detectFileKind(pdf)).toBe("pdf");
    expect(detectFileKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(detectFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(detectFileKind(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(detectFileKind(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });

  it("refuses keys that are not server-made", () => {
    expect(() => storagePath("../etc/passwd")).toThrow();
    expect(() => storagePath("books/../../x.pdf")).toThrow();
  });

  it("serves whole files and byte ranges with nosniff and a disposition", async () => {
    const key = await storeBytes("books", "pdf", pdf);
    const whole = await serveStoredFile(get(), key, {
      contentType: "application/pdf",
      filename: "Educación cívica.pdf",
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(whole.headers.get("Content-Disposition")).toBe(
      `inline; filename="Educacion civica.pdf"; filename*=UTF-8''Educaci%C3%B3n%20c%C3%ADvica.pdf`,
    );
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(pdf);

    const part = await serveStoredFile(get({ Range: "bytes=0-4" }), key, { contentType: "application/pdf" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-4/${pdf.length}`);
    expect(await part.text()).toBe("%PDF-");

    const suffix = await serveStoredFile(get({ Range: "bytes=-6" }), key, { contentType: "application/pdf" });
    expect(await suffix.text()).toBe("%%EOF\n");

    const bad = await serveStoredFile(get({ Range: `bytes=${pdf.length + 10}-` }), key, {
      contentType: "application/pdf",
    });
    expect(bad.status).toBe(416);

    await deleteStored(key);
    const missing = await serveStoredFile(get(), key, { contentType: "application/pdf" });
    expect(missing.status).toBe(404);
  });

  it("sandboxes every stored file with Content-Security-Policy: sandbox (whole, range, revalidation, download)", async () => {
    const key = await storeBytes("modules", "pdf", pdf);
    const whole = await serveStoredFile(get(), key, { contentType: "application/pdf" });
    const etag = whole.headers.get("ETag")!;
    const answers = [
      whole,
      await serveStoredFile(get({ Range: "bytes=0-4" }), key, { contentType: "application/pdf" }),
      await serveStoredFile(get({ "If-None-Match": etag }), key, { contentType: "application/pdf" }),
      await serveStoredFile(get(), key, {
        contentType: "application/pdf",
        disposition: "attachment",
        filename: "a.pdf",
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 206, 304, 200]);
    for (const response of answers) expect(response.headers.get("Content-Security-Policy")).toBe("sandbox");
    const image = await storeBytes("courses", "png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(
      (await serveStoredFile(get(), image, { contentType: "image/png" })).headers.get("Content-Security-Policy"),
    ).toBe("sandbox");
  });

  it("builds attachment dispositions without header injection", () => {
    expect(contentDisposition("attachment", 'a"b\r\n.pdf')).toBe(
      `attachment; filename="a_b__.pdf"; filename*=UTF-8''a%22b%0D%0A.pdf`,
    );
    // A lone surrogate (a JSON-sent title can hold one) must not throw: it becomes U+FFFD.
    expect(contentDisposition("attachment", "Libro \ud800.pdf")).toBe(
      `attachment; filename="Libro _.pdf"; filename*=UTF-8''Libro%20%EF%BF%BD.pdf`,
    );
  });
});
