// A class import's request (docs/product.md#importing-a-list-into-a-class): one schema for the
// page's form and POST /api/cursos/{cursoId}/clases/{claseId}/importar, read as the admin's
// importer reads its own (users/import/schema.ts), except that a row may leave the e-mail empty.
// Server only (decision 003).
import { z } from "zod";
import { flag, ListFields, readListRequest } from "~/features/users/import/schema.ts";
import type { ListRow } from "~/features/users/import/parse-list.ts";
import { LIST_FILE_FIELD } from "~/features/users/import/texts.ts";
import type { Result } from "~/lib/failure.ts";
import { ok } from "~/lib/failure.ts";

export const ClassImportFieldsSchema = z.object({
  lista: ListFields.lista.meta({
    description:
      "La lista pegada: correo; nombre; apellido; rut; fecha de nacimiento (una fila por línea). " +
      "El correo puede ir vacío: se crea una cuenta sin correo, con un enlace de acceso en la respuesta.",
  }),
  autorizacionColegio: flag.meta({
    description: "El colegio reunió la autorización de madre, padre o tutor de quienes tienen menos de 14 años.",
  }),
  confirmar: flag.meta({
    description: "false: solo la vista previa (nada se escribe); true: crea, inscribe y agrega a la clase.",
  }),
  huella: ListFields.huella,
});

/** The API's multipart body, for the OpenAPI document: the same fields and the file. */
export const ClassImportFormSchema = ClassImportFieldsSchema.extend({
  [LIST_FILE_FIELD]: ListFields[LIST_FILE_FIELD],
});

const RowSchema = z.object({
  linea: z.number().int().meta({ description: "La línea del texto donde está la fila." }),
  estado: z.enum(["nueva", "inscribir", "miembro", "error"]).meta({
    description:
      "nueva: se creará la cuenta; inscribir: ya tiene cuenta y se inscribe en el curso y la clase; " +
      "miembro: ya está en la clase; error: ver motivo.",
  }),
  correo: z.string().meta({ description: "Vacío cuando la fila no trae correo." }),
  sinCorreo: z.boolean().meta({ description: "Una cuenta nueva sin correo: su enlace va en la hoja de accesos." }),
  nombre: z.string(),
  apellido: z.string(),
  rut: z.string().nullable(),
  fechaNacimiento: z.string().nullable(),
  motivo: z.string().nullable().meta({ description: "Con estado error: los motivos, separados por «; »." }),
});

/** The preview (confirmar=false): nothing is written. */
export const ClassImportPreviewSchema = z.object({
  filas: z.array(RowSchema),
  resumen: z.object({
    nuevas: z.number().int(),
    sinCorreo: z.number().int().meta({ description: "De las nuevas, las que no tienen correo." }),
    inscribir: z.number().int(),
    miembros: z.number().int(),
    errores: z.number().int(),
  }),
  huella: z.string().meta({ description: "Envíala con confirmar=true y la misma lista para escribir." }),
});
export type ClassImportPreviewAnswer = z.output<typeof ClassImportPreviewSchema>;

/** The confirmation (confirmar=true). */
export const ClassImportDoneSchema = z.object({
  message: z.string(),
  creadas: z.number().int().meta({ description: "Cuentas nuevas (con y sin correo)." }),
  inscritas: z.number().int().meta({ description: "Cuentas que ya existían y se inscribieron en el curso." }),
  agregadas: z.number().int().meta({ description: "Personas agregadas a la clase." }),
  yaEstaban: z.number().int().meta({ description: "Filas de personas que ya estaban en la clase." }),
  accesos: z
    .array(
      z.object({
        id: z.string(),
        nombre: z.string(),
        apellido: z.string(),
        usuario: z.string().meta({ description: "Lo que la persona escribe como correo para entrar." }),
        enlace: z.string().meta({ description: "Enlace de un solo uso para elegir su contraseña." }),
      }),
    )
    .meta({
      description:
        "Las cuentas sin correo y su enlace de acceso. Solo se muestran en esta respuesta: la academia guarda " +
        "únicamente una huella de cada enlace.",
    }),
  venceEn: z.iso.datetime().meta({ description: "Cuándo vencen los enlaces (30 días)." }),
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
