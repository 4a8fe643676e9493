// The API's calls under the OpenAPI tag Preguntas (docs/product.md#module-questions): a module's
// questions, read and asked by the course's enrolled learners, answered and moderated by its team.
// The builder (lib/api/openapi.server.ts) puts them in the document in this order.
import { error, invalid, json, KEYSET, type Operations } from "~/lib/api/operation.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { ApiNoticeIdSchema } from "~/lib/api.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import {
  AnswerFieldsSchema,
  QuestionFieldsSchema,
  QuestionJsonSchema,
  QuestionListSchema,
  QuestionStateSchema,
} from "./schema.ts";
import {
  ALREADY_ANSWERED,
  ANSWER_DELETED,
  ANSWER_FORBIDDEN,
  ANSWER_NOT_FOUND,
  ANSWER_REQUIRED,
  ANSWER_TOO_LONG,
  ANSWERING_TOO_FAST,
  ASK_FORBIDDEN,
  ASKING_TOO_FAST,
  MODERATE_FORBIDDEN,
  MODULE_NOT_FOUND,
  NOT_YOUR_QUESTION,
  QUESTION_DELETED,
  QUESTION_NOT_FOUND,
  QUESTION_REQUIRED,
  QUESTION_TOO_LONG,
  QUESTIONS_FORBIDDEN,
  STATE_REQUIRED,
} from "./texts.ts";

const EXAMPLE = {
  id: "cm3preg0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  moduloIndex: 1,
  modulo: "El compost en casa",
  texto: "¿Puedo poner cáscaras de cítricos en la compostera?",
  autor: "Luis Rojas",
  propia: false,
  respondida: true,
  resuelta: false,
  oculta: false,
  publicadaEn: "2026-03-02T12:00:00.000Z",
  editadaEn: null,
  respuestas: [
    {
      id: "cm3resp0000abcd1234efgh",
      texto: "Sí, en poca cantidad. Más en https://ejemplo.cl/guia.pdf",
      autor: "Ana Pérez",
      publicadaEn: "2026-03-02T15:30:00.000Z",
    },
  ],
};

const QUESTION_INVALID = invalid("Texto inválido.", QUESTION_REQUIRED, QUESTION_TOO_LONG, TEXT_NOT_ALLOWED);
const NOT_FOUND = error(
  "La pregunta no existe, es de un curso que quien llama no ve, o está oculta para quien llama.",
  QUESTION_NOT_FOUND,
);
const PATH_NOT_FOUND = {
  description: "Curso (o, para quien no es de su equipo, curso en borrador) o módulo no encontrado.",
  texts: [COURSE_NOT_FOUND, MODULE_NOT_FOUND],
};

