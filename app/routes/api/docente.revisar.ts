import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { listToReview } from "~/features/questions/questions.server.ts";
import { ReviewListSchema } from "~/features/questions/schema.ts";
import { apiError, apiPageJson } from "~/lib/api.server.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";
import { QUESTION_EXAMPLE as EXAMPLE } from "./examples.server.ts";

// The JSON twin of /docente/revisar (docs/decisions/042-the-teachers-day.md): the same service.
export const loader = apiRoute("/api/docente/revisar", {
  get: {
    tag: "Preguntas",
    summary: "Para revisar",
    description:
      "Lo que espera a quien llama (docente) en los cursos de sus equipos: las preguntas sin responder, la más " +
      "nueva primero, 20 por página (el encabezado Link da las páginas siguiente y anterior).",
    access: "user",
    query: [...KEYSET],
    ok: {
      200: {
        ...json("Una página de preguntas sin responder.", ReviewListSchema, ["Link"]),
        example: { preguntas: [{ ...EXAMPLE, respondida: false, respuestas: [], curso: "Huerta escolar" }] },
      },
    },
    errors: { 403: error("Quien llama no es docente.", NOT_ALLOWED) },
    handler: async ({ user, url }) => {
      if (user.rol !== "docente") return apiError(403, NOT_ALLOWED);
      const list = await listToReview(user, cursorFrom(url));
      return apiPageJson({ preguntas: list.preguntas }, url.href, { page: pageFrom(url), cursors: list.cursors });
    },
  },
});
export const action = loader;
