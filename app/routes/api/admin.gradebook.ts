import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { getGradebook, GRADEBOOK_API_PAGE_SIZE } from "~/features/reports/reports.server.ts";
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
      "curso, intentos y aprobado, y la nota final de cada participante; 100 por página.",
    access: "team",
    query: ["page"],
    ok: { 200: json("Una página del libro de calificaciones.", GradebookSchema, PAGED) },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ params, url }) => {
      const gradebook = await getGradebook(params.cursoId, { page: pageFrom(url), size: GRADEBOOK_API_PAGE_SIZE });
      if (!gradebook) return apiError(404, COURSE_NOT_FOUND);
      return apiNumberedPageJson<Gradebook>(gradebook, url.href, gradebook);
    },
  },
});
export const action = loader;
