// The module questions' requests and answers (docs/product.md#module-questions): forms, API and
// OpenAPI alike. Server only (decision 003).
import { z } from "zod";
import { isRecordId } from "~/lib/ids.ts";
import { multiLineText } from "~/lib/text.ts";
import {
  ANSWER_MAX,
  ANSWER_REQUIRED,
  ANSWER_TOO_LONG,
  FILTERS,
  QUESTION_MAX,
  QUESTION_NOT_FOUND,
  QUESTION_REQUIRED,
  QUESTION_TOO_LONG,
  STATE_REQUIRED,
} from "./texts.ts";

/** Plain text: Windows line ends become one (the limit counts what is shown), trimmed. */
function plainText(required: string, max: number, tooLong: string, description: string) {
  return multiLineText(
    z
      .string({ error: required })
      .transform((v) => v.replace(/\r\n?/g, "\n"))
      .pipe(z.string().trim().min(1, required).max(max, tooLong))
      .meta({
        description:
          `${description} (1 a ${max} caracteres), simple: sin HTML ni formato; los saltos de línea se ` +
          "conservan y los enlaces http:// o https:// se muestran como enlaces.",
      }),
  );
}

/**
 * 'Enviar pregunta', 'Guardar' and POST /api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas,
 * PUT /api/preguntas/{preguntaId}.
 */
export const QuestionFieldsSchema = z.object({
  texto: plainText(QUESTION_REQUIRED, QUESTION_MAX, QUESTION_TOO_LONG, "La pregunta"),
});

/** 'Responder' and POST /api/preguntas/{preguntaId}/respuestas. */
export const AnswerFieldsSchema = z.object({
  texto: plainText(ANSWER_REQUIRED, ANSWER_MAX, ANSWER_TOO_LONG, "La respuesta"),
});

/** PUT /api/preguntas/{preguntaId}/estado: the team's marks, one or both. */
export const QuestionStateSchema = z
  .strictObject({
    resuelta: z.boolean({ error: STATE_REQUIRED }).optional().meta({ description: "Marcarla resuelta (o no)." }),
    oculta: z
      .boolean({ error: STATE_REQUIRED })
      .optional()
      .meta({ description: "Ocultarla al curso (la siguen viendo el equipo docente y quien la hizo), o mostrarla." }),
  })
  .refine((v) => v.resuelta !== undefined || v.oculta !== undefined, STATE_REQUIRED);
export type QuestionState = z.output<typeof QuestionStateSchema>;

/** The page's forms: which question an action is about. */
export const QuestionIdSchema = z.object({
  preguntaId: z.string({ error: QUESTION_NOT_FOUND }).refine(isRecordId, QUESTION_NOT_FOUND),
});

const AnswerJsonSchema = z.object({
  id: z.string(),
  texto: z.string().meta({ description: "Texto simple; quien lo muestre debe escaparlo como texto." }),
  autor: z
    .string()
    .nullable()
    .meta({ description: "Quién respondió; null si su cuenta ya no existe (firma el equipo docente)." }),
  publicadaEn: z.iso.datetime(),
});

/** One question as the API answers it, with its answers (oldest first). */
export const QuestionJsonSchema = z.object({
  id: z.string(),
  cursoId: z.string(),
  moduloIndex: z.number().int().meta({ description: "La posición del módulo en el curso, desde 0." }),
  modulo: z.string().meta({ description: "El título del módulo." }),
  texto: z.string().meta({ description: "Texto simple; quien lo muestre debe escaparlo como texto." }),
  autor: z.string().nullable().meta({ description: "Quién preguntó; null si su cuenta ya no existe." }),
  propia: z.boolean().meta({ description: "true si la hizo quien llama." }),
  respondida: z.boolean(),
  resuelta: z.boolean(),
  oculta: z.boolean().meta({ description: "Oculta por el equipo docente: solo la ven su equipo y quien la hizo." }),
  publicadaEn: z.iso.datetime(),
  editadaEn: z.iso.datetime().nullable().meta({ description: "Cuándo la editó quien la hizo; null si nunca." }),
  respuestas: z.array(AnswerJsonSchema),
});
export type QuestionJson = z.output<typeof QuestionJsonSchema>;

/** GET /api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas: a page of the module's questions. */
export const QuestionListSchema = z.object({
  cursoId: z.string(),
  moduloIndex: z.number().int(),
  modulo: z.string(),
  filtro: z.enum(FILTERS),
  preguntas: z.array(QuestionJsonSchema),
});
export type QuestionList = z.output<typeof QuestionListSchema>;

/** GET /api/docente/revisar: a page of 'Para revisar', the unanswered questions of the caller's courses. */
export const ReviewListSchema = z.object({
  preguntas: z.array(QuestionJsonSchema.extend({ curso: z.string().meta({ description: "El título del curso." }) })),
});
