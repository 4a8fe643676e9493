import { writeGrades } from "~/features/reports/grade-columns.server.ts";
import {
  ManualGradeInputSchema,
  ManualGradeSchema,
  type ManualGrade,
} from "~/features/reports/grade-columns-schema.ts";
import {
  COLUMN_IS_TAREA,
  COLUMN_NOT_FOUND,
  COMMENT_TOO_LONG,
  LEARNER_NOT_ENROLLED,
  NOTA_INVALID,
} from "~/features/reports/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/calificaciones/columnas/{columnaId}/notas/{userId}", {
  put: {
    tag: "Reportes",
    summary: "Poner la nota de una persona en una columna",
    description:
      "La nota de 1,0 a 7,0 (coma o punto, un decimal) de una persona inscrita en el curso, con un comentario " +
      "opcional; reemplaza la anterior. Queda en el registro de auditoría.",
    access: "team",
    body: { json: ManualGradeInputSchema },
    ok: {
      200: {
        ...json("La nota guardada.", ManualGradeSchema),
        example: {
          columnaId: "cm0columna00000000000001",
          userId: "cm0usuario00000000000001",
          nota: 5.5,
          comentario: "Buena estructura; faltó citar fuentes.",
          actualizadaEn: "2026-03-02T15:30:00.000Z",
        },
      },
    },
    errors: {
      400: invalid("Nota o comentario inválidos.", NOTA_INVALID, COMMENT_TOO_LONG, TEXT_NOT_ALLOWED),
      404: error(
        "La columna no existe o la persona no está inscrita en el curso.",
        COLUMN_NOT_FOUND,
        LEARNER_NOT_ENROLLED,
      ),
      409: error("La columna es de una tarea: su nota se pone al devolver la entrega.", COLUMN_IS_TAREA),
    },
    handler: async ({ user, params: { cursoId, columnaId, userId }, body, request }) => {
      const { nota, comentario = "" } = await body();
      const outcome = await writeGrades(user, cursoId, columnaId, [{ userId, nota, comentario }], request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ManualGrade>(outcome.notas[0]!);
    },
  },
});
export const action = loader;
