import {
  COURSE_NOT_FOUND,
  REVIEW_COMMENT_REQUIRED,
  REVIEW_NOT_DRAFT,
  REVIEW_NOT_PENDING,
  REVIEW_RETURNED,
  REVIEW_SENT,
} from "~/features/courses/texts.ts";
import { ReturnToDraftSchema } from "~/features/courses/team-schema.ts";
import { CourseStateSchema, type CourseState } from "~/features/courses/course-json.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { returnToDraft, sendForReview } from "~/features/courses/review.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/revision", {
  put: {
    tag: "Cursos",
    summary: "Enviar un borrador a revisión",
    description: "El curso queda en revisión hasta que un administrador lo publique o lo devuelva a borrador.",
    access: "team",
    ok: { 200: json("Curso en revisión.", CourseStateSchema) },
    errors: {
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      409: error("El curso no es un borrador.", REVIEW_NOT_DRAFT),
    },
    handler: async ({ user, params: { cursoId: id }, request }) => {
      const outcome = await sendForReview(user, id, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: REVIEW_SENT, id, estado: "en_revision" });
    },
  },
  delete: {
    tag: "Cursos",
    summary: "Devolver a borrador un curso en revisión",
    description: "El comentario llega a cada profesor/a del equipo como un mensaje interno de quien lo devuelve.",
    access: "admin",
    body: { json: ReturnToDraftSchema },
    ok: { 200: json("Curso devuelto a borrador.", CourseStateSchema) },
    errors: {
      400: invalid("Falta el comentario.", REVIEW_COMMENT_REQUIRED),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      409: error("El curso no está en revisión.", REVIEW_NOT_PENDING),
    },
    handler: async ({ user, params: { cursoId: id }, body, request }) => {
      const outcome = await returnToDraft(user, id, (await body()).comentario, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: REVIEW_RETURNED, id, estado: "borrador" });
    },
  },
});
export const action = loader;
