import { BODY_NOT_JSON, BODY_TOO_LARGE, apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import {
  ImportDoneSchema,
  ImportFieldsSchema,
  ImportFormSchema,
  ImportPreviewSchema,
  readListRequest,
  type ImportDoneAnswer,
  type ImportPreviewAnswer,
} from "~/features/accounts/import/schema.ts";
import {
  IMPORT_CHANGED,
  IMPORT_HAS_ERRORS,
  IMPORT_NOTHING_NEW,
  IMPORT_ROLE_INVALID,
  LIST_EMPTY,
  LIST_EMPTY_FIELDS,
  LIST_NOT_TEXT,
  XLSX_TOO_LARGE,
  XLSX_UNREADABLE,
  IMPORT_DONE,
} from "~/features/accounts/import/texts.ts";
import { confirmImport, previewImport } from "~/features/accounts/import/import.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/admin/usuarios/importar", {
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
        XLSX_UNREADABLE,
        XLSX_TOO_LARGE,
        IMPORT_ROLE_INVALID,
        IMPORT_HAS_ERRORS(1),
        IMPORT_NOTHING_NEW,
        BODY_NOT_JSON,
      ),
      409: error("La lista o las opciones no son las de la vista previa (huella).", IMPORT_CHANGED),
      413: error("El cuerpo pasa de 2 MB.", BODY_TOO_LARGE),
    },
    handler: async ({ user, request }) => {
      const read = await readListRequest(request, ImportFieldsSchema);
      if (!read.ok) return apiFailure(read);
      const { text, rows, fields } = read;
      const { rol, autorizacionColegio, confirmar, huella = "" } = fields;
      if (!confirmar)
        return apiJson<ImportPreviewAnswer>(await previewImport(rows, text, { rol, autorizacionColegio }));
      const outcome = await confirmImport(user, rows, text, { rol, autorizacionColegio, huella }, request);
      if (!outcome.ok) return apiFailure(outcome);
      const { creadas, existentes, ids } = outcome;
      return apiJson<ImportDoneAnswer>({ message: IMPORT_DONE(creadas, existentes), creadas, existentes, ids }, 201);
    },
  },
});
export const action = loader;
