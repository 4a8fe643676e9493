// The one way the product writes a spreadsheet export (participants, gradebooks): CSV that a
// Spanish-locale spreadsheet (Excel, LibreOffice, Google Sheets set to Chile) opens as columns
// with a double click: UTF-8 with a BOM (so the accents read right), ";" between cells (the
// list separator where "," is the decimal comma), CRLF line ends (RFC 4180), dates as es-CL
// (dd-mm-aaaa, America/Santiago). A cell that would start a formula (= + - @, or a tab or
// carriage return) is neutralised with a leading apostrophe. Large exports are streamed batch by
// batch, never built whole in memory.
import { contentDisposition } from "./serve-file.server.ts";

const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";

export type CsvCell = string | number | null | undefined;

/** One cell, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, CRLF ended. */
function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

/** A whole small document: BOM, header line, rows. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let out = BOM + csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/** A download of rows read batch by batch (each batch a page of the database). */
export function csvResponse(
  filename: string,
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly CsvCell[]>>,
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", safeFileName(filename)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

// eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** A file name without the characters file systems refuse. */
export function safeFileName(name: string) {
  return name.replace(NOT_IN_FILE_NAMES, " ").replace(/\s+/g, " ").trim() || "export.csv";
}
