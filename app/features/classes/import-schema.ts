// A class import's request (docs/product.md#importing-a-list-into-a-class), for the page and the API:
// the admin importer's, except that a row may leave the e-mail empty. Server only (decision 003).
import { z } from "zod";
import { flag, ListFields, readListRequest } from "~/features/accounts/import/schema.ts";
import type { ListRow } from "~/features/accounts/import/parse-list.ts";
import { LIST_FILE_FIELD } from "~/features/accounts/import/texts.ts";
import type { Result } from "~/lib/failure.ts";
import { ok } from "~/lib/failure.ts";

export const ClassImportFieldsSchema = z.object({
  lista: ListFields.lista.meta({
    description:
      "La lista pegada: correo; nombre; apellido; rut; fecha de nacimiento (una fila por línea), o con " +
      "encabezados en cualquier orden, como los exporta SIGE: RUN o RUT, Apellido paterno, Apellido materno, " +
      "Nombres y, si quieres, Correo y Curso. El correo puede ir vacío: se crea una cuenta sin correo, con un " +
      "enlace de acceso en la respuesta.",
  }),
  autorizacionColegio: flag.meta({
    description: "El colegio reunió la autorización de madre, padre o tutor de quienes tienen menos de 14 años.",
  }),
  confirmar: flag.meta({
    description:
      "false: solo la vista previa (nada se escribe); true: crea e inscribe las cuentas nuevas e invita a " +
      "quien ya tiene cuenta.",
  }),
  huella: ListFields.huella,
});

/** The API's multipart body, for the OpenAPI document: the same fields and the file. */
export const ClassImportFormSchema = ClassImportFieldsSchema.extend({
  [LIST_FILE_FIELD]: ListFields[LIST_FILE_FIELD],
});

const RowSchema = z.object({
  linea: z.number().int().meta({ description: "La línea del texto donde está la fila." }),
  estado: z.enum(["agregar", "miembro", "error"]).meta({
    description:
      "agregar: se creará la cuenta o, si la persona ya tiene una, se le enviará una invitación (la vista " +
      "previa no dice cuál); miembro: ya está en la clase; error: ver motivo.",
  }),
  correo: z.string().meta({ description: "Vacío cuando la fila no trae correo." }),
  sinCorreo: z.boolean().meta({
    description:
      "Una fila por agregar sin correo: se crea una cuenta sin correo, con un usuario y una tarjeta de acceso " +
      "(o, si su RUT ya tiene cuenta, se le invita).",
  }),
  nombre: z.string(),
  apellido: z.string(),
  rut: z.string().nullable().meta({ description: "Normalizado (12345678-5); si es inválido, como venía." }),
  rutFormateado: z.string().nullable().meta({
    description: "El RUT como se muestra (12.345.678-5), también en las filas con error.",
  }),
  curso: z.string().nullable().meta({
    description: "La columna «Curso» de la lista, si la trae: solo se muestra, no se compara con la clase.",
  }),
  fechaNacimiento: z.string().nullable(),
  motivo: z.string().nullable().meta({ description: "Con estado error: los motivos, separados por «; »." }),
});

/** The preview (confirmar=false): nothing is written. */
export const ClassImportPreviewSchema = z.object({
  filas: z.array(RowSchema),
  resumen: z.object({
    agregar: z.number().int().meta({ description: "Filas por agregar: cuentas nuevas o invitaciones." }),
    sinCorreo: z.number().int().meta({ description: "De las filas por agregar, las que no traen correo." }),
    miembros: z.number().int(),
    errores: z.number().int(),
  }),
  huella: z
    .string()
    .meta({ description: "Envíala con confirmar=true y la misma lista para escribir (vale para quien la pidió)." }),
});
export type ClassImportPreviewAnswer = z.output<typeof ClassImportPreviewSchema>;

/** The confirmation (confirmar=true). */
export const ClassImportDoneSchema = z.object({
  message: z.string(),
  agregadas: z.number().int().meta({
    description: "Filas agregadas: cuentas nuevas, ya en la clase, o personas con cuenta invitadas a ella.",
  }),
  yaEstaban: z.number().int().meta({ description: "Filas de personas que ya estaban en la clase." }),
  sinCorreo: z
    .number()
    .int()
    .meta({
      description:
        "Cuentas nuevas sin correo: cada una tiene un usuario y una tarjeta de acceso, en la página " +
        "/docente/cursos/{cursoId}/clases/{claseId}/tarjetas.",
    }),
});
export type ClassImportDoneAnswer = z.input<typeof ClassImportDoneSchema>;

export type ClassImportRequest = {
  text: string;
  rows: ListRow[];
  autorizacionColegio: boolean;
  confirmar: boolean;
  huella: string;
};

/** Reads the class import's body: the list (text or file, the e-mail optional) and its options. */
export async function readClassImportRequest(request: Request): Promise<Result<ClassImportRequest>> {
  const read = await readListRequest(request, ClassImportFieldsSchema, { emailOptional: true });
  if (!read.ok) return read;
  const { autorizacionColegio, confirmar, huella } = read.fields;
  return ok({ text: read.text, rows: read.rows, autorizacionColegio, confirmar, huella: huella ?? "" });
}
