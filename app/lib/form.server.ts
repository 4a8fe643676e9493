import { data } from "react-router";
import { asFailure, fail, raise } from "./failure.ts";

/** Max size of an ordinary (non-upload) form body. Uploads use the streaming parser. */
const MAX_FORM_BYTES = 256 * 1024;
const FORM_INVALID = "Formulario inválido.";

export class BodyTooLargeError extends Error {
  constructor() {
    super("El formulario es demasiado grande.");
    this.name = "BodyTooLargeError";
  }
}

/**
 * Reads a request body up to `max` bytes, whatever Content-Length says (or does not say: a
 * chunked body has none). Past the limit it stops reading and throws BodyTooLargeError.
 */
export async function readBodyCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > max) throw new BodyTooLargeError();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      // Not awaited: a tee'd body (request.clone()) settles its cancel only when both branches cancel.
      void reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * Reads a form body (urlencoded, or multipart without files) of at most MAX_FORM_BYTES; a body
 * that is not a form, or too large, is the client's mistake: 400/413 with a Spanish message,
 * never a 500. Forms with files go through `parseUpload` instead.
 */
export async function readForm(request: Request, max = MAX_FORM_BYTES): Promise<FormData> {
  try {
    return await parseForm(request, max);
  } catch (error) {
    const failure = asFailure(error);
    if (failure) throw data(failure.message, { status: failure.status });
    throw error;
  }
}

/** readForm for a service: the same refusals, thrown as a FailureError (400/413). */
export async function parseForm(request: Request, max = MAX_FORM_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyCapped(request, max);
  } catch (error) {
    if (error instanceof BodyTooLargeError) raise(fail(413, error.message));
    raise(fail(400, FORM_INVALID));
  }
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    raise(fail(400, FORM_INVALID));
  }
}
