// A pasted or uploaded list (docs/product.md#importar-usuarios), read with csv-parse: ';', ',' or tab, optional
// header row; every row is checked with the registration's and the RUT's rules, each refusal with its reason.
import { parse } from "csv-parse/sync";
import { email, PersonFields } from "~/features/accounts/schema.ts";
import { checkRut } from "../rut.ts";
import { LIST_EMPTY, LIST_NOT_TEXT } from "./texts.ts";

/** At most this many rows in one list (a school's whole enrolment fits; larger files are split). */
export const MAX_LIST_ROWS = 5000;
/** At most this many bytes of text or file (5 000 rows of about 100 characters, with room). */
export const MAX_LIST_BYTES = 2 * 1024 * 1024;
export const LIST_TOO_LARGE =
  `La lista tiene más de ${MAX_LIST_ROWS.toLocaleString("es-CL")} filas: ` + "divídela en varias importaciones.";

const COLUMNS = ["correo", "nombre", "apellido", "rut", "fechaNacimiento"] as const;
/** Columns only a header names: a school system's export (SIGE: RUN, DV, Apellido paterno, …). */
type Column = (typeof COLUMNS)[number] | "apellidoPaterno" | "apellidoMaterno" | "dv" | "curso";

/** A row as checked: `errors` empty when it may become an account. */
export type ListRow = {
  /** The line of the text where the row starts (1 is the first line, the header's when there is one). */
  line: number;
  correo: string;
  nombre: string;
  apellido: string;
  /** Normalised ('12345678-5'), or null when absent; when refused, its number and digit ('12345678-4') or as typed. */
  rut: string | null;
  /** The RUT as shown, refused or not: '12.345.678-5' (or as typed when it has no RUT's shape). */
  rutShown: string | null;
  /** The list's 'Curso' column, shown beside the row (docs/decisions/041). */
  curso: string | null;
  /** YYYY-MM-DD, or null when absent; the value as typed when refused. */
  fechaNacimiento: string | null;
  errors: string[];
};

/** What a kind of import allows: a class's list may leave the e-mail empty (docs/decisions/023). */
export type ListRules = { emailOptional?: boolean };

export type ParsedList =
  /** `text`: what was read (a file's bytes decoded), which a confirmation sends again. */
  { ok: true; rows: ListRow[]; header: boolean; text: string } | { ok: false; error: string };

/** A file's bytes as text: UTF-8, UTF-16 by its BOM, else Windows-1252; null for no text (NUL bytes). */
export function decodeList(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes.includes(0)) return null;
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return new TextDecoder("windows-1252").decode(body);
  }
}

type CsvRecord = { line: number; cells: string[]; unclosed: boolean };

/** The records of cells (csv-parse, leniently) with their first line; an unclosed quote ends the text. */
function splitRecords(text: string, delimiter: string): CsvRecord[] {
  const bytes = Buffer.from(text, "utf8");
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 0;
  let unclosed = false;
  parse(bytes, {
    delimiter,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_quotes: true,
    relax_column_count: true,
    trim: true,
    skip_records_with_error: true,
    on_record: (cells: string[], { bytes: end }) => {
      if (unclosed) return null;
      records.push({ line, cells, unclosed: false });
      // `end` is where the record's line break ends, in bytes: the next record starts there.
      line += bytes.toString("utf8", start, end).match(/\r\n|\r|\n/g)?.length ?? 0;
      start = end;
      return null;
    },
    on_skip: () => {
      if (!unclosed) records.push({ line, cells: [], unclosed: true });
      unclosed = true;
    },
  });
  return records;
}

/** The separator of the first lines: the most frequent of ';', tab and ',' (';' on a tie: Excel in Spanish). */
export function detectDelimiter(text: string): string {
  const sample = text
    .split(/\r\n|\n|\r/, 50)
    .filter((l) => l.trim() !== "")
    .slice(0, 5)
    .join("\n");
  const count = (d: string) => sample.split(d).length - 1;
  const candidates = [";", "\t", ","].map((d) => ({ d, n: count(d) }));
  return candidates.reduce((best, c) => (c.n > best.n ? c : best)).d;
}

/** A header cell's words without case, accents, underscores or hyphens: 'Fecha_de_Nacimiento' → 'fecha de
 * nacimiento'. */
function headerKey(cell: string): string {
  return cell
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s_.-]+/g, " ")
    .trim();
}

