// The API's calls under the OpenAPI tag Reportes (docs/product.md#json-api): the academy's summary,
// a course's report and its gradebook. The builder (lib/api/openapi.server.ts) puts them
// in the document in this order; each entry names the schemas its route reads and answers with and
// the texts it sends, in the vocabulary of lib/api/operation.server.ts.
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { CourseReportSchema, GradebookSchema, ResumenSchema } from "./schema.ts";
import { error, json, PAGED, type Operations } from "~/lib/api/operation.server.ts";

/** The calls of the tag Reportes, in the order of the document. */
export const REPORT_CALLS: Operations = {
  "/api/admin/resumen": {
    get: {
      tag: "Reportes",
      summary: "Resumen de la academia",
      description: "Usuarios por rol, cursos, inscripciones, certificados, correos en espera y los últimos 12 meses.",
      access: "admin",
      ok: { 200: json("El resumen.", ResumenSchema) },
    },
  },
  "/api/admin/cursos/{cursoId}/reporte": {
    get: {
      tag: "Reportes",
      summary: "Reporte de un curso",
      description: "Embudo de participantes, tasa de aprobación por módulo y preguntas más falladas.",
      access: "team",
      ok: { 200: json("El reporte.", CourseReportSchema) },
      errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    },
  },
  "/api/admin/cursos/{cursoId}/calificaciones": {
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
    },
  },
};
