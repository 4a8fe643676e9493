import { error, invalid, json } from "~/lib/api/operation.server.ts";
import {
  IMPORT_CHANGED,
  LIST_EMPTY,
  LIST_EMPTY_FIELDS,
  LIST_NOT_TEXT,
  XLSX_TOO_LARGE,
  XLSX_UNREADABLE,
  ROW_UNDER_14,
} from "~/features/accounts/import/texts.ts";
import { BODY_NOT_JSON, BODY_TOO_LARGE, ApiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import {
  ClassImportDoneSchema,
  ClassImportFieldsSchema,
  ClassImportFormSchema,
  ClassImportPreviewSchema,
  readClassImportRequest,
  type ClassImportDoneAnswer,
  type ClassImportPreviewAnswer,
} from "~/features/classes/import-schema.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import {
  CLASS_IMPORT_DONE,
  CLASS_IMPORT_HAS_ERRORS,
  CLASS_IMPORT_NOTHING,
  CLASS_IMPORT_TOO_LONG,
  CLASS_IMPORT_TOO_MANY_ROWS,
} from "~/features/classes/import-texts.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import { findClass } from "~/features/classes/guards.server.ts";
import { confirmClassImport, previewClassImport } from "~/features/classes/import.server.ts";
import { apiRoute } from "./api-route.server.ts";

const row = {
  correo: "",
  sinCorreo: false,
  rut: null,
  rutFormateado: null,
  curso: null,
  fechaNacimiento: null,
  motivo: null,
};

export const loader = apiRoute("/api/cursos/{cursoId}/clases/{claseId}/importar", {
  post: {
    tag: "Cursos",
    summary: "Importar una lista a una clase (vista previa y confirmación)",
    description:
      "Para el equipo docente del curso y los administradores. La lista va en `lista` (JSON o formulario) o " +
      "como archivo `archivo` (multipart), como en POST /api/admin/usuarios/importar, pero el correo puede ir " +
      "vacío. Con `confirmar` false responde la vista previa, fila por fila (agregar, miembro o error con su " +
      "motivo y línea), y no escribe nada; la vista previa responde igual tenga o no cuenta la persona de " +
      "una fila. Sus filas se cuentan por docente: hasta " +
      `${BUDGETS.classImportRowsUser.points} por hora (429 con Retry-After después). Con \`confirmar\` true y ` +
      "la `huella` de esa vista previa, en una sola transacción: crea las cuentas de quienes no tienen " +
      "(aprobadas, rol estudiante; quien tiene correo recibe un enlace para crear su contraseña), las " +
      "inscribe en el curso y las agrega a la clase; a quien ya tiene cuenta le envía una invitación (una " +
      "notificación y, según sus preferencias, un correo): entra al curso y a la clase solo si la acepta " +
      "(POST /api/clases/invitaciones/{invitacionId}). Las cuentas sin correo reciben un usuario " +
      "(«…@sin-correo.invalid») y un enlace de un solo uso (30 días) que solo esta respuesta trae. Si alguna " +
      "fila tiene un error, no se escribe nada.",
    access: "team",
    body: { json: ClassImportFieldsSchema, form: ClassImportFormSchema },
    ok: {
      200: {
        ...json("La vista previa (confirmar=false).", ClassImportPreviewSchema),
        example: {
          filas: [
            {
              ...row,
              linea: 1,
              estado: "agregar",
              correo: "sofia.nunez@colegio.cl",
              nombre: "Sofía",
              apellido: "Núñez",
            },
            { ...row, linea: 2, estado: "agregar", sinCorreo: true, nombre: "Tomás", apellido: "Rojas" },
            { ...row, linea: 3, estado: "miembro", correo: "ana.soto@colegio.cl", nombre: "Ana", apellido: "Soto" },
            {
              ...row,
              linea: 4,
              estado: "error",
              correo: "luis.pena@colegio.cl",
              nombre: "Luis",
              apellido: "Peña",
              fechaNacimiento: "2015-04-09",
              motivo: ROW_UNDER_14,
            },
          ],
          resumen: { agregar: 2, sinCorreo: 1, miembros: 1, errores: 1 },
          huella: "q3Jm0u6yqv8m3r9lK1c2oYd4zXW8bQmS1tq6QyA7c0E",
        },
      },
      201: {
        ...json(
          "Lo que se escribió (confirmar=true); las cuentas sin correo tienen su tarjeta de acceso.",
          ClassImportDoneSchema,
        ),
        example: {
          message: CLASS_IMPORT_DONE({ agregadas: 3, yaEstaban: 0 }),
          agregadas: 3,
          yaEstaban: 0,
          sinCorreo: 1,
        },
      },
    },
    errors: {
      400: invalid(
        "Lista vacía, ilegible o de más filas que las de una hora, filas con errores o nada que hacer.",
        LIST_EMPTY_FIELDS,
        LIST_EMPTY,
        LIST_NOT_TEXT,
        XLSX_UNREADABLE,
        XLSX_TOO_LARGE,
        CLASS_IMPORT_HAS_ERRORS(1),
        CLASS_IMPORT_NOTHING,
        CLASS_IMPORT_TOO_LONG(BUDGETS.classImportRowsUser.points),
        BODY_NOT_JSON,
      ),
      404: error("Curso o clase no encontrados (o el curso no es de tu equipo).", CLASS_NOT_FOUND),
      409: error("La lista o las opciones no son las de la vista previa (huella).", IMPORT_CHANGED),
      413: error("El cuerpo pasa de 2 MB.", BODY_TOO_LARGE),
      429: error(
        "Demasiadas filas revisadas en la última hora (ver Retry-After).",
        CLASS_IMPORT_TOO_MANY_ROWS(BUDGETS.classImportRowsUser.points),
      ),
    },
    // The list is read by readClassImportRequest (JSON, form or file, up to 2 MB).
    handler: async ({ user, params, request }) => {
      const clase = await findClass(params.cursoId, params.claseId);
      if (!clase) throw new ApiError(404, CLASS_NOT_FOUND);
      const read = await readClassImportRequest(request);
      if (!read.ok) return apiFailure(read);
      const { text, rows, autorizacionColegio, confirmar, huella } = read;
      if (!confirmar) {
        const previewed = await previewClassImport(user, clase, rows, text, { autorizacionColegio });
        if (!previewed.ok) return apiFailure(previewed);
        return apiJson<ClassImportPreviewAnswer>(previewed.preview);
      }
      const outcome = await confirmClassImport(user, clase, rows, text, { autorizacionColegio, huella }, request);
      if (!outcome.ok) return apiFailure(outcome);
      const { agregadas, yaEstaban, sinCorreo } = outcome;
      return apiJson<ClassImportDoneAnswer>(
        { message: CLASS_IMPORT_DONE(outcome), agregadas, yaEstaban, sinCorreo },
        201,
      );
    },
  },
});
export const action = loader;
