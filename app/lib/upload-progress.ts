// Browser-only: posts a multipart form with XMLHttpRequest so the page can show upload
// progress (fetch cannot report request-body progress). Used by the admin's book upload and
// meant for any other upload that wants a progress bar. No dependencies, no Zod: this ships
// to the browser. Same-origin requests carry the session cookie; the JSON API answers
// `{ error }` on failure, which the caller reads from `json`.

export type UploadResponse = { status: number; json: unknown };

function namedError(name: "NetworkError" | "AbortError", message: string) {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * POSTs `body` to `url` (same origin) with `Accept: application/json`, reporting the upload's
 * progress as a fraction 0–1. Resolves with the status and the parsed JSON body (null when the
 * body is not JSON) for any HTTP answer, errors included; rejects with an Error named
 * "NetworkError" when no answer arrives, or "AbortError" when `signal` aborts.
 */
export function sendWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(namedError("AbortError", "Envío cancelado."));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const done = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.open("POST", url);
    // Same-origin requests send cookies anyway; never send them to another origin.
    xhr.withCredentials = false;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      done();
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => {
      done();
      reject(namedError("NetworkError", "No se pudo conectar con el servidor."));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(namedError("AbortError", "Envío cancelado."));
    };
    signal?.addEventListener("abort", onAbortSignal, { once: true });
    xhr.send(body);
  });
}

/** The `error` string of a JSON error answer (`{ error: "..." }`), if there is one. */
export function errorMessageOf(json: unknown): string | null {
  if (json && typeof json === "object" && "error" in json) {
    const error = (json as { error: unknown }).error;
    if (typeof error === "string" && error.trim()) return error;
  }
  return null;
}

/** No answer from the server (docs/product.md#texts-library; any upload with a progress bar). */
export const CONNECTION_FAILED = "Error al conectar con el servidor.";

/** The browser's quick check of a chosen or dropped file; the server still reads its magic bytes. */
export function looksLikePdf(file: { name: string; type: string }): boolean {
  return /\.pdf$/i.test(file.name) || file.type === "application/pdf";
}
