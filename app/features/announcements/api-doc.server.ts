// The API's calls under the OpenAPI tag Avisos (docs/product.md#announcements): a course's
// announcements, read by its enrolled learners and its team, written by its team. The builder
// (lib/api/openapi.server.ts) puts them in the document in this order.
import { error, invalid, json, KEYSET, type Operations } from "~/lib/api/operation.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { ApiNoticeIdSchema } from "~/lib/api.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { AnnouncementFieldsSchema, AnnouncementJsonSchema, AnnouncementListSchema } from "./schema.ts";
import {
  ANNOUNCEMENT_DELETED,
  ANNOUNCEMENT_NOT_FOUND,
  ANNOUNCEMENTS_FORBIDDEN,
  TEXT_REQUIRED,
  TEXT_TOO_LONG,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
} from "./texts.ts";

const EXAMPLE = {
  id: "cm3aviso0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  curso: "Compostaje en casa",
  titulo: "Cambió la fecha del módulo 2",
  texto: "Hola a todos y todas:\nEl módulo 2 abre el lunes. Material: https://ejemplo.cl/guia.pdf",
  autor: "Ana Pérez",
  publicadoEn: "2026-03-02T12:00:00.000Z",
  editadoEn: null,
};

const INVALID = invalid(
  "Título o texto inválido.",
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  TEXT_REQUIRED,
  TEXT_TOO_LONG,
  TEXT_NOT_ALLOWED,
);

const AUDITED = "Queda en el registro de auditoría.";

/** The calls of the tag Avisos, in the order of the document. */
export const ANNOUNCEMENT_CALLS: Operations = {
  "/api/cursos/{cursoId}/avisos": {
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
    },
    post: {
      tag: "Avisos",
      summary: "Publicar un aviso",
      description:
        "Un aviso nuevo del curso, firmado por quien llama. Aparece al instante arriba en la página del curso y en " +
        "el panel de cada estudiante inscrito. Queda en el registro de auditoría. (El aviso por correo a cada " +
        "estudiante aún no se envía.)",
      access: "team",
      body: { json: AnnouncementFieldsSchema },
      ok: { 201: { ...json("El aviso publicado.", AnnouncementJsonSchema), example: EXAMPLE } },
      errors: {
        400: INVALID,
        404: error(
          "Curso no encontrado (solo un administrador lo ve: al equipo se le responde 403).",
          COURSE_NOT_FOUND,
        ),
      },
    },
  },
  "/api/cursos/{cursoId}/avisos/{avisoId}": {
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
          example: { ...EXAMPLE, editadoEn: "2026-03-02T15:30:00.000Z" },
        },
      },
      errors: { 400: INVALID, 404: error("El aviso no existe o es de otro curso.", ANNOUNCEMENT_NOT_FOUND) },
    },
    delete: {
      tag: "Avisos",
      summary: "Eliminar un aviso",
      description: `El aviso deja de verse en la página del curso y en el panel de cada estudiante. ${AUDITED}`,
      access: "team",
      ok: {
        200: {
          ...json("Eliminado.", ApiNoticeIdSchema),
          example: { message: ANNOUNCEMENT_DELETED, id: EXAMPLE.id },
        },
      },
      errors: { 404: error("El aviso no existe o es de otro curso.", ANNOUNCEMENT_NOT_FOUND) },
    },
  },
};
