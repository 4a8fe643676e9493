import { getResumen } from "~/features/reports/reports.server.ts";
import { ResumenSchema, type Resumen } from "~/features/reports/schema.ts";
import { apiJson } from "~/lib/api.server.ts";
import { json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/admin/resumen", {
  get: {
    tag: "Reportes",
    summary: "Resumen de la academia",
    description: "Usuarios por rol, cursos, inscripciones, certificados, correos en espera y los últimos 12 meses.",
    access: "admin",
    ok: { 200: json("El resumen.", ResumenSchema) },
    handler: async () => apiJson<Resumen>(await getResumen()),
  },
});
export const action = loader;
