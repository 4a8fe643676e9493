import { invalid, json } from "~/lib/api/operation.server.ts";
import { BulkAnswerSchema, BulkIdsSchema, BULK_NONE, BULK_TOO_MANY } from "~/features/accounts/bulk-schema.ts";
import { bulkUsersAnswer, suspendUsers } from "~/features/accounts/users.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/admin/usuarios/suspender", {
  post: {
    tag: "Cuentas",
    summary: "Suspender varias cuentas (cierra sus sesiones y tokens)",
    description:
      "Las mismas reglas y registro de auditoría que PUT /api/auth/suspend/{userId}, en una sola transacción; " +
      "la propia cuenta y las que no existen quedan en `omitidas`, con el motivo.",
    access: "admin",
    body: { json: BulkIdsSchema },
    ok: { 200: json("Lo que se hizo.", BulkAnswerSchema) },
    errors: { 400: invalid("Sin cuentas, o más de 100.", BULK_NONE, BULK_TOO_MANY) },
    handler: async ({ user, body, request }) =>
      bulkUsersAnswer(user, (await body()).ids, request, suspendUsers, "suspendidas"),
  },
});
export const action = loader;
