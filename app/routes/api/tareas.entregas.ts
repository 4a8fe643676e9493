import {
  HandInAnswerSchema,
  HandInFormSchema,
  HandInListSchema,
  OwnHandInSchema,
} from "~/features/assignments/submission-schema.ts";
import { handInsFor, saveHandIn } from "~/features/assignments/submissions.server.ts";
import {
  HANDED_IN,
  HANDIN_EMPTY,
  HANDIN_FILE_TYPES,
  HANDIN_TOO_LARGE,
  HANDIN_TOO_MANY,
  IMAGE_UNREADABLE,
  MAX_HANDIN_FILES,
  MAX_HANDIN_MB,
  TEXTO_TOO_LONG,
} from "~/features/assignments/submission-texts.ts";
import { TAREA_NOT_FOUND, TAREA_NOT_OPEN, TAREAS_FORBIDDEN } from "~/features/assignments/texts.ts";
import { apiFailure, apiJson, apiNumberedPageJson } from "~/lib/api.server.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { MALFORMED_FORM } from "~/lib/upload.server.ts";
import { z } from "zod";
import { apiRoute } from "./api-route.server.ts";
import { HANDIN_EXAMPLE, HANDIN_FORBIDDEN, HANDIN_LOCKED } from "./entregas.shared.server.ts";

const NOT_FOUND = error("La tarea no existe, o no es para quien llama.", TAREA_NOT_FOUND);

export const loader = apiRoute("/api/tareas/{tareaId}/entregas", {
  get: {
    tag: "Tareas",
    summary: "Entregas de una tarea",
    description:
      "Para un estudiante: su propia entrega (null si aún no guarda nada). Para el equipo docente: las entregas " +
      "(entregadas y devueltas), la entregada hace más tiempo primero, 50 por página (el encabezado Link da las " +
      "páginas siguiente y anterior).",
    access: "user",
    query: ["page"],
    ok: {
      200: {
        ...json("La entrega propia, o una página de entregas.", z.union([OwnHandInSchema, HandInListSchema]), ["Link"]),
        example: { tareaId: HANDIN_EXAMPLE.tareaId, entrega: HANDIN_EXAMPLE },
      },
    },
    errors: { 403: error("Quien llama no es del curso.", TAREAS_FORBIDDEN, TAREA_NOT_OPEN), 404: NOT_FOUND },
    handler: async ({ user, params: { tareaId }, url }) => {
      const found = await handInsFor(user, tareaId, pageFrom(url));
      if (!found.ok) return apiFailure(found);
      if (!found.team) return apiJson({ tareaId, entrega: found.entrega });
      const { entregas, total, page, pageCount } = found;
      return apiNumberedPageJson({ tareaId, entregas, total, page, pageCount }, url.href, found);
    },
  },
  post: {
    tag: "Tareas",
    summary: "Guardar o entregar la tarea",
    description:
      "Como 'Guardar borrador' y 'Entregar' de la página: multipart/form-data con `texto`, `archivos` (repetido) y " +
      "`entregar` (true para entregar ahora). Crea la entrega de quien llama la primera vez; después agrega los " +
      `archivos y cambia el texto mientras no esté devuelta. Hasta ${MAX_HANDIN_FILES} archivos y ${MAX_HANDIN_MB} ` +
      "MB en total por entrega. Después de la fecha límite queda 'Atrasada', o se rechaza si la tarea no acepta " +
      "entregas atrasadas.",
    access: "user",
    body: { form: HandInFormSchema },
    ok: {
      200: {
        ...json("La entrega guardada.", HandInAnswerSchema),
        example: { message: HANDED_IN, entrega: HANDIN_EXAMPLE },
      },
    },
    errors: {
      400: invalid(
        "Archivo o texto inválido.",
        HANDIN_FILE_TYPES,
        HANDIN_TOO_MANY,
        HANDIN_EMPTY,
        IMAGE_UNREADABLE,
        TEXTO_TOO_LONG,
        TEXT_NOT_ALLOWED,
        MALFORMED_FORM,
      ),
      403: HANDIN_FORBIDDEN,
      404: NOT_FOUND,
      409: HANDIN_LOCKED,
      413: error("La entrega supera el máximo de bytes.", HANDIN_TOO_LARGE),
    },
    // The multipart body is read by saveHandIn (its files are streamed to storage).
    handler: async ({ user, params: { tareaId }, request }) => {
      const outcome = await saveHandIn(user, tareaId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson({ message: outcome.message, entrega: outcome.entrega });
    },
  },
});
export const action = loader;