/** The calls of the tag Preguntas, in the order of the document. */
export const QUESTION_CALLS: Operations = {
  "/api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas": {
    get: {
      tag: "Preguntas",
      summary: "Preguntas de un módulo",
      description:
        "Las preguntas del módulo (su posición en el curso, desde 0) con sus respuestas, la más nueva primero, " +
        "20 por página; filtro=sin-responder o resueltas las acota. El encabezado Link da las páginas siguiente y " +
        "anterior. Las ven quienes están inscritos en el curso (mientras esté publicado) y su equipo docente; una " +
        "pregunta oculta, solo el equipo y quien la hizo. El texto es simple: quien lo muestre debe escaparlo.",
      access: "user",
      query: ["filtro", ...KEYSET],
      ok: {
        200: {
          ...json("Una página de preguntas.", QuestionListSchema, ["Link"]),
          example: {
            cursoId: EXAMPLE.cursoId,
            moduloIndex: 1,
            modulo: EXAMPLE.modulo,
            filtro: "todas",
            preguntas: [EXAMPLE],
          },
        },
      },
      errors: {
        403: error("Quien llama no está inscrito en el curso ni es de su equipo docente.", QUESTIONS_FORBIDDEN),
        404: PATH_NOT_FOUND,
      },
    },
    post: {
      tag: "Preguntas",
      summary: "Hacer una pregunta",
      description:
        "Una pregunta nueva en el módulo, de quien llama (inscrito en el curso). Se avisa a los profesores/as del " +
        "curso según sus preferencias (por omisión, en el resumen diario). Hasta 6 preguntas o ediciones cada 10 " +
        "minutos y 40 al día por cuenta.",
      access: "user",
      body: { json: QuestionFieldsSchema },
      ok: {
        201: {
          ...json("La pregunta.", QuestionJsonSchema),
          example: { ...EXAMPLE, propia: true, respondida: false, respuestas: [] },
        },
      },
      errors: {
        400: QUESTION_INVALID,
        403: error("Quien llama no está inscrito en el curso.", QUESTIONS_FORBIDDEN, ASK_FORBIDDEN),
        404: PATH_NOT_FOUND,
        429: error("Demasiadas preguntas seguidas (ver Retry-After).", ASKING_TOO_FAST),
      },
    },
  },
  "/api/preguntas/{preguntaId}": {
    put: {
      tag: "Preguntas",
      summary: "Editar tu pregunta",
      description: "El texto nuevo de una pregunta propia, mientras nadie la haya respondido; se muestra como editada.",
      access: "user",
      body: { json: QuestionFieldsSchema },
      ok: { 200: { ...json("La pregunta editada.", QuestionJsonSchema), example: { ...EXAMPLE, propia: true } } },
      errors: {
        400: QUESTION_INVALID,
        403: error("La pregunta es de otra persona.", NOT_YOUR_QUESTION),
        404: NOT_FOUND,
        409: error("La pregunta ya tiene respuesta.", ALREADY_ANSWERED),
        429: error("Demasiadas preguntas o ediciones seguidas (ver Retry-After).", ASKING_TOO_FAST),
      },
    },
    delete: {
      tag: "Preguntas",
      summary: "Eliminar una pregunta",
      description:
        "Quien la hizo, mientras nadie la haya respondido; el equipo docente del curso, siempre (queda en el " +
        "registro de auditoría). Sus respuestas se eliminan con ella.",
      access: "user",
      ok: { 200: { ...json("Eliminada.", ApiNoticeIdSchema), example: { message: QUESTION_DELETED, id: EXAMPLE.id } } },
      errors: {
        403: error("La pregunta es de otra persona y quien llama no es del equipo docente.", MODERATE_FORBIDDEN),
        404: NOT_FOUND,
        409: error("La pregunta ya tiene respuesta: solo el equipo docente la elimina.", ALREADY_ANSWERED),
      },
    },
  },
  "/api/preguntas/{preguntaId}/estado": {
    put: {
      tag: "Preguntas",
      summary: "Marcar resuelta u ocultar",
      description:
        "El equipo docente del curso marca la pregunta resuelta (o no) y la oculta al curso (o la muestra). " +
        "Cada cambio queda en el registro de auditoría.",
      access: "team",
      body: { json: QuestionStateSchema },
      ok: {
        200: { ...json("La pregunta con sus marcas.", QuestionJsonSchema), example: { ...EXAMPLE, resuelta: true } },
      },
      errors: {
        400: invalid("Marcas inválidas.", STATE_REQUIRED),
        403: error("Quien llama no es del equipo docente del curso.", MODERATE_FORBIDDEN),
        404: NOT_FOUND,
      },
    },
  },
  "/api/preguntas/{preguntaId}/respuestas": {
    post: {
      tag: "Preguntas",
      summary: "Responder una pregunta",
      description:
        "Una respuesta del equipo docente del curso, firmada por quien llama. Se avisa a quien preguntó según sus " +
        "preferencias (por omisión, un correo al momento). Hasta 20 respuestas por minuto y 300 al día por cuenta.",
      access: "team",
      body: { json: AnswerFieldsSchema },
      ok: { 201: { ...json("La pregunta con sus respuestas.", QuestionJsonSchema), example: EXAMPLE } },
      errors: {
        400: invalid("Texto inválido.", ANSWER_REQUIRED, ANSWER_TOO_LONG, TEXT_NOT_ALLOWED),
        403: error("Quien llama no es del equipo docente del curso.", ANSWER_FORBIDDEN),
        404: NOT_FOUND,
        429: error("Demasiadas respuestas seguidas (ver Retry-After).", ANSWERING_TOO_FAST),
      },
    },
  },
  "/api/respuestas/{respuestaId}": {
    delete: {
      tag: "Preguntas",
      summary: "Eliminar una respuesta",
      description:
        "El equipo docente del curso elimina una respuesta; si era la única, la pregunta vuelve a quedar sin " +
        "responder (y quien la hizo puede editarla otra vez). Queda en el registro de auditoría.",
      access: "team",
      ok: {
        200: {
          ...json("Eliminada.", ApiNoticeIdSchema),
          example: { message: ANSWER_DELETED, id: EXAMPLE.respuestas[0]!.id },
        },
      },
      errors: {
        403: error("Quien llama no es del equipo docente del curso.", MODERATE_FORBIDDEN),
        404: error("La respuesta no existe o es de una pregunta que quien llama no ve.", ANSWER_NOT_FOUND),
      },
    },
  },
};
