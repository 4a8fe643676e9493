import { HandInAnswerSchema } from "~/features/assignments/submission-schema.ts";
import { withdrawHandIn } from "~/features/assignments/submissions.server.ts";
import {
  HANDIN_CLOSED,
  HANDIN_NOT_HANDED,
  HANDIN_RETURNED,
  WITHDRAWN,
} from "~/features/assignments/submission-texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { HANDIN_EXAMPLE, HANDIN_FORBIDDEN, HANDIN_NOT_FOUND } from "./entregas.shared.server.ts";

export const loader = apiRoute("/api/entregas/{entregaId}/anular", {
  post: {
    tag: "Tareas",
    summary: "Anular la entrega",
    description:
      "Como 'Anular entrega': la entrega de quien llama vuelve a ser un borrador (sale de 'Para revisar'); sus " +
      "archivos y su texto se conservan. No se puede una vez devuelta.",
    access: "user",
    ok: {
      200: {
        ...json("La entrega, de nuevo un borrador.", HandInAnswerSchema),
        example: { message: WITHDRAWN, entrega: { ...HANDIN_EXAMPLE, estado: "borrador", estadoMostrado: "asignada" } },
      },
    },
    errors: {
      403: HANDIN_FORBIDDEN,
      404: HANDIN_NOT_FOUND,
      409: error(
        "No está entregada, ya fue devuelta o el plazo terminó.",
        HANDIN_NOT_HANDED,
        HANDIN_RETURNED,
        HANDIN_CLOSED,
      ),
    },
    handler: async ({ user, params: { entregaId } }) => {
      const outcome = await withdrawHandIn(user, entregaId);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson({ message: outcome.message, entrega: outcome.entrega });
    },
  },
});
export const action = loader;
