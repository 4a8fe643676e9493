import { setQuestionState } from "~/features/questions/questions.server.ts";
import { QuestionJsonSchema, QuestionStateSchema, type QuestionJson } from "~/features/questions/schema.ts";
import { MODERATE_FORBIDDEN, STATE_REQUIRED } from "~/features/questions/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { QUESTION_EXAMPLE as EXAMPLE, QUESTION_NOT_FOUND_DOC } from "./examples.server.ts";

export const loader = apiRoute("/api/preguntas/{preguntaId}/estado", {
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
      404: QUESTION_NOT_FOUND_DOC,
    },
    handler: async ({ user, params, body, request }) => {
      const outcome = await setQuestionState(user, params.preguntaId, await body(), request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<QuestionJson>(outcome.pregunta);
    },
  },
});
export const action = loader;