const HEADER_NAMES: { [key: string]: Column } = {
  correo: "correo",
  "correo electronico": "correo",
  email: "correo",
  "e mail": "correo",
  mail: "correo",
  nombre: "nombre",
  nombres: "nombre",
  apellido: "apellido",
  apellidos: "apellido",
  rut: "rut",
  run: "rut",
  "r u t": "rut",
  "r u n": "rut",
  "apellido paterno": "apellidoPaterno",
  "primer apellido": "apellidoPaterno",
  "apellido materno": "apellidoMaterno",
  "segundo apellido": "apellidoMaterno",
  dv: "dv",
  "digito verificador": "dv",
  "digito ver": "dv",
  curso: "curso",
  "fecha de nacimiento": "fechaNacimiento",
  "fecha nacimiento": "fechaNacimiento",
  nacimiento: "fechaNacimiento",
};

/** The header row's columns by position, or null when the first row is data. */
function readHeader(cells: string[]): (Column | null)[] | null {
  if (cells.some((c) => c.includes("@"))) return null;
  const columns = cells.map((c) => HEADER_NAMES[headerKey(c)] ?? null);
  return columns.some((c) => c !== null) ? columns : null;
}

/** A column as a refusal names it: its first header name, «fecha de nacimiento». */
const columnLabel = (column: Column) => `«${Object.keys(HEADER_NAMES).find((k) => HEADER_NAMES[k] === column)}»`;

