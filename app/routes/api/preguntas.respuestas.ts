import { answerQuestion } from "~/features/questions/questions.server.ts";
import { AnswerFieldsSchema, QuestionJsonSchema, type QuestionJson } from "~/features/questions/schema.ts";
import { ANSWER_FORBIDDEN, ANSWER_REQUIRED, ANSWER_TOO_LONG, ANSWERING_TOO_FAST } from "~/features/questions/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { apiRoute } from "./api-route.server.ts";
import { QUESTION_EXAMPLE, QUESTION_NOT_FOUND_DOC } from "./examples.server.ts";

export const loader = apiRoute("/api/preguntas/{preguntaId}/respuestas", {
  post: {
    tag: "Preguntas",
    summary: "Responder una pregunta",
    description:
      "Una respuesta del equipo docente del curso, firmada por quien llama. Se avisa a quien preguntó según sus " +
      "preferencias (por omisión, un correo al momento). Hasta 20 respuestas por minuto y 300 al día por cuenta.",
    access: "team",
    body: { json: AnswerFieldsSchema },
    ok: { 201: { ...json("La pregunta con sus respuestas.", QuestionJsonSchema), example: QUESTION_EXAMPLE } },
    errors: {
      400: invalid("Texto inválido.", ANSWER_REQUIRED, ANSWER_TOO_LONG, TEXT_NOT_ALLOWED),
      403: error("Quien llama no es del equipo docente del curso.", ANSWER_FORBIDDEN),
      404: QUESTION_NOT_FOUND_DOC,
      429: error("Demasiadas respuestas seguidas (ver Retry-After).", ANSWERING_TOO_FAST),
    },
    handler: async ({ user, params, body }) => {
      const outcome = await answerQuestion(user, params.preguntaId, await body());
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<QuestionJson>(outcome.pregunta, 201);
    },
  },
});
export const action = loader;
