// File types are decided by magic bytes, never by the name or the browser's Content-Type.
export type FileKind = "pdf" | "jpeg" | "png" | "webp";

/** The refusal of anything but a PDF where only PDFs go (server check and the browser's early one). */
export const PDF_ONLY = "Solo se permite subir archivos PDF.";
export const IMAGE_ONLY = "El archivo debe ser una imagen JPEG, PNG o WebP.";

/** What an upload field takes: a PDF, or a picture (JPEG, PNG, WebP). */
export type UploadKind = "pdf" | "image";

/** The refusal of a file over the size limit (`mb` as shown: "10", "9,5"): server and browser. */
export function tooLargeMessage(kind: UploadKind, mb: string) {
  return kind === "pdf" ? `El PDF supera el máximo de ${mb} MB.` : `La imagen supera el máximo de ${mb} MB.`;
}

/**
 * The browser's early check of a chosen file (by its declared type and size; the server decides
 * again by its bytes): the message to show, or null when it may be sent.
 */
export function checkChosenFile(file: { type: string; name: string; size: number }, kind: UploadKind, mb: string) {
  const type = file.type.toLowerCase();
  const isPdf = type === "application/pdf" || (type === "" && /\.pdf$/i.test(file.name));
  const isImage = ["image/jpeg", "image/png", "image/webp"].includes(type);
  if (kind === "pdf" ? !isPdf : !isImage) return kind === "pdf" ? PDF_ONLY : IMAGE_ONLY;
  const limit = Number(mb.replace(",", ".")) * 1024 * 1024;
  if (Number.isFinite(limit) && limit > 0 && file.size > limit) return tooLargeMessage(kind, mb);
  return null;
}

export const MIME: Record<FileKind, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export const EXTENSION: Record<FileKind, string> = {
  pdf: ".pdf",
  jpeg: ".jpg",
  png: ".png",
  webp: ".webp",
};

export function detectFileKind(head: Uint8Array): FileKind | null {
  const b = head;
  if (b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d) {
    return "pdf"; // %PDF-
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return "png";
  }
  if (
    b.length >= 12 &&
    b[0] === 0x52 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x46 && // RIFF
    b[8] === 0x57 &&
    b[9] === 0x45 &&
    b[10] === 0x42 &&
    b[11] === 0x50 // WEBP
  ) {
    return "webp";
  }
  return null;
}
