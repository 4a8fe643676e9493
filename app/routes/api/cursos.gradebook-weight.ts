import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { courseWeight, setGradebookWeight } from "~/features/reports/grade-columns.server.ts";
import { GradebookWeightApiSchema, type GradebookWeightAnswer } from "~/features/reports/grade-columns-schema.ts";
import { WEIGHT_INVALID } from "~/features/reports/texts.ts";
import { apiError, apiFailure, apiJson, BODY_NOT_JSON } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

const NOT_FOUND = error(
  "Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).",
  COURSE_NOT_FOUND,
);
const EXAMPLE: GradebookWeightAnswer = { cursoId: "cm0curso0000000000000001", evaluaciones: 40 };

export const loader = apiRoute("/api/cursos/{cursoId}/calificaciones/ponderacion", {
  get: {
    tag: "Reportes",
    summary: "Ponderación de la nota final de un curso",
    description:
      "El peso (en %) del promedio de los módulos con evaluación en la nota final; las columnas de notas pesan " +
      "el resto. null: la nota final es el promedio simple de todas las notas.",
    access: "team",
    ok: { 200: { ...json("La ponderación.", GradebookWeightApiSchema), example: EXAMPLE } },
    errors: { 404: NOT_FOUND },
    handler: async ({ params: { cursoId } }) => {
      const evaluaciones = await courseWeight(cursoId);
      if (evaluaciones === undefined) return apiError(404, COURSE_NOT_FOUND);
      return apiJson<GradebookWeightAnswer>({ cursoId, evaluaciones });
    },
  },
  put: {
    tag: "Reportes",
    summary: "Cambiar la ponderación de la nota final",
    description:
      "Como «Guardar ponderación» de la página: un porcentaje entero de 0 a 100 para los módulos (las columnas " +
      "pesan el resto), o null para el promedio simple. Queda en el registro de auditoría.",
    access: "team",
    body: { json: GradebookWeightApiSchema.pick({ evaluaciones: true }) },
    ok: { 200: { ...json("La ponderación guardada.", GradebookWeightApiSchema), example: EXAMPLE } },
    errors: { 400: invalid("Porcentaje inválido.", WEIGHT_INVALID, BODY_NOT_JSON), 404: NOT_FOUND },
    handler: async ({ user, params: { cursoId }, body, request }) => {
      const { evaluaciones } = await body();
      const outcome = await setGradebookWeight(user, cursoId, evaluaciones, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<GradebookWeightAnswer>({ cursoId, evaluaciones });
    },
  },
});
export const action = loader;
