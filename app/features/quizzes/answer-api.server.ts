// POST /api/cursos/{cursoId}/modulos/{moduloIndex}/responder and POST /api/quiz/respuestas share this:
// only `respuestas` is read; any aprobado / calificacion / porcentaje / puntajeTotal / usuarioId
// the client sends is ignored. The response is the server's result.
import { z } from "zod";
import { ApiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid } from "~/lib/api/operation.server.ts";
import type { AuthMessages } from "~/features/accounts/api-guards.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { normalizeAnswers, TIPOS } from "./grading.ts";
import {
  NO_ATTEMPTS_LEFT,
  QUIZ_FORBIDDEN,
  QUIZ_NOT_FOUND,
  START_FIRST,
  startAttempt,
  submitAttempt,
} from "./quiz.server.ts";
import { REVISIONES } from "./review.ts";

/**
 * One answer: an option's id, its index (number or numeric string), its text, or an object with one
 * of them; a list of them ('multiple'); true / false ('verdadero_falso'); the text ('respuesta_corta');
 * a number or its text with comma or dot ('numerica').
 */
const OneAnswerSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({
    opcionId: z.string().optional(),
    indice: z.int().optional(),
    respuestaUsuario: z.union([z.string(), z.int()]).optional(),
    respuesta: z.union([z.string(), z.int()]).optional(),
  }),
]);
const AnswerSchema = z.union([OneAnswerSchema, z.array(OneAnswerSchema)]);

/**
 * What the answer calls read (the rest of the body is ignored): `respuestas` in question order, or
 * keyed by question id (or index). normalizeAnswers reads it leniently (an unreadable answer
 * counts as unanswered); this schema documents it (routes/api).
 */
export const QuizAnswersSchema = z.object({
  respuestas: z.union([z.array(AnswerSchema), z.record(z.string(), AnswerSchema)]),
});

/** POST /api/quiz/respuestas: the same body with the course and the module. */
export const QuizAnswersWithModuleSchema = QuizAnswersSchema.extend({
  cursoId: z.string(),
  moduloIndex: z.union([z.int().min(0), z.string()]).meta({ description: "Índice del módulo (desde 0)." }),
});

/** The module's attempt limit and what is left of it (docs/product.md#grading). */
const attemptsLeft = {
  intentosMaximos: z.int().min(1).nullable().meta({ description: "Intentos permitidos; null: ilimitados." }),
  intentosRestantes: z.int().min(0).nullable().meta({ description: "Intentos que quedan; null: ilimitados." }),
};

/** The result of an attempt, graded on the server. */
export const QuizResultSchema = z.object({
  aprobado: z.boolean(),
  porcentaje: z.int().min(0).max(100),
  calificacion: z.number().meta({ description: "El mismo porcentaje (nombre de los clientes anteriores)." }),
  correctas: z.int().min(0),
  totalPreguntas: z.int().min(0),
  revision: z.enum(REVISIONES).meta({
    description:
      "Lo que se muestra del intento: puntaje (solo el puntaje), errores (y qué preguntas estuvieron mal) o " +
      "respuestas (también la opción correcta), según el módulo.",
  }),
  respuestas: z
    .array(
      z.object({
        pregunta: z.string(),
        respuestaUsuario: z.string(),
        esCorrecta: z.boolean().meta({ description: "Solo con el puntaje completo." }),
        puntaje: z.int().min(0).max(100).meta({ description: "El crédito de la respuesta (parcial en 'multiple')." }),
        respuestaCorrecta: z.string().optional().meta({ description: "Solo con revision 'respuestas'." }),
      }),
    )
    .optional()
    .meta({ description: "Cada respuesta y si fue correcta; no viene con revision 'puntaje'." }),
  progreso: z.number().meta({ description: "El progreso del curso después del intento (0 a 100)." }),
  intentosPrevios: z.int().min(0),
  ...attemptsLeft,
});
export type QuizResult = z.output<typeof QuizResultSchema>;

/** GET /api/quiz/intentos/{cursoId}/{moduloIndex}. */
export const QuizAttemptsSchema = z.object({
  aprobado: z.boolean(),
  intentosPrevios: z.int().min(0),
  ...attemptsLeft,
  ultimoIntento: z.object({ porcentaje: z.number() }).nullable(),
  mejorPorcentaje: z.number().nullable(),
});
export type QuizAttempts = z.output<typeof QuizAttemptsSchema>;

