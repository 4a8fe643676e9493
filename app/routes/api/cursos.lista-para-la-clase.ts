import { CLASS_NOT_READY, CLASS_READY, CLASS_READY_NOT_PRIVATE, COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { CourseStateSchema, type CourseState } from "~/features/courses/course-json.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { markReadyForClass } from "~/features/courses/review.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

// A private course's 'Lista para la clase' (docs/decisions/039-private-courses.md): the same
// service as the editor's button.
const errors = {
  404: error("Curso no encontrado.", COURSE_NOT_FOUND),
  409: error("El curso no es privado, o está en revisión para el catálogo.", CLASS_READY_NOT_PRIVATE),
};

export const loader = apiRoute("/api/cursos/{cursoId}/lista-para-la-clase", {
  put: {
    tag: "Cursos",
    summary: "Marcar un curso privado como lista para la clase",
    description: "Sin revisión: sus módulos se abren a quienes estén inscritos (estado publicado; sigue privado).",
    access: "team",
    ok: { 200: json("Curso lista para la clase.", CourseStateSchema) },
    errors,
    handler: async ({ user, params: { cursoId: id }, request }) => {
      const outcome = await markReadyForClass(user, id, true, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: CLASS_READY, id, estado: "publicado", visibilidad: "privado" });
    },
  },
  delete: {
    tag: "Cursos",
    summary: "Volver un curso privado a preparación",
    description: "Sus módulos dejan de verse para quienes estén inscritos (estado borrador).",
    access: "team",
    ok: { 200: json("Curso en preparación.", CourseStateSchema) },
    errors,
    handler: async ({ user, params: { cursoId: id }, request }) => {
      const outcome = await markReadyForClass(user, id, false, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<CourseState>({ message: CLASS_NOT_READY, id, estado: "borrador", visibilidad: "privado" });
    },
  },
});
export const action = loader;
