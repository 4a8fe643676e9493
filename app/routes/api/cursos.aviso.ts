import { deleteAnnouncement, updateAnnouncement } from "~/features/announcements/announcements.server.ts";
import {
  AnnouncementFieldsSchema,
  AnnouncementJsonSchema,
  type AnnouncementJson,
} from "~/features/announcements/schema.ts";
import { ANNOUNCEMENT_DELETED, ANNOUNCEMENT_NOT_FOUND } from "~/features/announcements/texts.ts";
import { apiFailure, apiJson, ApiNoticeIdSchema, type ApiNoticeId } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { ANNOUNCEMENT_EXAMPLE, INVALID_ANNOUNCEMENT } from "./examples.server.ts";

const NOT_FOUND = error("El aviso no existe o es de otro curso.", ANNOUNCEMENT_NOT_FOUND);

// GET is not a call here: the course's list (GET /api/cursos/{cursoId}/avisos) has every announcement.
export const loader = apiRoute("/api/cursos/{cursoId}/avisos/{avisoId}", {
  put: {
    tag: "Avisos",
    summary: "Editar un aviso",
    description:
      "El título y el texto nuevos de un aviso del curso; se muestra como editado. " +
      "Queda en el registro de auditoría.",
    access: "team",
    body: { json: AnnouncementFieldsSchema },
    ok: {
      200: {
        ...json("El aviso editado.", AnnouncementJsonSchema),
        example: { ...ANNOUNCEMENT_EXAMPLE, editadoEn: "2026-03-02T15:30:00.000Z" },
      },
    },
    errors: { 400: INVALID_ANNOUNCEMENT, 404: NOT_FOUND },
    handler: async ({ user, params: { cursoId, avisoId }, body, request }) => {
      const outcome = await updateAnnouncement(user, cursoId, avisoId, await body(), request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<AnnouncementJson>(outcome.aviso);
    },
  },
  delete: {
    tag: "Avisos",
    summary: "Eliminar un aviso",
    description:
      "El aviso deja de verse en la página del curso y en el panel de cada estudiante. " +
      "Queda en el registro de auditoría.",
    access: "team",
    ok: {
      200: {
        ...json("Eliminado.", ApiNoticeIdSchema),
        example: { message: ANNOUNCEMENT_DELETED, id: ANNOUNCEMENT_EXAMPLE.id },
      },
    },
    errors: { 404: NOT_FOUND },
    handler: async ({ user, params: { cursoId, avisoId }, request }) => {
      const outcome = await deleteAnnouncement(user, cursoId, avisoId, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: ANNOUNCEMENT_DELETED, id: avisoId });
    },
  },
});
export const action = loader;
