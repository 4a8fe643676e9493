// The streaming upload helper: limits while streaming, type by magic bytes, server-made keys,
// and a refused upload leaves no file behind. Malformed bodies are a 400, never a 500.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { storagePath, uploadsDir } from "~/lib/storage.server.ts";
import {
  imageUploadOptions,
  MALFORMED_FORM,
  parseUpload,
  UploadError,
  withUpload,
  type UploadOptions,
} from "~/lib/upload.server.ts";
import { fail, ok } from "~/lib/failure.ts";
import { PNG_1PX } from "../factories.ts";

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(40, 0),
]);
const TEXT = Buffer.from("esto no es una imagen, solo texto\n");

function listFiles(dir = uploadsDir()): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function multipart(parts: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }),
        value.name,
      );
  }
  return new Request("http://localhost:3000/subir", { method: "POST", body: form });
}

function raw(body: string, contentType = "multipart/form-data; boundary=limite") {
  return new Request("http://localhost:3000/subir", { method: "POST", body, headers: { "Content-Type": contentType } });
}

const images = (over: Partial<UploadOptions> = {}): UploadOptions => ({
  ...imageUploadOptions("avatars", ["imagen"]),
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("parseUpload", () => {
  it.each([
    ["PNG", PNG_1PX, "png", ".png", "image/png"],
    ["JPEG", JPEG, "jpeg", ".jpg", "image/jpeg"],
    ["WebP", WEBP, "webp", ".webp", "image/webp"],
  ])("accepts a real %s under a server-made key", async (_label, bytes, kind, ext, mime) => {
    const { form, files } = await parseUpload(
      multipart({ correo: "a@b.cl", imagen: { bytes, name: "../../etc/passwd.gif", type: "text/plain" } }),
      images(),
    );
    expect(form.get("correo")).toBe("a@b.cl");
    const file = files.get("imagen");
    expect(file).toMatchObject({ field: "imagen", kind, contentType: mime, size: bytes.length });
    expect(file?.key).toMatch(new RegExp(`^avatars/[0-9a-f-]{36}\\${ext}$`));
    expect(fs.readFileSync(storagePath(file!.key))).toEqual(bytes);
  });

  it("refuses a text file named .png and keeps nothing, but keeps the text fields", async () => {
    const before = listFiles();
    const error = await refusal(
      parseUpload(
        multipart({ correo: "typed@b.cl", imagen: { bytes: TEXT, name: "foto.png", type: "image/png" } }),
        images(),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("El archivo debe ser una imagen JPEG, PNG o WebP.");
    expect(error.field).toBe("imagen");
    expect(error.form?.get("correo")).toBe("typed@b.cl");
    expect(listFiles()).toEqual(before);
  });

  it("refuses a PDF where images are expected", async () => {
    const pdf = Buffer.from("%PDF-1.7\n%%EOF\n");
    const error = await refusal(parseUpload(multipart({ imagen: { bytes: pdf, name: "a.png" } }), images()));
    expect(error.status).toBe(400);
  });

  it("refuses an oversize file with 413 while streaming and keeps nothing", async () => {
    const before = listFiles();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const error = await refusal(parseUpload(multipart({ imagen: { bytes: big, name: "grande.png" } }), images()));
    expect(error.status).toBe(413);
    expect(error.message).toBe("La imagen supera el máximo de 5 MB.");
    expect(listFiles()).toEqual(before);
  });

  it("removes files already stored when a later part breaks a limit", async () => {
    const before = listFiles();
    const opts = images({ fileFields: ["a", "b"], maxFileBytes: 2048 });
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(4096, 0)]);
    const error = await refusal(
      parseUpload(multipart({ a: { bytes: PNG_1PX, name: "a.png" }, b: { bytes: big, name: "b.png" } }), opts),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe("La imagen supera el máximo de 5 MB.");
    expect(listFiles()).toEqual(before);
  });

  it("holds a field to its own smaller limit (a course's image beside its PDFs), with its own message", async () => {
    const before = listFiles();
    const image = { ...images(), maxFileBytes: 2048, tooLargeMessage: "La imagen es muy grande." };
    const opts = images({
      fileFields: ["a", "b"],
      maxFileBytes: 1024 * 1024,
      fieldRule: (f) => (f === "b" ? image : undefined),
    });
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(4096, 0)]);
    const fine = await parseUpload(multipart({ a: { bytes: big, name: "a.png" } }), opts);
    expect(fine.files.get("a")?.size).toBe(big.length);
    await withUpload(fine.all, async () => fail(400, "x")); // a refused handler removes it again
    const error = await refusal(parseUpload(multipart({ b: { bytes: big, name: "b.png" } }), opts));
    expect(error).toMatchObject({ status: 413, message: "La imagen es muy grande.", field: "b" });
    expect(listFiles()).toEqual(before);
  });

  it("removes the first file when a second one has the wrong type", async () => {
    const before = listFiles();
    const opts = images({ fileFields: ["a", "b"] });
    const error = await refusal(
      parseUpload(multipart({ a: { bytes: PNG_1PX, name: "a.png" }, b: { bytes: TEXT, name: "b.png" } }), opts),
    );
    expect(error.status).toBe(400);
    expect(listFiles()).toEqual(before);
  });

  it("refuses a declared Content-Length above the total before reading", async () => {
    const request = new Request("http://localhost:3000/subir", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=limite", "Content-Length": String(50 * 1024 * 1024) },
    });
    const error = await refusal(parseUpload(request, images()));
    expect(error.status).toBe(413);
  });

  it.each([
    ["garbage", raw("esto no es multipart")],
    ["no boundary", raw("--x\r\n", "multipart/form-data")],
    ["another multipart type", raw("--limite--\r\n", "Multipart/Mixed; boundary=limite")],
    [
      "no closing boundary",
      raw('--limite\r\nContent-Disposition: form-data; name="imagen"; filename="a.png"\r\n\r\nabc'),
    ],
  ])("answers a malformed body (%s) with 400", async (_label, request) => {
    const before = listFiles();
    const error = await refusal(parseUpload(request, images()));
    expect(error.status).toBe(400);
    expect(error.message).toBe(MALFORMED_FORM);
    expect(listFiles()).toEqual(before);
  });

  it("ignores files in other fields, empty file inputs and file fields sent as text", async () => {
    const before = listFiles();
    const form = new FormData();
    form.append("imagen", new Blob([]), "");
    form.append("imagen", "avatars/00000000-0000-0000-0000-000000000000.png");
    const { form: fields, files } = await parseUpload(
      new Request("http://localhost:3000/subir", { method: "POST", body: form }),
      images(),
    );
    expect(files.size).toBe(0);
    expect(fields.get("imagen")).toBeNull();
    expect(listFiles()).toEqual(before);

    const other = await parseUpload(multipart({ otro: { bytes: PNG_1PX, name: "a.png" } }), images({ maxFiles: 2 }));
    expect(other.files.size).toBe(0);
    expect(listFiles()).toEqual(before);
  });

  it("falls back to an ordinary form for urlencoded bodies", async () => {
    const request = new Request("http://localhost:3000/subir", {
      method: "POST",
      body: new URLSearchParams({ correo: "x@y.cl", imagen: "avatars/x.png" }),
    });
    const { form, files } = await parseUpload(request, images());
    expect(form.get("correo")).toBe("x@y.cl");
    expect(form.get("imagen")).toBeNull();
    expect(files.size).toBe(0);
  });

  it("writes a file to storage while its bytes are still arriving, and reads the whole refused body", async () => {
    // A PNG of 3 MiB sent in 64 KiB pieces: the second half is only sent once a partial file
    // is already on disk, which cannot happen if the upload were buffered whole first.
    const boundary = "limite";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="correo"\r\n\r\nstream@b.cl\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="imagen"; filename="f.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const file = Buffer.concat([PNG_1PX, Buffer.alloc(3 * 1024 * 1024 - PNG_1PX.length, 7)]);
    const piece = 64 * 1024;
    let sent = 0;
    let sawPartial = false;
    const partials = () => listFiles().filter((f) => f.endsWith(".part") && fs.statSync(f).size > 0);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      async pull(controller) {
        if (sent >= file.length) {
          controller.enqueue(tail);
          return controller.close();
        }
        if (sent === Math.floor(file.length / 2 / piece) * piece) {
          for (let i = 0; i < 200 && partials().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
          sawPartial = partials().length > 0;
        }
        controller.enqueue(file.subarray(sent, sent + piece));
        sent += piece;
      },
    });
    const request = new Request("http://localhost:3000/subir", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    const { form, files } = await parseUpload(request, images({ maxFileBytes: 4 * 1024 * 1024 }));
    expect(sawPartial).toBe(true);
    expect(form.get("correo")).toBe("stream@b.cl");
    const stored = files.get("imagen")!;
    expect(stored.size).toBe(file.length);
    expect(fs.readFileSync(storagePath(stored.key)).equals(file)).toBe(true);
    expect(partials()).toEqual([]);
  });

  /** A form sent 256 KiB at a time, counting what the server read; with or without its length. */
  async function streamedForm(form: FormData, declareLength: boolean) {
    const whole = new Response(form);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const sent = { read: 0, total: bytes.length };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent.read >= bytes.length) return controller.close();
        const chunk = bytes.subarray(sent.read, sent.read + 256 * 1024);
        sent.read += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const headers: Record<string, string> = { "Content-Type": whole.headers.get("Content-Type")! };
    if (declareLength) headers["Content-Length"] = String(bytes.length);
    const request = new Request("http://localhost:3000/subir", {
      method: "POST",
      body,
      duplex: "half",
      headers,
    } as RequestInit);
    return { request, sent };
  }

  function oversizeForm(after?: string) {
    const f = new FormData();
    f.append("titulo", "Álgebra para todos");
    f.append(
      "imagen",
      new Blob([new Uint8Array(Buffer.concat([PNG_1PX, Buffer.alloc(6 * 1024 * 1024, 0)]))]),
      "grande.png",
    );
    if (after) f.append("descripcion", after);
    return f;
  }

  const FIVE_MB = { maxFileBytes: 5 * 1024 * 1024, maxTotalBytes: 5.5 * 1024 * 1024 };

  it("keeps the text fields sent before an oversize file, and reads the body to its end", async () => {
    const before = listFiles();
    const { request, sent } = await streamedForm(oversizeForm(), false);
    const error = await refusal(parseUpload(request, images(FIVE_MB)));
    expect(error.status).toBe(413);
    expect(error.form?.get("titulo")).toBe("Álgebra para todos");
    expect(sent.read).toBe(sent.total);
    expect(listFiles()).toEqual(before);
  });

  it("gives back every text field of a body refused by its declared length, storing nothing", async () => {
    const before = listFiles();
    const { request, sent } = await streamedForm(oversizeForm("Escrita después del archivo"), true);
    const error = await refusal(parseUpload(request, images(FIVE_MB)));
    expect(error.status).toBe(413);
    expect(error.field).toBe("imagen");
    expect(error.form?.get("titulo")).toBe("Álgebra para todos");
    expect(error.form?.get("descripcion")).toBe("Escrita después del archivo");
    expect(error.form?.has("imagen")).toBe(false);
    expect(sent.read).toBe(sent.total);
    expect(listFiles()).toEqual(before);
  });

  it("reads the body of a request refused by its declared length before answering", async () => {
    let read = 0;
    const size = 2 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (read >= size) return controller.close();
        read += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request("http://localhost:3000/subir", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "multipart/form-data; boundary=limite", "Content-Length": String(50 * 1024 * 1024) },
    } as RequestInit);
    const error = await refusal(parseUpload(request, images()));
    expect(error.status).toBe(413);
    expect(read).toBe(size);
  });
});