/** A value quoted in a reason: one line, at most 60 characters. */
function shown(value: string): string {
  const line = value.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** dd-mm-aaaa, dd/mm/aaaa, dd.mm.aaaa or aaaa-mm-dd (day and month of one or two digits) → YYYY-MM-DD, or null. */
function readDate(value: string): string | null {
  const pad = (n: string) => n.padStart(2, "0");
  const dmy = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(value);
  if (dmy) return `${dmy[4]}-${pad(dmy[3]!)}-${pad(dmy[1]!)}`;
  const ymd = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(value);
  if (ymd) return `${ymd[1]}-${pad(ymd[3]!)}-${pad(ymd[4]!)}`;
  return null;
}

const emailRule = email("falta el correo");

/** One row's values, checked with the registration's rules. */
function checkRow(
  line: number,
  values: { [C in Column]?: string },
  rules: ListRules,
): ListRow & { valid: { correo: boolean; rut: boolean } } {
  const errors: string[] = [];
  const raw = (c: Column) => (values[c] ?? "").trim();

  let correo = raw("correo");
  const parsedEmail = emailRule.safeParse(correo);
  if (parsedEmail.success) correo = parsedEmail.data;
  else if (correo !== "" || !rules.emailOptional) {
    errors.push(correo === "" ? "falta el correo" : `el correo «${shown(correo)}» no es válido`);
  }

  const name = (column: "nombre" | "apellido", missing: string) => {
    const value = raw(column);
    if (value === "") {
      errors.push(missing);
      return value;
    }
    const parsed = PersonFields[column].safeParse(value);
    if (parsed.success) return parsed.data;
    errors.push(`${column}: el texto es demasiado largo o tiene caracteres no permitidos`);
    return value;
  };
  // A school's export splits the surname in two: one 'apellido' of both, as the person is named.
  if (!values.apellido && (values.apellidoPaterno || values.apellidoMaterno)) {
    values.apellido = `${raw("apellidoPaterno")} ${raw("apellidoMaterno")}`.trim();
  }
  const nombre = name("nombre", "falta el nombre");
  const apellido = name("apellido", "falta el apellido");

  // A RUN without its digit, and the digit in a column of its own ('DV'): one RUT.
  const typedRut = raw("dv") && raw("rut") && !raw("rut").includes("-") ? `${raw("rut")}-${raw("dv")}` : raw("rut");
  const checkedRut = typedRut === "" ? null : checkRut(typedRut);
  if (checkedRut?.error) errors.push(checkedRut.error);

  let fechaNacimiento: string | null = raw("fechaNacimiento") || null;
  if (fechaNacimiento !== null) {
    const iso = readDate(fechaNacimiento);
    const date = `la fecha de nacimiento «${shown(fechaNacimiento)}»`;
    if (!iso) errors.push(`${date} no se entiende (usa dd-mm-aaaa, dd/mm/aaaa o aaaa-mm-dd)`);
    else if (!PersonFields.fechaNacimiento.safeParse(iso).success) errors.push(`${date} no es válida`);
    else fechaNacimiento = iso;
  }
  return {
    line,
    correo,
    nombre,
    apellido,
    rut: checkedRut?.rut ?? null,
    rutShown: checkedRut?.shown ?? null,
    curso: raw("curso") || null,
    fechaNacimiento,
    errors,
    valid: { correo: parsedEmail.success, rut: checkedRut !== null && checkedRut.error === null },
  };
}

/** Reads a list: a row is refused with all its reasons, the whole list with `ok: false`; lines count blanks. */
export function parseList(input: string, rules: ListRules = {}): ParsedList {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  if (text.length > MAX_LIST_BYTES) return { ok: false, error: LIST_TOO_LARGE };
  const records = splitRecords(text, detectDelimiter(text)).filter(
    (r) => r.unclosed || r.cells.some((c) => c.trim() !== ""),
  );
  if (records.length === 0) return { ok: false, error: LIST_EMPTY };

  // The header is the first of the first rows naming two known columns (a title may stand above it).
  const known = (r: CsvRecord) => readHeader(r.cells.map((c) => c.trim()))?.filter(Boolean).length ?? 0;
  const start = records.slice(0, 10).findIndex((r) => known(r) >= 2);
  if (start > 0) records.splice(0, start);
  const header = readHeader(records[0]!.cells.map((c) => c.trim()));
  if (header) {
    const has = (c: Column) => header.includes(c);
    const missing = [
      ...(rules.emailOptional || has("correo") ? [] : (["correo"] as const)),
      ...(has("nombre") ? [] : (["nombre"] as const)),
      ...(has("apellido") || has("apellidoPaterno") ? [] : (["apellido"] as const)),
    ];
    if (missing.length > 0) {
      const error =
        `La fila de encabezados no tiene la columna ${missing.map(columnLabel).join(", ")}. ` +
        (rules.emailOptional
          ? "Usa nombres y apellido (o apellido paterno y materno) y, si quieres, RUN o RUT, correo y curso."
          : "Usa correo, nombre y apellido (y, si quieres, rut y fecha de nacimiento).");
      return { ok: false, error };
    }
    const repeated = header.find((c, i) => c !== null && header.indexOf(c) !== i);
    if (repeated) return { ok: false, error: `La fila de encabezados repite la columna ${columnLabel(repeated)}.` };
  }
  const data = header ? records.slice(1) : records;
  if (data.length === 0) return { ok: false, error: LIST_EMPTY };
  if (data.length > MAX_LIST_ROWS) return { ok: false, error: LIST_TOO_LARGE };

  const checked = data.map((record) => {
    const cells = [...record.cells];
    // Spreadsheets write every row as wide as the widest: trailing empty cells are no columns.
    while (cells.length > 0 && cells.at(-1)!.trim() === "") cells.pop();
    const values: { [C in Column]?: string } = {};
    if (header) header.forEach((column, i) => column && (values[column] = cells[i]));
    else COLUMNS.forEach((column, i) => (values[column] = cells[i]));
    const row = checkRow(record.line, values, rules);
    if (!header && cells.length > COLUMNS.length) {
      const expected = "se esperan de 3 a 5 (correo; nombre; apellido; rut; fecha de nacimiento)";
      row.errors.unshift(`tiene ${cells.length} columnas; ${expected}`);
    }
    // Nothing of a record whose quotes do not close can be read: that is its one reason.
    if (record.unclosed) row.errors = ["las comillas de un campo no se cierran"];
    return row;
  });

  // The same address or RUT twice in the list: the later rows are refused, naming the first.
  const firstByEmail = new Map<string, number>();
  const firstByRut = new Map<string, number>();
  const rows = checked.map(({ valid, ...row }): ListRow => {
    if (valid.correo) {
      const first = firstByEmail.get(row.correo);
      if (first === undefined) firstByEmail.set(row.correo, row.line);
      else row.errors.push(`el correo se repite: ya está en la línea ${first}`);
    }
    if (valid.rut && row.rut) {
      const first = firstByRut.get(row.rut);
      if (first === undefined) firstByRut.set(row.rut, row.line);
      else row.errors.push(`el RUT se repite: ya está en la línea ${first}`);
    }
    return row;
  });
  return { ok: true, rows, header: header !== null, text };
}

/** An uploaded file's bytes, decoded (decodeList) and read; a file that is no text is refused whole. */
export function parseListFile(bytes: Uint8Array, rules: ListRules = {}): ParsedList {
  if (bytes.byteLength > MAX_LIST_BYTES) return { ok: false, error: LIST_TOO_LARGE };
  const text = decodeList(bytes);
  return text === null ? { ok: false, error: LIST_NOT_TEXT } : parseList(text, rules);
}
