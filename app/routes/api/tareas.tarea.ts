import { deleteTarea, getTarea, updateTarea } from "~/features/assignments/tareas.server.ts";
import { TareaFieldsSchema, TareaJsonSchema, type TareaJson } from "~/features/assignments/schema.ts";
import { TAREA_DELETED, TAREAS_TEAM_ONLY } from "~/features/assignments/set-texts.ts";
import { apiFailure, apiJson, ApiNoticeIdSchema, type ApiNoticeId } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import {
  INVALID_TAREA,
  TAREA_EXAMPLE as EXAMPLE,
  TAREA_FORBIDDEN_DOC,
  TAREA_NOT_FOUND_DOC,
} from "./tarea-examples.server.ts";

const TEAM_ONLY = error("Quien llama ve la tarea pero no es del equipo docente del curso.", TAREAS_TEAM_ONLY);
const FORBIDDEN = { ...TAREA_FORBIDDEN_DOC, texts: [...TAREA_FORBIDDEN_DOC.texts, ...TEAM_ONLY.texts] };

export const loader = apiRoute("/api/tareas/{tareaId}", {
  get: {
    tag: "Tareas",
    summary: "Una tarea",
    description:
      "La tarea, para su equipo docente y para los estudiantes inscritos a quienes va; para cualquier otra " +
      "persona es una tarea desconocida (una tarea de otra clase responde 404).",
    access: "user",
    ok: { 200: { ...json("La tarea.", TareaJsonSchema), example: EXAMPLE } },
    errors: { 403: TAREA_FORBIDDEN_DOC, 404: TAREA_NOT_FOUND_DOC },
    handler: async ({ user, params }) => {
      const outcome = await getTarea(user, params.tareaId);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<TareaJson>(outcome.tarea);
    },
  },
  put: {
    tag: "Tareas",
    summary: "Editar una tarea",
    description:
      "Los mismos campos que al ponerla, todos de nuevo (los omitidos toman su valor por omisión; sin " +
      "`fechaLimite`, queda sin fecha límite). Un título nuevo renombra su columna de notas. No se notifica " +
      "otra vez. Queda en el registro de auditoría.",
    access: "team",
    body: { json: TareaFieldsSchema },
    ok: { 200: { ...json("La tarea editada.", TareaJsonSchema), example: EXAMPLE } },
    errors: { 400: INVALID_TAREA, 403: FORBIDDEN, 404: TAREA_NOT_FOUND_DOC },
    handler: async ({ user, params, body, request }) => {
      const outcome = await updateTarea(user, params.tareaId, body, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<TareaJson>(outcome.tarea);
    },
  },
  delete: {
    tag: "Tareas",
    summary: "Eliminar una tarea",
    description:
      "La tarea, sus adjuntos, sus entregas con sus archivos y su columna de notas con sus notas. No se puede " +
      "deshacer. Queda en el registro de auditoría.",
    access: "team",
    ok: { 200: { ...json("Eliminada.", ApiNoticeIdSchema), example: { message: TAREA_DELETED, id: EXAMPLE.id } } },
    errors: { 403: FORBIDDEN, 404: TAREA_NOT_FOUND_DOC },
    handler: async ({ user, params, request }) => {
      const outcome = await deleteTarea(user, params.tareaId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: TAREA_DELETED, id: params.tareaId });
    },
  },
});
export const action = loader;
