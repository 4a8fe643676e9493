// A hand-in as the page's form and the API send it, and the one JSON shape the API answers with
// (docs/product.md#handing-in). Server only (decision 003).
import { z } from "zod";
import { multiLineText } from "~/lib/text.ts";
import { SUBMISSION_STATES } from "./rules.ts";
import { MAX_HANDIN_FILES, TEXTO_MAX, TEXTO_TOO_LONG } from "./submission-texts.ts";

/** The text fields of 'Guardar borrador' / 'Entregar' (page) and POST /api/tareas/{tareaId}/entregas. */
export const HandInFieldsSchema = z.object({
  texto: multiLineText(
    z
      .string()
      .transform((v) => v.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().max(TEXTO_MAX, TEXTO_TOO_LONG)),
  )
    .optional()
    .meta({
      description:
        `Tu respuesta en texto simple (hasta ${TEXTO_MAX} caracteres). Si no se envía, se conserva la guardada; ` +
        "vacía la borra.",
    }),
  entregar: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true")
    .meta({
      description:
        "true: entregar ahora (queda 'Entregada', o 'Atrasada' después de la fecha límite); false (o sin enviar): " +
        "solo guardar el borrador, o cambiar una entrega ya entregada sin anularla.",
    }),
});

/** POST /api/tareas/{tareaId}/entregas: the multipart body. */
export const HandInFormSchema = HandInFieldsSchema.extend({
  archivos: z
    .array(z.file())
    .max(MAX_HANDIN_FILES)
    .optional()
    .meta({
      description:
        "Archivos que se agregan a la entrega (campo repetido): PDF o imágenes JPEG, PNG o WebP, reconocidos por su " +
        "contenido. Las fotos se reducen (2000 px el lado mayor) y pierden sus metadatos, ubicación incluida.",
    }),
});

const FileJsonSchema = z.object({
  id: z.string(),
  nombre: z.string().meta({ description: "El nombre con que se subió." }),
  tipo: z.enum(["application/pdf", "image/jpeg", "image/png", "image/webp"]),
  tamano: z.int().min(0).meta({ description: "Bytes (de la foto ya reducida)." }),
  url: z.string().meta({ description: "Dónde se abre: solo para su autor y el equipo docente del curso." }),
});

/** One hand-in as the API answers it (toHandInJson). */
const HandInJsonSchema = z.object({
  id: z.string(),
  tareaId: z.string(),
  cursoId: z.string(),
  estudiante: z.object({ id: z.string(), nombre: z.string() }),
  estado: z.enum(SUBMISSION_STATES).meta({
    description: "borrador (sin entregar, o anulada), entregada, devuelta (revisada: ya no se puede cambiar).",
  }),
  estadoMostrado: z.enum(["asignada", "entregada", "atrasada", "devuelta"]).meta({
    description: "Lo que muestra la página: 'Asignada', 'Entregada', 'Atrasada' o 'Devuelta'.",
  }),
  texto: z.string().meta({ description: "Texto simple; quien lo muestre debe escaparlo como texto." }),
  entregadaEn: z.iso.datetime().nullable(),
  atrasada: z.boolean().meta({ description: "Entregada después de la fecha límite." }),
  devueltaEn: z.iso.datetime().nullable(),
  nota: z.number().min(1).max(7).nullable().meta({ description: "La nota (1,0 a 7,0) una vez devuelta." }),
  comentario: z.string().nullable().meta({ description: "El comentario del equipo docente una vez devuelta." }),
  archivos: z.array(FileJsonSchema),
  actualizadaEn: z.iso.datetime(),
});
export type HandInJson = z.output<typeof HandInJsonSchema>;

/** GET /api/tareas/{tareaId}/entregas for a learner: their own hand-in, null before they save one. */
export const OwnHandInSchema = z.object({ tareaId: z.string(), entrega: HandInJsonSchema.nullable() });
/** GET /api/tareas/{tareaId}/entregas for the team: a page of hand-ins, oldest handed in first. */
export const HandInListSchema = z.object({
  tareaId: z.string(),
  entregas: z.array(HandInJsonSchema),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
});
/** A write's answer: the message the page shows and the hand-in as it is now. */
export const HandInAnswerSchema = z.object({ message: z.string(), entrega: HandInJsonSchema });
