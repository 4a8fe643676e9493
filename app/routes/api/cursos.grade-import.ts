import { IMPORT_CHANGED, LIST_FILE_FIELD } from "~/features/accounts/import/texts.ts";
import { LIST_TOO_LARGE } from "~/features/accounts/import/parse-list.ts";
import { confirmGradeImport, previewGradeImport } from "~/features/reports/grade-import.server.ts";
import {
  GradeImportDoneSchema,
  GradeImportFieldsSchema,
  GradeImportFormSchema,
  GradeImportPreviewSchema,
  readGradeImportRequest,
  type GradeImportDoneAnswer,
  type GradeImportPreviewAnswer,
} from "~/features/reports/grade-import-schema.ts";
import {
  COLUMN_IS_TAREA,
  COLUMN_NOT_FOUND,
  IMPORT_EMPTY,
  IMPORT_HAS_ERRORS,
  IMPORT_NO_FILE,
  IMPORT_NO_ID_COLUMN,
  IMPORT_NOT_TEXT,
  IMPORT_NOTHING,
  importDone,
  LEARNER_NOT_ENROLLED,
  ROW_NOT_PARTICIPANT,
} from "~/features/reports/texts.ts";
import { apiFailure, apiJson, BODY_NOT_JSON, BODY_TOO_LARGE } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";

const ROW = { nombre: null, nota: null, notaActual: null, comentario: "", motivo: null };

export const loader = apiRoute("/api/cursos/{cursoId}/calificaciones/columnas/{columnaId}/importar", {
  post: {
    tag: "Reportes",
    summary: "Importar las notas de una columna desde un CSV (vista previa y confirmación)",
    description:
      "La lista va en `lista` (JSON o formulario) o como archivo `" +
      LIST_FILE_FIELD +
      "` (multipart): un CSV como lo guarda Excel en español («;», BOM, coma decimal) o separado por «,», con " +
      "una fila de encabezados: «Correo» (o «Usuario» o «RUT»), «Nota» (o «<columna> - Nota»: el CSV del libro " +
      "se puede importar tal cual) y, si quieres, «Comentario» (sin esa columna, los comentarios quedan como " +
      "están). Con `confirmar` false responde cada fila (escribir, igual, sin-nota, fuera o error con su motivo) " +
      "y no escribe nada. Con `confirmar` true y la `huella` de esa vista previa vuelve a revisar todo y guarda " +
      "las notas de las filas «escribir» en una sola transacción, con el registro de auditoría; si alguna fila " +
      "tiene un error, no guarda ninguna. Una fila vacía de nota no borra la que hay.",
    access: "team",
    body: { json: GradeImportFieldsSchema, form: GradeImportFormSchema },
    ok: {
      200: {
        ...json("La vista previa (confirmar=false).", GradeImportPreviewSchema),
        example: {
          columna: { id: "cm0columna00000000000001", nombre: "Disertación" },
          filas: [
            {
              ...ROW,
              linea: 2,
              identificador: "ana.rojas@colegio.cl",
              estado: "escribir",
              nombre: "Ana Rojas",
              nota: 6.5,
            },
            { ...ROW, linea: 3, identificador: "12.345.678-5", estado: "fuera", nota: 5, motivo: ROW_NOT_PARTICIPANT },
          ],
          resumen: { escribir: 1, igual: 0, sinNota: 0, fuera: 1, errores: 0 },
          huella: "q3Jm0u6yqv8m3r9lK1c2oYd4zXW8bQmS1tq6QyA7c0E",
        },
      },
      201: {
        ...json("Las notas guardadas (confirmar=true).", GradeImportDoneSchema),
        example: { message: importDone(1), escritas: 1 },
      },
    },
    errors: {
      400: invalid(
        "Archivo vacío, ilegible o sin las columnas, filas con errores o nada que guardar.",
        IMPORT_NO_FILE,
        IMPORT_EMPTY,
        IMPORT_NOT_TEXT,
        IMPORT_NO_ID_COLUMN,
        LIST_TOO_LARGE,
        IMPORT_HAS_ERRORS(1),
        IMPORT_NOTHING,
        BODY_NOT_JSON,
      ),
      404: error(
        "La columna no existe o es de otro curso, o una persona dejó el curso.",
        COLUMN_NOT_FOUND,
        LEARNER_NOT_ENROLLED,
      ),
      409: error(
        "El archivo no es el de la vista previa (huella), o la columna es de una tarea.",
        IMPORT_CHANGED,
        COLUMN_IS_TAREA,
      ),
      413: error("El cuerpo pasa de 2 MB.", BODY_TOO_LARGE),
    },
    handler: async ({ user, params: { cursoId, columnaId }, request }) => {
      const read = await readGradeImportRequest(request);
      if (!read.ok) return apiFailure(read);
      if (!read.confirmar) {
        const previewed = await previewGradeImport(cursoId, columnaId, read.text);
        if (!previewed.ok) return apiFailure(previewed);
        return apiJson<GradeImportPreviewAnswer>(previewed.preview);
      }
      const done = await confirmGradeImport(user, cursoId, columnaId, read.text, read.huella, request);
      if (!done.ok) return apiFailure(done);
      return apiJson<GradeImportDoneAnswer>({ message: importDone(done.escritas), escritas: done.escritas }, 201);
    },
  },
});
export const action = loader;
