// 'Importar notas' of a manual column (docs/decisions/047-gradebook-import-order-filter.md): one
// request for the page's form and POST …/columnas/{columnaId}/importar (JSON, form or multipart
// with the file `archivo`), and the answers. Server only (decision 003).
import { z } from "zod";
import { flag, ListFields, readListBody } from "~/features/accounts/import/schema.ts";
import { LIST_FILE_FIELD } from "~/features/accounts/import/texts.ts";
import { MAX_LIST_BYTES } from "~/features/accounts/import/parse-list.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { gradeCsvText } from "./grade-import.server.ts";
import { IMPORT_NO_FILE } from "./texts.ts";

export const GradeImportFieldsSchema = z.object({
  lista: z
    .string()
    .max(MAX_LIST_BYTES)
    .optional()
    .meta({
      description:
        "El CSV como texto: una fila de encabezados con «Correo» (o «Usuario» o «RUT»), «Nota» (o " +
        "«<columna> - Nota», como en el CSV del libro) y, si quieres, «Comentario»; separado por «;» o «,».",
    }),
  confirmar: flag.meta({ description: "false: solo la vista previa (nada se escribe); true: guarda las notas." }),
  huella: ListFields.huella,
});
export const GradeImportFormSchema = GradeImportFieldsSchema.extend({
  [LIST_FILE_FIELD]: z.file().optional().meta({
    description: "El archivo en lugar de lista: CSV (UTF-8 con o sin BOM, UTF-16 con BOM o Windows-1252).",
  }),
});

const nota = z.number().min(1).max(7).multipleOf(0.1);
const RowSchema = z.object({
  linea: z.number().int().meta({ description: "La línea del archivo." }),
  identificador: z.string().meta({ description: "El correo, usuario o RUT de la fila, como venía." }),
  estado: z.enum(["escribir", "igual", "sin-nota", "fuera", "error"]).meta({
    description:
      "escribir: nota nueva o distinta; igual: ya tiene esa nota y comentario; sin-nota: celda vacía, se deja " +
      "como está; fuera: nadie del curso tiene ese correo, usuario o RUT (no se escribe); error: ver motivo.",
  }),
  nombre: z.string().nullable().meta({ description: "El nombre de la persona del curso; null si no es del curso." }),
  nota: nota.nullable(),
  notaActual: nota.nullable().meta({ description: "La nota que tiene ahora en la columna." }),
  comentario: z
    .string()
    .meta({ description: "El comentario que queda: el del archivo o, sin esa columna, el actual." }),
  motivo: z.string().nullable(),
});

/** The preview (confirmar=false): nothing is written. */
export const GradeImportPreviewSchema = z.object({
  columna: z.object({ id: z.string(), nombre: z.string() }),
  filas: z.array(RowSchema),
  resumen: z.object({
    escribir: z.number().int(),
    igual: z.number().int(),
    sinNota: z.number().int(),
    fuera: z.number().int(),
    errores: z.number().int(),
  }),
  huella: z.string().meta({ description: "Envíala con confirmar=true y el mismo archivo para guardar las notas." }),
});
export type GradeImportPreviewAnswer = z.output<typeof GradeImportPreviewSchema>;

/** The confirmation (confirmar=true). */
export const GradeImportDoneSchema = z.object({
  message: z.string(),
  escritas: z.number().int().meta({ description: "Las notas guardadas." }),
});
export type GradeImportDoneAnswer = z.output<typeof GradeImportDoneSchema>;

export type GradeImportRequest = { text: string; confirmar: boolean; huella: string; columnaId: string };

/** Reads an import's body: the CSV (file or text), confirmar, huella, and the form's columnaId. */
export async function readGradeImportRequest(request: Request): Promise<Result<GradeImportRequest>> {
  const body = await readListBody(request);
  if (!body.ok) return body;
  const { fields, file } = body;
  const parsed = GradeImportFieldsSchema.safeParse(fields);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Datos inválidos.");
  const { lista, confirmar, huella } = parsed.data;
  const columnaId = typeof fields.columnaId === "string" ? fields.columnaId : "";
  if (file) {
    const read = gradeCsvText(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) return read;
    return ok({ text: read.text, confirmar, huella: huella ?? "", columnaId });
  }
  if (!lista?.trim()) return fail(400, IMPORT_NO_FILE);
  return ok({ text: lista, confirmar, huella: huella ?? "", columnaId });
}
