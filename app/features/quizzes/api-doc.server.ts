// The API's calls under the OpenAPI tag Evaluaciones (docs/product.md#json-api): answering a
// module's quiz, one's attempts, recomputing progress. The builder
// (features/api-docs/openapi.server.ts) puts them in the document in this order; each entry names
// the schemas its route reads and answers with and the texts it sends, in the vocabulary of
// features/api-docs/operation.server.ts.
import { QUIZ_AUTH_MESSAGES } from "./api.server.ts";
import { QUIZ_FORBIDDEN, QUIZ_NOT_FOUND } from "./quiz.server.ts";
import {
  ProgressSchema,
  QUIZ_TARGET_MISSING,
  QuizAnswersSchema,
  QuizAnswersWithModuleSchema,
  QuizAttemptsSchema,
  QuizResultSchema,
} from "./answer-api.server.ts";
import { FORBIDDEN_OTHER_PROGRESS, PROGRESS_NOT_ENROLLED } from "~/lib/api.server.ts";
import { error, invalid, json, type Operations } from "~/features/api-docs/operation.server.ts";

const QUIZ_401 = [QUIZ_AUTH_MESSAGES.missing, QUIZ_AUTH_MESSAGES.invalid, QUIZ_AUTH_MESSAGES.noUser];

/** The calls of the tag Evaluaciones, in the order of the document. */
export const QUIZ_CALLS: Operations = {
  "/api/cursos/{cursoId}/modulos/{moduloIndex}/responder": {
    post: {
      tag: "Evaluaciones",
      summary: "Responder la evaluación de un módulo",
      description: "Se califica en el servidor; cualquier nota enviada se ignora.",
      access: "user",
      body: { json: QuizAnswersSchema },
      ok: { 200: json("El resultado.", QuizResultSchema) },
      unauthenticated: QUIZ_401,
      errors: {
        400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
        403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
        404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
      },
    },
  },
  "/api/quiz/respuestas": {
    post: {
      tag: "Evaluaciones",
      summary: "Responder una evaluación (curso y módulo en el cuerpo)",
      description:
        "Como POST /api/cursos/{cursoId}/modulos/{moduloIndex}/responder, con cursoId y moduloIndex en el cuerpo. Se " +
        "califica en el servidor; cualquier nota enviada se ignora.",
      access: "user",
      body: { json: QuizAnswersWithModuleSchema },
      ok: { 200: json("El resultado.", QuizResultSchema) },
      unauthenticated: QUIZ_401,
      errors: {
        400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
        403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
        404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
      },
    },
  },
  "/api/quiz/intentos/{cursoId}/{moduloIndex}": {
    get: {
      tag: "Evaluaciones",
      summary: "Intentos propios en la evaluación de un módulo",
      description: "Si quien llama ya la aprobó, cuántas veces la rindió, su último porcentaje y el mejor.",
      access: "user",
      ok: { 200: json("Los intentos.", QuizAttemptsSchema) },
      unauthenticated: QUIZ_401,
      errors: {
        400: invalid("Faltan el curso o el módulo, o las respuestas no son válidas.", QUIZ_TARGET_MISSING),
        403: error("No inscrito en el curso.", QUIZ_FORBIDDEN),
        404: error("Curso, módulo o evaluación no encontrados.", QUIZ_NOT_FOUND),
      },
    },
  },
  "/api/cursos/{cursoId}/usuarios/{userId}/progreso": {
    post: {
      tag: "Evaluaciones",
      summary: "Recalcular el progreso de un usuario en un curso",
      description: "A partir de los resultados guardados; un progreso enviado se ignora. El propio o un administrador.",
      access: "user",
      ok: { 200: json("El progreso.", ProgressSchema) },
      errors: {
        403: error("No es tu cuenta.", FORBIDDEN_OTHER_PROGRESS),
        404: error("La cuenta no está inscrita en el curso.", PROGRESS_NOT_ENROLLED),
      },
    },
  },
};
