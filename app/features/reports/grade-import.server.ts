// 'Importar notas' of a manual column (docs/decisions/047-gradebook-import-order-filter.md), for
// the gradebook page and POST /api/cursos/{cursoId}/calificaciones/columnas/{columnaId}/importar.
// A CSV as es-CL Excel writes it (';', BOM, comma decimals; also ','), with a header row naming
// who (Correo, Usuario or RUT) and the nota (and optionally Comentario); the gradebook's own CSV
// reads back as it is. The preview writes nothing; the confirmation reads the very text again,
// checks every row again and writes through writeGrades: all its notas or none, audited.
import { parse } from "csv-parse/sync";
import { fingerprintOf } from "~/features/accounts/import/import.server.ts";
import { decodeList, detectDelimiter, MAX_LIST_BYTES, MAX_LIST_ROWS } from "~/features/accounts/import/parse-list.ts";
import { IMPORT_CHANGED } from "~/features/accounts/import/texts.ts";
import { checkRut } from "~/features/accounts/rut.ts";
import { NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { fullName } from "~/features/accounts/roles.ts";
import { chunks } from "~/lib/chunks.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { isRecordId } from "~/lib/ids.ts";
import { manualGradesOf, writeGrades } from "./grade-columns.server.ts";
import { notaTenthsFrom } from "./grade-columns-schema.ts";
import {
  COLUMN_NOT_FOUND,
  COMMENT_TOO_LONG,
  IMPORT_EMPTY,
  IMPORT_HAS_ERRORS,
  IMPORT_NO_ID_COLUMN,
  IMPORT_NOT_TEXT,
  IMPORT_NOTHING,
  importNoNotaColumn,
  ROW_NO_ID,
  ROW_NOT_PARTICIPANT,
  rowNotaInvalid,
  rowRepeated,
} from "./texts.ts";
import { LIST_TOO_LARGE } from "~/features/accounts/import/parse-list.ts";

/**
 * A row as the import treats it. escribir: a new or changed nota; igual: the nota and comment it
 * has already; sin-nota: the nota cell is empty, the row is left as it is; fuera: nobody of the
 * course has that correo, usuario or RUT (never said whether an account has it); error: see motivo.
 */
export type ImportRow = {
  linea: number;
  identificador: string;
  estado: "escribir" | "igual" | "sin-nota" | "fuera" | "error";
  /** The learner's name, when a participant of the course. */
  nombre: string | null;
  nota: number | null;
  notaActual: number | null;
  /** The comment the row writes: the file's, or without a Comentario column the current one. */
  comentario: string;
  motivo: string | null;
};
export type GradeImportPreview = {
  columna: { id: string; nombre: string };
  filas: ImportRow[];
  resumen: { escribir: number; igual: number; sinNota: number; fuera: number; errores: number };
  huella: string;
};

type Cell = { linea: number; id: string; nota: string; comentario: string | null };
const COMMENT_MAX = 500;

/** A header cell without case, accents, or the spaces, dots, dashes and underscores between words. */
const key = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s_.-]+/g, " ")
    .trim();
const ID_HEADERS = new Set(["correo", "correo electronico", "email", "e mail", "mail", "usuario", "rut", "run"]);

