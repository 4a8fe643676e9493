// The admin's calls on many accounts at once, under the OpenAPI tag Cuentas (docs/product.md#json-api):
// 'Importar usuarios' and the bulk approval and suspension. The builder
// (lib/api/openapi.server.ts) puts them after the other account calls, in this order,
// in the vocabulary of lib/api/operation.server.ts.
import { BODY_NOT_JSON, BODY_TOO_LARGE } from "~/lib/api.server.ts";
import { error, invalid, json, type Operations } from "~/lib/api/operation.server.ts";
import { BulkAnswerSchema, BulkIdsSchema, BULK_NONE, BULK_TOO_MANY } from "./bulk-schema.ts";
import { ImportDoneSchema, ImportFieldsSchema, ImportFormSchema, ImportPreviewSchema } from "./import/schema.ts";
import {
  IMPORT_CHANGED,
  IMPORT_HAS_ERRORS,
  IMPORT_NOTHING_NEW,
  IMPORT_ROLE_INVALID,
  LIST_EMPTY,
  LIST_EMPTY_FIELDS,
  LIST_NOT_TEXT,
} from "./import/texts.ts";

/** The calls, in the order of the document. */
export const BULK_ACCOUNT_CALLS: Operations = {
  "/api/admin/usuarios/importar": {
    post: {
      tag: "Cuentas",
      summary: "Importar usuarios desde una lista (vista previa y confirmación)",
      description:
        "La lista va en `lista` (JSON o formulario) o como archivo `archivo` (multipart): correo; nombre; " +
        "apellido; y, si se quiere, rut y fecha de nacimiento, separados por ; , o tabulador, con o sin fila " +
        "de encabezados. Con `confirmar` false responde la vista previa, fila por fila, y no escribe nada. " +
        "Con `confirmar` true y la `huella` de esa vista previa (la misma lista y opciones), crea las cuentas " +
        "nuevas en una sola transacción, aprobadas, con el rol elegido; cada persona recibe un correo con un " +
        "enlace para crear su contraseña (vale 7 días). Las cuentas que ya existen no se tocan. Si alguna fila " +
        "tiene un error, no se crea ninguna.",
      access: "admin",
      body: { json: ImportFieldsSchema, form: ImportFormSchema },
      ok: {
        200: json("La vista previa (confirmar=false).", ImportPreviewSchema),
        201: json("Las cuentas creadas (confirmar=true).", ImportDoneSchema),
      },
      errors: {
        400: invalid(
          "Lista vacía o ilegible, rol inválido, filas con errores o nada nuevo que crear.",
          LIST_EMPTY_FIELDS,
          LIST_EMPTY,
          LIST_NOT_TEXT,
          IMPORT_ROLE_INVALID,
          IMPORT_HAS_ERRORS(1),
          IMPORT_NOTHING_NEW,
          BODY_NOT_JSON,
        ),
        409: error("La lista o las opciones no son las de la vista previa (huella).", IMPORT_CHANGED),
        413: error("El cuerpo pasa de 2 MB.", BODY_TOO_LARGE),
      },
    },
  },
  "/api/admin/usuarios/aprobar": {
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
    },
  },
  "/api/admin/usuarios/suspender": {
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
    },
  },
};
