import { invalid, json } from "~/lib/api/operation.server.ts";
import { BulkAnswerSchema, BulkIdsSchema, BULK_NONE, BULK_TOO_MANY } from "~/features/accounts/bulk-schema.ts";
import { approveUsers, bulkUsersAnswer } from "~/features/accounts/users.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/admin/usuarios/aprobar", {
  post: {
    tag: "Cuentas",
    summary: "Aprobar varias cuentas",
    description:
      "Las mismas reglas, correo y registro de auditoría que PUT /api/auth/approve/{userId}, en una sola " +
      "transacción. Las cuentas que esperan la autorización de su madre, padre o tutor y las que no existen " +
      "quedan en `omitidas`, con el motivo.",
    access: "admin",
    body: { json: BulkIdsSchema },
    ok: { 200: json("Lo que se hizo.", BulkAnswerSchema) },
    errors: { 400: invalid("Sin cuentas, o más de 100.", BULK_NONE, BULK_TOO_MANY) },
    handler: async ({ user, body, request }) =>
      bulkUsersAnswer(user, (await body()).ids, request, approveUsers, "aprobadas"),
  },
});
export const action = loader;
