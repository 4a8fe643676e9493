import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { claseFrom, getGradebook, GRADEBOOK_API_PAGE_SIZE } from "~/features/reports/reports.server.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import { GradebookSchema, type Gradebook } from "~/features/reports/schema.ts";
import { apiError, apiNumberedPageJson } from "~/lib/api.server.ts";
import { error, json, PAGED } from "~/lib/api/operation.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/admin/cursos/{cursoId}/calificaciones", {
  get: {
    tag: "Reportes",
    summary: "Libro de calificaciones de un curso",
    description:
      "Participantes × módulos con evaluación: mejor porcentaje, su nota de 1,0 a 7,0 con la exigencia del " +
      "curso, intentos y aprobado, y la nota final de cada participante; 100 por página, por apellido y " +
      "nombre. Con `clase` (el id de una clase del curso, ver `clases`), solo sus estudiantes.",
    access: "team",
    query: ["page", "clase"],
    ok: { 200: json("Una página del libro de calificaciones.", GradebookSchema, PAGED) },
    errors: { 404: error("Curso no encontrado, o la clase no es del curso.", COURSE_NOT_FOUND, CLASS_NOT_FOUND) },
    handler: async ({ params, url }) => {
      const clase = claseFrom(url);
      const size = GRADEBOOK_API_PAGE_SIZE;
      const gradebook = await getGradebook(params.cursoId, { page: pageFrom(url), size, clase });
      if (!gradebook) return apiError(404, clase ? CLASS_NOT_FOUND : COURSE_NOT_FOUND);
      return apiNumberedPageJson<Gradebook>(gradebook, url.href, gradebook);
    },
  },
});
export const action = loader;
