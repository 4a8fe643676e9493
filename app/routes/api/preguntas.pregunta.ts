import { deleteQuestion, editQuestion } from "~/features/questions/questions.server.ts";
import { QuestionFieldsSchema, QuestionJsonSchema, type QuestionJson } from "~/features/questions/schema.ts";
import {
  ALREADY_ANSWERED,
  ASKING_TOO_FAST,
  MODERATE_FORBIDDEN,
  NOT_YOUR_QUESTION,
  QUESTION_DELETED,
} from "~/features/questions/texts.ts";
import { apiFailure, apiJson, ApiNoticeIdSchema, type ApiNoticeId } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { QUESTION_EXAMPLE as EXAMPLE, QUESTION_INVALID, QUESTION_NOT_FOUND_DOC } from "./examples.server.ts";

// GET is not a call here: the module's list has every question with its answers.
export const loader = apiRoute("/api/preguntas/{preguntaId}", {
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
      404: QUESTION_NOT_FOUND_DOC,
      409: error("La pregunta ya tiene respuesta.", ALREADY_ANSWERED),
      429: error("Demasiadas preguntas o ediciones seguidas (ver Retry-After).", ASKING_TOO_FAST),
    },
    handler: async ({ user, params, body }) => {
      const outcome = await editQuestion(user, params.preguntaId, await body());
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<QuestionJson>(outcome.pregunta);
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
      404: QUESTION_NOT_FOUND_DOC,
      409: error("La pregunta ya tiene respuesta: solo el equipo docente la elimina.", ALREADY_ANSWERED),
    },
    handler: async ({ user, params: { preguntaId }, request }) => {
      const outcome = await deleteQuestion(user, preguntaId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: QUESTION_DELETED, id: preguntaId });
    },
  },
});
export const action = loader;