describe("withUpload: commit or discard", () => {
  async function stored() {
    const { all } = await parseUpload(multipart({ imagen: { bytes: PNG_1PX, name: "a.png" } }), images());
    expect(all).toHaveLength(1);
    expect(fs.existsSync(storagePath(all[0]!.key))).toBe(true);
    return all;
  }

  it("a handler that throws leaves no file behind, and its error goes on", async () => {
    const all = await stored();
    await expect(
      withUpload(all, async () => {
        throw new Error("la base de datos no responde");
      }),
    ).rejects.toThrow("la base de datos no responde");
    expect(fs.existsSync(storagePath(all[0]!.key))).toBe(false);
  });

  it("a handler that returns a Failure leaves no file behind, and the Failure is its answer", async () => {
    const all = await stored();
    const outcome = await withUpload(all[0], async () => fail(409, "El curso cambió."));
    expect(outcome).toEqual({ ok: false, status: 409, message: "El curso cambió." });
    expect(fs.existsSync(storagePath(all[0]!.key))).toBe(false);
  });

  it("a handler that commits keeps the file", async () => {
    const all = await stored();
    const outcome = await withUpload(all, async (files) => ok({ key: files[0]!.key }));
    expect(outcome).toEqual({ ok: true, key: all[0]!.key });
    expect(fs.existsSync(storagePath(all[0]!.key))).toBe(true);
  });

  it("no file is fine", async () => {
    expect(await withUpload(undefined, async () => fail(400, "Falta el archivo."))).toMatchObject({ status: 400 });
  });
});