/** The file's rows (header read, cells picked), or the whole file's refusal. */
function readGradeCsv(text: string, columna: string): Result<{ cells: Cell[] }> {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (body.length > MAX_LIST_BYTES) return fail(400, LIST_TOO_LARGE);
  const records = parse(body, {
    // `info: true` makes each record { info, record } (csv-parse 7 types it as string[]).
    delimiter: detectDelimiter(body),
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    trim: true,
    info: true,
  }) as unknown as Array<{ info: { lines: number }; record: string[] }>;
  const rows = records.filter((r) => r.record.some((c) => c !== ""));
  if (rows.length < 2) return fail(400, IMPORT_EMPTY);
  if (rows.length > MAX_LIST_ROWS + 1) return fail(400, LIST_TOO_LARGE);
  const header = rows[0]!.record.map(key);
  const id = header.findIndex((h) => ID_HEADERS.has(h));
  if (id < 0) return fail(400, IMPORT_NO_ID_COLUMN);
  // The gradebook's CSV has '<columna> - Nota' and the final 'Nota': the column's own comes first.
  const own = key(columna);
  const find = (names: string[]) => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const nota = find([`${own} nota`, own, "nota"]);
  if (nota < 0) return fail(400, importNoNotaColumn(columna));
  const comentario = find([`${own} comentario`, "comentario", "comentarios"]);
  return ok({
    cells: rows.slice(1).map(({ info, record }) => ({
      linea: info.lines,
      id: record[id] ?? "",
      nota: record[nota] ?? "",
      comentario: comentario < 0 ? null : (record[comentario] ?? "").replace(/^'(?=[=+\-@])/, ""),
    })),
  });
}

/** What an identifier cell names: an e-mail, a RUT or a usuario (as the gradebook's CSV shows it). */
function identify(cell: string): { kind: "correo" | "rut" | "usuario"; value: string } | { error: string } | null {
  const value = cell.trim();
  if (value === "") return null;
  if (value.includes("@")) return { kind: "correo", value: value.toLowerCase() };
  if (/^[\d.]+-?[\dkK]$/.test(value) && value.replace(/\D/g, "").length >= 7) {
    const rut = checkRut(value);
    return rut.error ? { error: rut.error } : { kind: "rut", value: rut.rut };
  }
  return { kind: "usuario", value: value.toLowerCase() };
}

type Learner = { id: string; nombre: string; correo: string; rut: string | null; usuario: string | null };

/** The course's participants named by these identifiers: only enrolments of this course are read. */
async function participantsNamed(cursoId: string, ids: Array<{ kind: string; value: string }>) {
  const found: Learner[] = [];
  for (const part of chunks(ids)) {
    const of = (kind: string) => part.filter((i) => i.kind === kind).map((i) => i.value);
    const usuarios = of("usuario");
    const rows = await prisma.enrolment.findMany({
      where: {
        cursoId,
        user: {
          OR: [
            { correo: { in: [...of("correo"), ...usuarios.map((u) => `${u}@${NO_EMAIL_DOMAIN}`)] } },
            { rut: { in: of("rut") } },
            { usuario: { in: usuarios } },
          ],
        },
      },
      select: { user: { select: { id: true, nombre: true, apellido: true, correo: true, rut: true, usuario: true } } },
    });
    for (const { user } of rows) found.push({ ...user, nombre: fullName(user.nombre, user.apellido) });
  }
  const by = new Map<string, Learner>();
  for (const l of found) {
    by.set(`correo ${l.correo.toLowerCase()}`, l);
    if (l.rut) by.set(`rut ${l.rut}`, l);
    if (l.usuario) by.set(`usuario ${l.usuario.toLowerCase()}`, l);
    if (l.correo.endsWith(`@${NO_EMAIL_DOMAIN}`)) by.set(`usuario ${l.correo.split("@")[0]!.toLowerCase()}`, l);
  }
  return by;
}

/** Each row as the import would treat it, and the learner each valid row writes. Reads only. */
async function planImport(cursoId: string, column: { id: string; nombre: string }, text: string) {
  const read = readGradeCsv(text, column.nombre);
  if (!read.ok) return read;
  const named = read.cells.map((c) => ({ ...c, who: identify(c.id) }));
  const ids = named.flatMap((c) => (c.who && !("error" in c.who) ? [c.who] : []));
  const learners = await participantsNamed(cursoId, ids);
  const current = await manualGradesOf([column.id], [...new Set([...learners.values()].map((l) => l.id))]);
  const firstLine = new Map<string, number>();
  const userOf = new Map<number, string>();
  const filas = named.map(({ linea, id, nota, comentario, who }): ImportRow => {
    const errors: string[] = [];
    const learner = who && !("error" in who) ? learners.get(`${who.kind} ${who.value}`) : undefined;
    if (!who) errors.push(ROW_NO_ID);
    else if ("error" in who) errors.push(who.error);
    const cleaned = nota.replace(/^(\d)([.,]\d)0+$/, "$1$2");
    const tenths = nota === "" ? null : notaTenthsFrom(cleaned);
    if (nota !== "" && tenths === null) errors.push(rowNotaInvalid(nota));
    if (comentario !== null && comentario.length > COMMENT_MAX) errors.push(COMMENT_TOO_LONG);
    if (learner) {
      const first = firstLine.get(learner.id);
      if (first !== undefined) errors.push(rowRepeated(first));
      else firstLine.set(learner.id, linea);
    }
    const now = learner ? current.get(`${learner.id} ${column.id}`) : undefined;
    const comment = comentario ?? now?.comentario ?? "";
    const estado =
      errors.length > 0
        ? "error"
        : !learner
          ? "fuera"
          : tenths === null
            ? "sin-nota"
            : now && Math.round(now.nota * 10) === tenths && now.comentario === comment
              ? "igual"
              : "escribir";
    if (estado === "escribir") userOf.set(linea, learner!.id);
    return {
      linea,
      identificador: id,
      estado,
      nombre: learner?.nombre ?? null,
      nota: tenths === null ? null : tenths / 10,
      notaActual: now?.nota ?? null,
      comentario: comment,
      motivo: errors.length > 0 ? errors.join("; ") : estado === "fuera" ? ROW_NOT_PARTICIPANT : null,
    };
  });
  const count = (estado: ImportRow["estado"]) => filas.filter((f) => f.estado === estado).length;
  const preview: GradeImportPreview = {
    columna: { id: column.id, nombre: column.nombre },
    filas,
    resumen: {
      escribir: count("escribir"),
      igual: count("igual"),
      sinNota: count("sin-nota"),
      fuera: count("fuera"),
      errores: count("error"),
    },
    huella: fingerprintOf(["notas", column.id], text),
  };
  return ok({ preview, userOf });
}

async function columnOf(cursoId: string, columnaId: string) {
  if (!isRecordId(columnaId)) return null;
  // A manual column: a tarea's notas come from returning its hand-ins (docs/decisions/048-tareas.md).
  return prisma.gradeColumn.findFirst({
    where: { id: columnaId, cursoId, tipo: "manual" },
    select: { id: true, nombre: true },
  });
}

/** A file's bytes as text (UTF-8 with or without BOM, UTF-16, Windows-1252), or its refusal. */
export function gradeCsvText(bytes: Uint8Array): Result<{ text: string }> {
  if (bytes.byteLength > MAX_LIST_BYTES) return fail(400, LIST_TOO_LARGE);
  const text = decodeList(bytes);
  return text === null ? fail(400, IMPORT_NOT_TEXT) : ok({ text });
}

/** 'Revisar notas': every row as the import would treat it; nothing written. */
export async function previewGradeImport(
  cursoId: string,
  columnaId: string,
  text: string,
): Promise<Result<{ preview: GradeImportPreview }>> {
  const column = await columnOf(cursoId, columnaId);
  if (!column) return fail(404, COLUMN_NOT_FOUND);
  const plan = await planImport(cursoId, column, text);
  return plan.ok ? ok({ preview: plan.preview }) : plan;
}

export type GradeImportRefused = Result<never> & { preview?: GradeImportPreview };

/**
 * 'Guardar notas': the text must be the preview's (409), and read again without an error row
 * (400): the rows to write go through writeGrades, in one transaction with their audit rows (a
 * learner who left the course meanwhile: 404, nothing written).
 */
export async function confirmGradeImport(
  actor: { id: string },
  cursoId: string,
  columnaId: string,
  text: string,
  huella: string,
  request: Request | null,
): Promise<Result<{ escritas: number; preview: GradeImportPreview }, GradeImportRefused>> {
  const column = await columnOf(cursoId, columnaId);
  if (!column) return fail(404, COLUMN_NOT_FOUND);
  if (huella !== fingerprintOf(["notas", column.id], text)) return fail(409, IMPORT_CHANGED);
  const plan = await planImport(cursoId, column, text);
  if (!plan.ok) return plan;
  const { preview, userOf } = plan;
  if (preview.resumen.errores > 0) return { ...fail(400, IMPORT_HAS_ERRORS(preview.resumen.errores)), preview };
  const writes = preview.filas
    .filter((f) => f.estado === "escribir")
    .map((f) => ({ userId: userOf.get(f.linea)!, nota: Math.round(f.nota! * 10), comentario: f.comentario }));
  if (writes.length === 0) return { ...fail(400, IMPORT_NOTHING), preview };
  const written = await writeGrades(actor, cursoId, column.id, writes, request, "importada de un CSV");
  if (!written.ok) return written;
  return ok({ escritas: writes.length, preview });
}
