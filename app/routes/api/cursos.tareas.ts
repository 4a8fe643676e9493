import { createTarea, listTareas } from "~/features/assignments/tareas.server.ts";
import {
  TareaFieldsSchema,
  TareaJsonSchema,
  TareaListSchema,
  type TareaJson,
  type TareaList,
} from "~/features/assignments/schema.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { INVALID_TAREA, TAREA_EXAMPLE as EXAMPLE, TAREA_FORBIDDEN_DOC } from "./tarea-examples.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/tareas", {
  get: {
    tag: "Tareas",
    summary: "Tareas de un curso",
    description:
      "Las tareas del curso que quien llama ve, por fecha límite (las sin fecha al final): su equipo docente, " +
      "todas; un estudiante inscrito, las de todas las clases y las de sus clases (cuando el curso está abierto " +
      "a sus estudiantes). Lo mismo que lista la página del curso.",
    access: "user",
    ok: { 200: { ...json("Las tareas.", TareaListSchema), example: { cursoId: EXAMPLE.cursoId, tareas: [EXAMPLE] } } },
    errors: {
      403: TAREA_FORBIDDEN_DOC,
      404: error("Curso no encontrado (o en borrador, para quien no es de su equipo).", COURSE_NOT_FOUND),
    },
    handler: async ({ user, params }) => {
      const listed = await listTareas(user, params.cursoId);
      if (!listed.ok) return apiFailure(listed);
      return apiJson<TareaList>({ cursoId: listed.course.id, tareas: listed.tareas });
    },
  },
  post: {
    tag: "Tareas",
    summary: "Poner una tarea",
    description:
      "Una tarea nueva del curso, como «Crear tarea» de la página (los adjuntos se suben en la página). Crea su " +
      "columna en el libro de calificaciones (con el título de la tarea) y notifica a los estudiantes a quienes " +
      "va (y un correo, según sus preferencias). Queda en el registro de auditoría.",
    access: "team",
    body: { json: TareaFieldsSchema },
    ok: { 201: { ...json("La tarea creada.", TareaJsonSchema), example: EXAMPLE } },
    errors: {
      400: INVALID_TAREA,
      404: error("Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).", COURSE_NOT_FOUND),
    },
    handler: async ({ user, params, body, request }) => {
      const outcome = await createTarea(user, params.cursoId, await body(), [], request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<TareaJson>(outcome.tarea, 201);
    },
  },
});
export const action = loader;