/** POST /api/cursos/{cursoId}/modulos/{moduloIndex}/intentos (docs/decisions/045-served-attempts.md). */
export const QuizStartedSchema = z.object({
  preguntas: z
    .array(
      z.object({
        id: z.string(),
        texto: z.string(),
        tipo: z.enum(TIPOS),
        opciones: z
          .array(z.object({ id: z.string(), texto: z.string() }))
          .meta({ description: "Vacío en una respuesta corta o numérica: se responde con un texto o un número." }),
      }),
    )
    .meta({ description: "Las preguntas de este intento, en el orden servido; /responder las lee en este orden." }),
  comenzadoEn: z.iso.datetime(),
  terminaEn: z.iso
    .datetime()
    .nullable()
    .meta({
      description:
        "Fin del tiempo límite (null: sin límite). Una respuesta después de este momento más 30 s se califica " +
        "sin respuestas.",
    }),
  ...attemptsLeft,
});
export type QuizStarted = z.output<typeof QuizStartedSchema>;

/** Starts an attempt (or gives back the open one) for an API client. */
export async function startFromApi(user: SessionUser, courseId: string, moduleIndex: string) {
  const started = await startAttempt(user, courseId, Number(moduleIndex));
  if (!started.ok) return apiFailure(started);
  const { quiz, intento, info } = started;
  return apiJson<QuizStarted>({
    preguntas: quiz.preguntas,
    comenzadoEn: intento.comenzadoEn.toISOString(),
    terminaEn: intento.terminaEn?.toISOString() ?? null,
    intentosMaximos: info.intentosMaximos,
    intentosRestantes: info.intentosRestantes,
  });
}

/** POST /api/cursos/{cursoId}/usuarios/{userId}/progreso. */
export const ProgressSchema = z.object({ progreso: z.number().meta({ description: "Porcentaje (0 a 100)." }) });
export type Progress = z.output<typeof ProgressSchema>;

/** POST /api/quiz/respuestas without a course or a module index. */
const QUIZ_TARGET_MISSING = "Faltan cursoId o moduloIndex válidos.";

/** The quiz calls' own authentication messages (docs/product.md#api-conventions). */
export const QUIZ_AUTH_MESSAGES: AuthMessages = {
  missing: "No hay sesión activa. Inicie sesión nuevamente.",
  invalid: "Error de autenticación. Por favor, inicia sesión nuevamente.",
  noUser: "No se pudo identificar al usuario. Por favor, inicia sesión nuevamente.",
};

/** What the calls on one module's quiz (answer it, read one's attempts) declare alike. */
export const QUIZ_CALL = {
  tag: "Evaluaciones",
  access: "user",
  messages: QUIZ_AUTH_MESSAGES,
  errors: {
    400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
    403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
    409: error(
      "Sin intentos (ya usó los que permite el módulo), o un módulo que sirve cada intento sin uno comenzado.",
      NO_ATTEMPTS_LEFT(2),
      START_FIRST,
    ),
    404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
  },
} as const;

export async function answerFromApi(
  user: SessionUser,
  courseId: unknown,
  moduleIndex: unknown,
  body: Record<string, unknown>,
) {
  const index = typeof moduleIndex === "number" ? moduleIndex : Number(moduleIndex);
  if (typeof courseId !== "string" || !courseId || !Number.isInteger(index))
    throw new ApiError(400, QUIZ_TARGET_MISSING);
  // One load of the quiz: its access checks (404 / 401 / 403), then the answers normalised
  // against its questions.
  const outcome = await submitAttempt(user, courseId, index, (questions) =>
    normalizeAnswers(questions, body.respuestas),
  );
  if (!outcome.ok) return apiFailure(outcome);
  const { grade, progreso, info } = outcome;
  return apiJson<QuizResult>({
    ...grade,
    calificacion: grade.porcentaje,
    ...("respuestas" in grade ? { respuestas: grade.respuestas.map(({ preguntaId: _id, ...answer }) => answer) } : {}),
    progreso,
    intentosPrevios: info.intentosPrevios,
    intentosMaximos: info.intentosMaximos,
    intentosRestantes: info.intentosRestantes,
  });
}
