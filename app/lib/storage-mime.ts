const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/** The content type of a server-made storage key (its extension was set from magic bytes). */
export function detectMimeFromKey(key: string): string {
  const ext = key.split(".").pop() ?? "";
  return BY_EXTENSION[ext] ?? "application/octet-stream";
}
