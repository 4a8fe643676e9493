import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { createColumn, listColumns } from "~/features/reports/grade-columns.server.ts";
import {
  GradeColumnListSchema,
  GradeColumnNameSchema,
  GradeColumnSchema,
  type GradeColumn,
  type GradeColumnList,
} from "~/features/reports/grade-columns-schema.ts";
import { COLUMN_NAME_REQUIRED, COLUMN_NAME_TAKEN, COLUMN_NAME_TOO_LONG } from "~/features/reports/texts.ts";
import { apiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { apiRoute } from "./api-route.server.ts";

const EXAMPLE: GradeColumn = {
  id: "cm0columna00000000000001",
  cursoId: "cm0curso0000000000000001",
  nombre: "Disertación",
  posicion: 0,
  tipo: "manual",
  tareaId: null,
  creadaEn: "2026-03-02T15:00:00.000Z",
};
const NOT_FOUND = error(
  "Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).",
  COURSE_NOT_FOUND,
);

export const loader = apiRoute("/api/cursos/{cursoId}/calificaciones/columnas", {
  get: {
    tag: "Reportes",
    summary: "Columnas de notas de un curso",
    description: "Las columnas que el equipo agregó al libro de calificaciones (ej.: Disertación), en su orden.",
    access: "team",
    ok: {
      200: {
        ...json("Las columnas del curso.", GradeColumnListSchema),
        example: { cursoId: EXAMPLE.cursoId, columnas: [EXAMPLE] },
      },
    },
    errors: { 404: NOT_FOUND },
    handler: async ({ params: { cursoId } }) => {
      const columnas = await listColumns(cursoId);
      if (!columnas) return apiError(404, COURSE_NOT_FOUND);
      return apiJson<GradeColumnList>({ cursoId, columnas });
    },
  },
  post: {
    tag: "Reportes",
    summary: "Agregar una columna de notas",
    description:
      "Una columna nueva al final del libro de calificaciones, para notas de 1,0 a 7,0 que el equipo pone " +
      "a mano. El nombre es único en el curso. Queda en el registro de auditoría.",
    access: "team",
    body: { json: GradeColumnNameSchema },
    ok: { 201: { ...json("La columna creada.", GradeColumnSchema), example: EXAMPLE } },
    errors: {
      400: invalid("Nombre inválido.", COLUMN_NAME_REQUIRED, COLUMN_NAME_TOO_LONG, TEXT_NOT_ALLOWED),
      404: NOT_FOUND,
      409: error("Ya hay una columna con ese nombre en el curso.", COLUMN_NAME_TAKEN),
    },
    handler: async ({ user, params, body, request }) => {
      const outcome = await createColumn(user, params.cursoId, (await body()).nombre, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<GradeColumn>(outcome.columna, 201);
    },
  },
});
export const action = loader;
