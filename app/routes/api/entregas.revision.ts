import { ReviewApiInputSchema, ReviewSchema, type ReviewAnswer } from "~/features/assignments/review-schema.ts";
import { reopenSubmission, reviewSubmission } from "~/features/assignments/review.server.ts";
import {
  REVIEW_ALREADY_RETURNED,
  REVIEW_CHANGED,
  REVIEW_COMMENT_TOO_LONG,
  REVIEW_FORBIDDEN,
  REVIEW_LEVELS_NEEDED,
  REVIEW_NOT_HANDED_IN,
  REVIEW_NOT_RETURNED,
  REVIEW_NOTA_NEEDED,
} from "~/features/assignments/review-texts.ts";
import { ENTREGA_NOT_FOUND, TAREA_NOT_OPEN, TAREAS_FORBIDDEN } from "~/features/assignments/texts.ts";
import { NOTA_INVALID } from "~/features/reports/texts.ts";
import { apiFailure, apiJson, BODY_NOT_JSON } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { apiRoute } from "./api-route.server.ts";

// A hand-in's review (docs/product.md#returning-a-hand-in): the page's 'Guardar', 'Devolver' and
// 'Reabrir', the same service.
const EXAMPLE: ReviewAnswer = {
  id: "cm0entrega00000000000001",
  tareaId: "cm0tarea0000000000000001",
  cursoId: "cm0curso0000000000000001",
  userId: "cm0usuario00000000000001",
  estado: "devuelta",
  entregadaEn: "2026-03-02T15:00:00.000Z",
  atrasada: false,
  nota: 6.2,
  niveles: null,
  comentario: "Bien resuelta; revisa el ejercicio 3.",
  devueltaEn: "2026-03-03T12:00:00.000Z",
};

export const loader = apiRoute("/api/entregas/{entregaId}/revision", {
  put: {
    tag: "Tareas",
    summary: "Revisar, devolver o reabrir una entrega",
    description:
      "El equipo docente del curso guarda la revisión de una entrega (nota de 1,0 a 7,0, o los niveles de la " +
      "rúbrica, y un comentario privado): sin `devolver` queda como borrador que la persona no ve; con " +
      "`devolver: true` queda devuelta, su nota pasa a la columna de la tarea en el libro de calificaciones y se " +
      "le avisa. `reabrir: true` vuelve una entrega devuelta a borrador para un nuevo intento (su nota sigue en " +
      "el libro). Todo queda en el registro de auditoría.",
    access: "team",
    body: { json: ReviewApiInputSchema },
    ok: { 200: { ...json("La entrega con su revisión.", ReviewSchema), example: EXAMPLE } },
    errors: {
      400: invalid(
        "Nota, niveles o comentario inválidos, o falta la nota para devolverla.",
        NOTA_INVALID,
        REVIEW_NOTA_NEEDED,
        REVIEW_LEVELS_NEEDED,
        REVIEW_COMMENT_TOO_LONG,
        TEXT_NOT_ALLOWED,
        BODY_NOT_JSON,
      ),
      403: error("Quien llama no es del equipo docente del curso.", REVIEW_FORBIDDEN, TAREAS_FORBIDDEN, TAREA_NOT_OPEN),
      404: error("Entrega no encontrada.", ENTREGA_NOT_FOUND),
      409: error(
        "La entrega no está en un estado que lo permita (sin entregar, ya devuelta, no devuelta) o cambió.",
        REVIEW_NOT_HANDED_IN,
        REVIEW_ALREADY_RETURNED,
        REVIEW_NOT_RETURNED,
        REVIEW_CHANGED,
      ),
    },
    handler: async ({ user, params: { entregaId }, body, request }) => {
      const { devolver = false, reabrir = false, ...review } = await body();
      const outcome = reabrir
        ? await reopenSubmission(user, entregaId, request)
        : await reviewSubmission(user, entregaId, review, devolver, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ReviewAnswer>(outcome.entrega);
    },
  },
});
export const action = loader;
