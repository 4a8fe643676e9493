// The API's call for due dates (docs/product.md#due-dates), in the vocabulary of
// lib/api/operation.server.ts; the builder (lib/api/openapi.server.ts) puts
// it in the document.
import { json, type Operations } from "~/lib/api/operation.server.ts";
import { UpcomingDueDatesSchema } from "./schema.ts";
import { UPCOMING_DAYS } from "./texts.ts";

export const DUE_DATE_CALLS: Operations = {
  "/api/auth/proximas-fechas": {
    get: {
      tag: "Cursos",
      summary: "Próximas fechas límite de quien llama",
      description:
        `Las fechas límite de los módulos de los cursos en que quien llama está inscrito, desde ahora a ` +
        `${UPCOMING_DAYS} días, la más próxima primero (a lo más 20): lo que muestra 'Próximas fechas' en su panel.`,
      access: "user",
      ok: {
        200: {
          ...json("Las próximas fechas.", UpcomingDueDatesSchema),
          example: {
            fechas: [
              {
                cursoId: "cm3curso0000abcd1234efgh",
                curso: "Matemática 7° básico",
                moduloId: "cm3modulo000abcd1234efgh",
                modulo: "Fracciones",
                moduloIndex: 0,
                fechaLimite: "2026-12-06T02:59:00.000Z",
                aprobado: false,
                url: "/cursos/cm3curso0000abcd1234efgh?modulo=1#modulo-1",
              },
            ],
          },
        },
      },
    },
  },
};
