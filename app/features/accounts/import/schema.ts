// The importer's request: one schema for the page's form and POST /api/admin/usuarios/importar (decision 003).
import { z } from "zod";
import { SELF_SERVICE_ROLES } from "~/features/accounts/roles.ts";
import { BODY_NOT_JSON, BODY_NOT_OBJECT, BODY_TOO_LARGE } from "~/lib/api.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { BodyTooLargeError, readBodyCapped } from "~/lib/form.server.ts";
import { LIST_EMPTY_FIELDS, IMPORT_ROLE_INVALID, LIST_FILE_FIELD } from "./texts.ts";
import { MAX_LIST_BYTES, parseList, type ListRow, type ListRules } from "./parse-list.ts";
import { readListFile } from "./read-xlsx.server.ts";

/** A yes/no of a form ('on', 'true', '1') or JSON (true). */
export const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"]).transform((v) => v !== "false" && v !== "0")])
  .default(false);

/** The fields every list import has (this one and a class's): the text, and the preview's fingerprint. */
export const ListFields = {
  lista: z
    .string()
    .max(MAX_LIST_BYTES)
    .optional()
    .meta({ description: "La lista pegada: correo; nombre; apellido; rut; fecha de nacimiento (una fila por línea)." }),
  huella: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "Con confirmar=true: la `huella` de la vista previa de esta misma lista." }),
  /** The file instead of the text: the multipart body's, for the OpenAPI document. */
  [LIST_FILE_FIELD]: z
    .file()
    .optional()
    .meta({
      description:
        "El archivo en lugar de lista: Excel (.xlsx, su primera hoja) o CSV (UTF-8 con o sin BOM, UTF-16 con BOM " +
        "o Windows-1252).",
    }),
};

export const ImportFieldsSchema = z.object({
  lista: ListFields.lista,
  rol: z
    .enum(SELF_SERVICE_ROLES, { error: IMPORT_ROLE_INVALID })
    .meta({ description: "El rol de las cuentas nuevas." }),
  autorizacionColegio: flag.meta({
    description: "El colegio reunió la autorización de madre, padre o tutor de quienes tienen menos de 14 años.",
  }),
  confirmar: flag.meta({ description: "false: solo la vista previa (nada se escribe); true: crea las cuentas." }),
  huella: ListFields.huella,
});

/** The API's multipart body, for the OpenAPI document: the same fields and the file. */
export const ImportFormSchema = ImportFieldsSchema.extend({ [LIST_FILE_FIELD]: ListFields[LIST_FILE_FIELD] });

const PreviewRowSchema = z.object({
  linea: z.number().int().meta({ description: "La línea del texto donde está la fila." }),
  estado: z.enum(["nueva", "existe", "error"]).meta({
    description:
      "nueva: se creará la cuenta; existe: el correo ya tiene cuenta y se deja como está; error: ver motivo.",
  }),
  correo: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  rut: z.string().nullable().meta({ description: "Normalizado (12345678-5), o como venía si es inválido." }),
  fechaNacimiento: z.string().nullable().meta({ description: "AAAA-MM-DD, o como venía si es inválida." }),
  motivo: z.string().nullable().meta({ description: "Con estado error: los motivos, separados por «; »." }),
});

/** The preview (confirmar=false): nothing is written. */
export const ImportPreviewSchema = z.object({
  filas: z.array(PreviewRowSchema),
  resumen: z.object({ nuevas: z.number().int(), existentes: z.number().int(), errores: z.number().int() }),
  huella: z.string().meta({ description: "Envíala con confirmar=true y la misma lista para crear las cuentas." }),
});
export type ImportPreviewAnswer = z.output<typeof ImportPreviewSchema>;

/** The confirmation (confirmar=true): the accounts created. */
export const ImportDoneSchema = z.object({
  message: z.string(),
  creadas: z.number().int(),
  existentes: z.number().int().meta({ description: "Filas cuyo correo ya tenía cuenta (quedaron como estaban)." }),
  ids: z.array(z.string()).meta({ description: "Los id de las cuentas creadas." }),
});
export type ImportDoneAnswer = z.output<typeof ImportDoneSchema>;

/** Room for the other fields of a form or JSON body besides the list. */
const BODY_MARGIN = 64 * 1024;

/** A list import's body read: the checked fields, the list's text (a file's, decoded) and its rows. */
export type ListRequest<T> = { fields: T; text: string; rows: ListRow[] };

/** Reads a list import's body (this one's and a class's): the text or the file, and the fields `schema` checks. */
/**
 * A list's body as sent (multipart or urlencoded form, or JSON), read up to MAX_LIST_BYTES: its
 * fields, and its file (`archivo`) when one was chosen. Used by every list import (people, class,
 * grades).
 */
export async function readListBody(
  request: Request,
): Promise<Result<{ fields: Record<string, unknown>; file: File | null }>> {
  const type = request.headers.get("Content-Type") ?? "";
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyCapped(request, MAX_LIST_BYTES + BODY_MARGIN);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return fail(413, BODY_TOO_LARGE);
    throw error;
  }
  let fields: Record<string, unknown>;
  let file: File | null = null;
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await new Response(bytes, { headers: { "Content-Type": type } }).formData().catch(() => null);
    if (!form) return fail(400, "Formulario inválido.");
    const upload = form.get(LIST_FILE_FIELD);
    if (upload instanceof File && upload.size > 0) file = upload;
    form.delete(LIST_FILE_FIELD);
    fields = Object.fromEntries(form);
  } else {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return fail(400, BODY_NOT_JSON);
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return fail(400, BODY_NOT_OBJECT);
    fields = body as Record<string, unknown>;
  }
  return ok({ fields, file });
}

export async function readListRequest<S extends z.ZodType<{ lista?: string | undefined }>>(
  request: Request,
  schema: S,
  rules: ListRules = {},
): Promise<Result<ListRequest<z.output<S>>>> {
  const body = await readListBody(request);
  if (!body.ok) return body;
  const { fields, file } = body;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Datos inválidos.");
  const lista = parsed.data.lista;
  if (!file && !lista?.trim()) return fail(400, LIST_EMPTY_FIELDS);
  const list = file ? await readListFile(new Uint8Array(await file.arrayBuffer()), rules) : parseList(lista!, rules);
  if (!list.ok) return fail(400, list.error);
  return ok({ fields: parsed.data, text: list.text, rows: list.rows });
}
