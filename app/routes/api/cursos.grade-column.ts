import { deleteColumn, renameColumn } from "~/features/reports/grade-columns.server.ts";
import { GradeColumnNameSchema, GradeColumnSchema, type GradeColumn } from "~/features/reports/grade-columns-schema.ts";
import {
  COLUMN_DELETED,
  COLUMN_NAME_REQUIRED,
  COLUMN_NAME_TAKEN,
  COLUMN_NAME_TOO_LONG,
  COLUMN_NOT_FOUND,
  COLUMN_OF_TAREA,
} from "~/features/reports/texts.ts";
import { apiFailure, apiJson, ApiNoticeIdSchema, type ApiNoticeId } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { apiRoute } from "./api-route.server.ts";

const NOT_FOUND = error("La columna no existe o es de otro curso.", COLUMN_NOT_FOUND);
const OF_TAREA = error("La columna es de una tarea: cambia con la tarea.", COLUMN_OF_TAREA);

export const loader = apiRoute("/api/cursos/{cursoId}/calificaciones/columnas/{columnaId}", {
  put: {
    tag: "Reportes",
    summary: "Renombrar una columna de notas",
    description: "El nombre nuevo de una columna de notas, único en el curso. Queda en el registro de auditoría.",
    access: "team",
    body: { json: GradeColumnNameSchema },
    ok: {
      200: {
        ...json("La columna renombrada.", GradeColumnSchema),
        example: {
          id: "cm0columna00000000000001",
          cursoId: "cm0curso0000000000000001",
          nombre: "Prueba escrita",
          posicion: 0,
          tipo: "manual",
          tareaId: null,
          creadaEn: "2026-03-02T15:00:00.000Z",
        },
      },
    },
    errors: {
      400: invalid("Nombre inválido.", COLUMN_NAME_REQUIRED, COLUMN_NAME_TOO_LONG, TEXT_NOT_ALLOWED),
      404: NOT_FOUND,
      409: error(
        "Ya hay una columna con ese nombre en el curso, o es de una tarea.",
        COLUMN_NAME_TAKEN,
        COLUMN_OF_TAREA,
      ),
    },
    handler: async ({ user, params: { cursoId, columnaId }, body, request }) => {
      const outcome = await renameColumn(user, cursoId, columnaId, (await body()).nombre, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<GradeColumn>(outcome.columna);
    },
  },
  delete: {
    tag: "Reportes",
    summary: "Eliminar una columna de notas",
    description: "La columna deja el libro de calificaciones con todas sus notas. Queda en el registro de auditoría.",
    access: "team",
    ok: {
      200: {
        ...json("Eliminada.", ApiNoticeIdSchema),
        example: { message: COLUMN_DELETED, id: "cm0columna00000000000001" },
      },
    },
    errors: { 404: NOT_FOUND, 409: OF_TAREA },
    handler: async ({ user, params: { cursoId, columnaId }, request }) => {
      const outcome = await deleteColumn(user, cursoId, columnaId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: COLUMN_DELETED, id: columnaId });
    },
  },
});
export const action = loader;
