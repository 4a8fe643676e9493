// Serves a stored file with the right type, Content-Disposition, nosniff, a sandboxing CSP,
// caching validators and HTTP Range (a PDF viewer fetches pages). A missing file is a 404, never 500.
import { readStored, statStored } from "./storage.server.ts";

export type ServeOptions = {
  contentType: string;
  /** Download name (accents kept; RFC 5987 filename*). */
  filename?: string;
  disposition?: "inline" | "attachment";
  cacheControl?: string;
};

export function contentDisposition(kind: "inline" | "attachment", filename?: string) {
  if (!filename) return kind;
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  // toWellFormed: a lone surrogate (possible in a JSON-sent title) would make encodeURIComponent throw.
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename.toWellFormed())}`;
}

/**
 * Every stored file is something a user uploaded (course images, module PDFs, books, avatars)
 * or we generated from user text (certificates). Should a browser ever render one as a
 * document (a PDF/HTML polyglot, a mislabelled type), `sandbox` gives it an opaque origin with
 * no scripts, forms, popups, plugins or top navigation: it cannot read our cookies or pages.
 * Bare `sandbox`, with no allow-* tokens, is the strongest form, and Chromium's built-in PDF
 * viewer still shows such PDFs, opened directly and in <iframe>, <object> and <embed> (checked
 * on Chromium 156; e2e/stored-files.spec.ts keeps it so). An <img> ignores the CSP of the
 * image it loads. `sandbox allow-scripts allow-same-origin` would undo the protection (a script
 * in our origin can lift its own sandbox), so it is not used. WebKit has been reported to
 * download a sandboxed PDF rather than show it inline; the pages keep 'Abrir' / 'Descargar'
 * links next to every viewer.
 */
const STORED_FILE_CSP = "sandbox";

export async function serveStoredFile(request: Request, key: string, opts: ServeOptions): Promise<Response> {
  const stat = await statStored(key);
  if (!stat)
    return new Response("Archivo no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });

  const etag = `W/"${stat.etag}"`;
  const headers = new Headers({
    "Content-Type": opts.contentType,
    "Content-Disposition": contentDisposition(opts.disposition ?? "inline", opts.filename),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": STORED_FILE_CSP,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": stat.modifiedAt.toUTCString(),
    "Cache-Control": opts.cacheControl ?? "private, max-age=0, must-revalidate",
  });

  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = stat.size - 1;
  let status = 200;
  const range = request.headers.get("Range");
  if (range && stat.size > 0) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    const ifRange = request.headers.get("If-Range");
    if (match && (!ifRange || ifRange === etag)) {
      const [, a = "", b = ""] = match;
      if (a === "" && b !== "") {
        start = Math.max(0, stat.size - Number(b));
      } else {
        start = Number(a);
        end = b === "" ? stat.size - 1 : Math.min(Number(b), stat.size - 1);
      }
      if ((a === "" && b === "") || start > end || start >= stat.size) {
        headers.set("Content-Range", `bytes */${stat.size}`);
        return new Response(null, { status: 416, headers });
      }
      status = 206;
      headers.set("Content-Range", `bytes ${start}-${end}/${stat.size}`);
    }
  }
  headers.set("Content-Length", String(stat.size === 0 ? 0 : end - start + 1));
  if (request.method === "HEAD" || stat.size === 0) return new Response(null, { status, headers });
  const stream = await readStored(key, { start, end });
  if (!stream)
    return new Response("Archivo no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(stream, { status, headers });
}
