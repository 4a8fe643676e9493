import { json } from "~/lib/api/operation.server.ts";
import { UpcomingDueDatesSchema, upcomingJson } from "~/features/due-dates/schema.ts";
import { UPCOMING_DAYS } from "~/features/due-dates/texts.ts";
import { upcomingDueDates } from "~/features/due-dates/due-dates.server.ts";
import { tareaDueDates } from "~/features/assignments/due.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/proximas-fechas", {
  get: {
    tag: "Cursos",
    summary: "Próximas fechas límite de quien llama",
    description:
      "Las fechas límite de los módulos y de las tareas (las de quien llama, aún sin entregar) " +
      `de los cursos en que quien llama está inscrito, desde ahora a ` +
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
              tipo: "modulo",
              moduloId: "cm3modulo000abcd1234efgh",
              tareaId: null,
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
    // The same service as the panel's 'Próximas fechas' (docs/product.md#due-dates).
    handler: async ({ user }) =>
      Response.json(upcomingJson(await upcomingDueDates(user.id, undefined, tareaDueDates)), {
        headers: { "Cache-Control": "no-store" },
      }),
  },
});
export const action = loader;
