// An uploaded .xlsx (docs/decisions/041): its first sheet becomes a pasted list's tab-separated text. The zip is
// unpacked first with fflate, in slices, stopped past MAX_XLSX_UNPACKED bytes or the list's rows (zip bombs).
import { Unzip, UnzipInflate, zipSync } from "fflate";
import { readSheet } from "read-excel-file/node";
import { XLSX_TOO_LARGE, XLSX_UNREADABLE } from "./texts.ts";
import { LIST_TOO_LARGE, MAX_LIST_BYTES, MAX_LIST_ROWS, parseList, parseListFile } from "./parse-list.ts";
import type { ListRules, ParsedList } from "./parse-list.ts";

/** At most this many bytes of XML from one .xlsx (5 000 rows of twenty columns are about 7 MB). */
export const MAX_XLSX_UNPACKED = 10 * 1024 * 1024;
/** More rows than a list may have (its rows, a header and a few title rows): refused before reading. */
const MAX_SHEET_ROWS = MAX_LIST_ROWS + 20;
/** The slice of the archive fed at a time: one slice inflates to at most ≈ 1 000 times its size. */
const SLICE = 4 * 1024;

/** A zip's first bytes ('PK\x03\x04'): an .xlsx (or another zip, which its reading refuses). */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The parts a sheet's cells need: the package's XML and relations, never its images or macros. */
const NEEDED =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/(_rels\/)?[\w.-]+\.(xml|rels)|xl\/worksheets\/[\w.-]+\.xml)$/;

/** The archive's needed parts; "too-large" or "too-long" past the limits; null when it is no zip. */
function unpack(bytes: Uint8Array): Record<string, Uint8Array> | "too-large" | "too-long" | null {
  const parts: Record<string, Uint8Array[]> = {};
  let total = 0;
  let stopped: "too-large" | "too-long" | null = null;
  const unzip = new Unzip((file) => {
    if (!NEEDED.test(file.name)) return;
    const chunks: Uint8Array[] = (parts[file.name] = []);
    const sheet = file.name.startsWith("xl/worksheets/");
    let rows = 0;
    let tail = "";
    file.ondata = (error, chunk) => {
      if (error || stopped) return;
      total += chunk.length;
      if (sheet) {
        // Each row of a sheet is a <row …> element; the tail keeps one split across two chunks.
        const text = tail + Buffer.from(chunk).toString("latin1");
        rows += text.match(/<row[\s>]/g)?.length ?? 0;
        tail = text.slice(-4);
      }
      stopped = total > MAX_XLSX_UNPACKED ? "too-large" : rows > MAX_SHEET_ROWS ? "too-long" : null;
      if (stopped) file.terminate();
      else chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !stopped; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
    }
  } catch {
    return null;
  }
  if (stopped) return stopped;
  const out: Record<string, Uint8Array> = {};
  for (const [name, chunks] of Object.entries(parts)) out[name] = Buffer.concat(chunks);
  return out;
}

/** A cell as the text of a tab-separated list: dates as dd-mm-aaaa, one line, quoted when it has a quote. */
function cellText(value: unknown): string {
  let text: string;
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, "0");
    text = `${pad(value.getUTCDate())}-${pad(value.getUTCMonth() + 1)}-${value.getUTCFullYear()}`;
  } else text = typeof value === "string" || typeof value === "number" ? String(value) : "";
  text = text.replace(/[\t\r\n]+/g, " ").trim();
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An .xlsx's first sheet as a list's text, or why it cannot be read. */
async function xlsxText(bytes: Uint8Array): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const parts = unpack(bytes);
  if (parts === "too-large") return { ok: false, error: XLSX_TOO_LARGE };
  if (parts === "too-long") return { ok: false, error: LIST_TOO_LARGE };
  if (parts === null) return { ok: false, error: XLSX_UNREADABLE };
  let rows: unknown[][];
  try {
    rows = await readSheet(Buffer.from(zipSync(parts, { level: 0 })));
  } catch {
    return { ok: false, error: XLSX_UNREADABLE };
  }
  const lines = rows.map((row) => row.map(cellText).join("\t")).filter((line) => line.trim() !== "");
  if (lines.length > MAX_SHEET_ROWS) return { ok: false, error: LIST_TOO_LARGE };
  return { ok: true, text: lines.join("\n") };
}

/** An uploaded file: an .xlsx read as above, anything else as a CSV (parseListFile). */
export async function readListFile(bytes: Uint8Array, rules: ListRules = {}): Promise<ParsedList> {
  if (!isZip(bytes)) return parseListFile(bytes, rules);
  if (bytes.byteLength > MAX_LIST_BYTES) return { ok: false, error: LIST_TOO_LARGE };
  const read = await xlsxText(bytes);
  return read.ok ? parseList(read.text, rules) : read;
}
