import { deleteAnswer } from "~/features/questions/questions.server.ts";
import { ANSWER_DELETED, ANSWER_NOT_FOUND, MODERATE_FORBIDDEN } from "~/features/questions/texts.ts";
import { apiFailure, apiJson, ApiNoticeIdSchema, type ApiNoticeId } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { QUESTION_EXAMPLE } from "./examples.server.ts";

export const loader = apiRoute("/api/respuestas/{respuestaId}", {
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
        example: { message: ANSWER_DELETED, id: QUESTION_EXAMPLE.respuestas[0]!.id },
      },
    },
    errors: {
      403: error("Quien llama no es del equipo docente del curso.", MODERATE_FORBIDDEN),
      404: error("La respuesta no existe o es de una pregunta que quien llama no ve.", ANSWER_NOT_FOUND),
    },
    handler: async ({ user, params: { respuestaId }, request }) => {
      const outcome = await deleteAnswer(user, respuestaId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: ANSWER_DELETED, id: respuestaId });
    },
  },
});
export const action = loader;
