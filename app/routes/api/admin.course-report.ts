import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { getCourseReport } from "~/features/reports/reports.server.ts";
import { CourseReportSchema, type CourseReport } from "~/features/reports/schema.ts";
import { apiError, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/admin/cursos/{cursoId}/reporte", {
  get: {
    tag: "Reportes",
    summary: "Reporte de un curso",
    description: "Embudo de participantes, tasa de aprobación por módulo y preguntas más falladas.",
    access: "team",
    ok: { 200: json("El reporte.", CourseReportSchema) },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ params }) => {
      const report = await getCourseReport(params.cursoId);
      return report ? apiJson<CourseReport>(report) : apiError(404, COURSE_NOT_FOUND);
    },
  },
});
export const action = loader;
