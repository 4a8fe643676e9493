import { QueueSchema } from "~/features/assignments/review-schema.ts";
import { listQueue } from "~/features/assignments/review.server.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import { apiError, apiFailure, apiPageJson } from "~/lib/api.server.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";

// The hand-ins of 'Para revisar' as JSON (docs/product.md#returning-a-hand-in): the same service.
const [CURSO, TAREA, ENTREGA] = ["cm0curso0000000000000001", "cm0tarea0000000000000001", "cm0entrega00000000000001"];
export const loader = apiRoute("/api/docente/entregas", {
  get: {
    tag: "Tareas",
    summary: "Entregas por revisar",
    description:
      "Las entregas que esperan revisión en los cursos del equipo de quien llama (docente o administrador: los " +
      "cursos de cuyo equipo es parte), la más antigua primero, 20 por página (el encabezado Link da las páginas " +
      "siguiente y anterior). `clase` deja solo a quienes son de esa clase.",
    access: "user",
    query: [...KEYSET, "clase"],
    ok: {
      200: {
        ...json("Una página de entregas por revisar.", QueueSchema, ["Link"]),
        example: {
          entregas: [
            {
              id: ENTREGA,
              tareaId: TAREA,
              cursoId: CURSO,
              tarea: "Guía de fracciones",
              curso: "Matemática 7°",
              userId: "cm0usuario00000000000001",
              estudiante: "Rojas, Ana",
              clases: ["7°A"],
              entregadaEn: "2026-03-02T15:00:00.000Z",
              atrasada: false,
              enlace: `/docente/cursos/${CURSO}/tareas/${TAREA}/entregas/${ENTREGA}`,
            },
          ],
        },
      },
    },
    errors: {
      403: error("Quien llama no es docente ni administrador.", NOT_ALLOWED),
      404: error("La clase no es de uno de sus cursos.", CLASS_NOT_FOUND),
    },
    handler: async ({ user, url }) => {
      if (user.rol !== "docente" && user.rol !== "admin") return apiError(403, NOT_ALLOWED);
      const list = await listQueue(user, { cursor: cursorFrom(url), claseId: url.searchParams.get("clase") });
      if (!list.ok) return apiFailure(list);
      return apiPageJson({ entregas: list.entregas }, url.href, { page: pageFrom(url), cursors: list.cursors });
    },
  },
});
export const action = loader;
