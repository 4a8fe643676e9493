// The classes' requests and answers (docs/product.md#classes): forms, API and OpenAPI alike. Server
// only (decision 003).
import { z } from "zod";
import { isRecordId } from "~/lib/ids.ts";
import { singleLineText } from "~/lib/text.ts";
import {
  CLASS_NAME_REQUIRED,
  CLASS_NAME_TOO_LONG,
  INVITATION_ANSWER_REQUIRED,
  JOIN_CODE_MALFORMED,
  JOIN_CODE_REQUIRED,
  MEMBER_NOT_FOUND,
} from "./texts.ts";

const CLASS_NAME_MAX = 80;

/** 'Nueva clase', 'Cambiar nombre' and POST /api/cursos/{cursoId}/clases. */
export const ClassNameSchema = z.object({
  nombre: singleLineText(
    z
      .string({ error: CLASS_NAME_REQUIRED })
      .trim()
      .min(1, CLASS_NAME_REQUIRED)
      .max(CLASS_NAME_MAX, CLASS_NAME_TOO_LONG)
      .meta({ description: "El nombre de la clase (1 a 80 caracteres), único en el curso. Ej.: Curso 3°B 2026." }),
  ),
});
export type ClassNameFields = z.input<typeof ClassNameSchema>;

/**
 * 'Unirme a una clase' and POST /api/clases/unirse: the code as typed (any case, with or
 * without its dash); the service reads it (codes.ts) and refuses what cannot be a code.
 */
export const JoinClassSchema = z.object({
  codigo: z.string({ error: JOIN_CODE_REQUIRED }).trim().min(1, JOIN_CODE_REQUIRED).max(40, JOIN_CODE_MALFORMED).meta({
    description: "El código de la clase como lo entregó su profesor/a (ej.: K7MD-4QXA; da igual mayúsculas o guion).",
  }),
});
export type JoinClassFields = z.input<typeof JoinClassSchema>;

/** 'Quitar de la clase': a member, by account id. */
export const RemoveMemberSchema = z.object({
  userId: z.string({ error: MEMBER_NOT_FOUND }).refine(isRecordId, MEMBER_NOT_FOUND),
});

/** One class as GET/POST /api/cursos/{cursoId}/clases answer it. */
export const ClassSummarySchema = z.object({
  id: z.string(),
  cursoId: z.string(),
  nombre: z.string(),
  codigo: z.string().meta({ description: "El código para unirse, en dos grupos de cuatro (ej.: K7MD-4QXA)." }),
  estudiantes: z.number().int().min(0).meta({ description: "Cuántas personas son parte de la clase." }),
  creadaEn: z.iso.datetime(),
});
export type ClassSummary = z.output<typeof ClassSummarySchema>;

/** GET /api/cursos/{cursoId}/clases: a page of the course's classes, by name. */
export const ClassListSchema = z.object({
  cursoId: z.string(),
  clases: z.array(ClassSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(1),
});
export type ClassList = z.output<typeof ClassListSchema>;

/** POST /api/clases/unirse: where the person now is. */
export const JoinedClassSchema = z.object({
  message: z.string(),
  clase: z.object({ id: z.string(), nombre: z.string() }),
  curso: z.object({ id: z.string(), titulo: z.string() }),
  inscripcionNueva: z
    .boolean()
    .meta({ description: "true si con esto además se inscribió en el curso (antes no lo estaba)." }),
});
export type JoinedClass = z.output<typeof JoinedClassSchema>;

/** The invitation page's buttons and POST /api/clases/invitaciones/{invitacionId}. */
export const InvitationAnswerSchema = z.object({
  respuesta: z.enum(["aceptar", "rechazar"], { error: INVITATION_ANSWER_REQUIRED }).meta({
    description: "aceptar: entra a la clase (y al curso, si aún no); rechazar: no cambia nada.",
  }),
});

/** POST /api/clases/invitaciones/{invitacionId}: what the answer did. */
export const InvitationAnsweredSchema = JoinedClassSchema.extend({
  respuesta: z.enum(["aceptar", "rechazar"]),
});
export type InvitationAnswered = z.output<typeof InvitationAnsweredSchema>;
