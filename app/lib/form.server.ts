import { data } from "react-router";

/** Max size of an ordinary (non-upload) form body. Uploads use the streaming parser. */
export const MAX_FORM_BYTES = 256 * 1024;

/**
 * Reads a form body; a body that is not a form, or too large, is the client's mistake: 400/413
 * with a Spanish message, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  const type = request.headers.get("Content-Type") ?? "";
  if (length > MAX_FORM_BYTES && !type.startsWith("multipart/form-data")) {
    throw data("El formulario es demasiado grande.", { status: 413 });
  }
  try {
    return await request.formData();
  } catch {
    throw data("Formulario inválido.", { status: 400 });
  }
}
