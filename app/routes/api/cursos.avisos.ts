import {
  listCourseAnnouncements,
  postAnnouncement,
  readAccess,
} from "~/features/announcements/announcements.server.ts";
import {
  AnnouncementFieldsSchema,
  AnnouncementJsonSchema,
  AnnouncementListSchema,
  type AnnouncementJson,
  type AnnouncementList,
} from "~/features/announcements/schema.ts";
import { ANNOUNCEMENTS_FORBIDDEN } from "~/features/announcements/texts.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { apiFailure, apiJson, apiPageJson } from "~/lib/api.server.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";
import { ANNOUNCEMENT_EXAMPLE as EXAMPLE, INVALID_ANNOUNCEMENT } from "./examples.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/avisos", {
  get: {
    tag: "Avisos",
    summary: "Avisos de un curso",
    description:
      "Los avisos del curso, el más nuevo primero, 20 por página; el encabezado Link da las páginas siguiente " +
      "y anterior. Los ven quienes están inscritos en el curso (mientras el curso esté publicado) y su equipo " +
      "docente (sus profesores/as y los administradores). El texto es simple: quien lo muestre debe escaparlo.",
    access: "user",
    query: [...KEYSET],
    ok: {
      200: {
        ...json("Una página de avisos.", AnnouncementListSchema, ["Link"]),
        example: { cursoId: EXAMPLE.cursoId, avisos: [EXAMPLE] },
      },
    },
    errors: {
      403: error("Quien llama no está inscrito en el curso ni es de su equipo docente.", ANNOUNCEMENTS_FORBIDDEN),
      404: error("Curso no encontrado (o en borrador, para quien no es de su equipo).", COURSE_NOT_FOUND),
    },
    handler: async ({ user, params, url }) => {
      const access = await readAccess(user, params.cursoId);
      if (!access.ok) return apiFailure(access);
      const list = await listCourseAnnouncements(access.course.id, cursorFrom(url));
      return apiPageJson<AnnouncementList>({ cursoId: access.course.id, avisos: list.avisos }, url.href, {
        page: pageFrom(url),
        cursors: list.cursors,
      });
    },
  },
  post: {
    tag: "Avisos",
    summary: "Publicar un aviso",
    description:
      "Un aviso nuevo del curso, firmado por quien llama. Aparece al instante arriba en la página del curso y en " +
      "el panel de cada estudiante inscrito, que recibe una notificación (y un correo, según sus preferencias). " +
      "Queda en el registro de auditoría.",
    access: "team",
    body: { json: AnnouncementFieldsSchema },
    ok: { 201: { ...json("El aviso publicado.", AnnouncementJsonSchema), example: EXAMPLE } },
    errors: {
      400: INVALID_ANNOUNCEMENT,
      404: error("Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).", COURSE_NOT_FOUND),
    },
    handler: async ({ user, params, body, request }) => {
      const outcome = await postAnnouncement(user, params.cursoId, await body(), request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<AnnouncementJson>(outcome.aviso, 201);
    },
  },
});
export const action = loader;
