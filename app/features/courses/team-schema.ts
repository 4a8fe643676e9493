// The course's teaching team (docs/product.md#course-teams): the editor's 'Equipo docente' forms
// and GET/PUT /api/cursos/{cursoId}/equipo read and answer with these. Server only (Zod).
import { z } from "zod";
import { email } from "~/features/accounts/schema.ts";
import { isRecordId } from "~/lib/ids.ts";
import { multiLineText } from "~/lib/text.ts";
import { REVIEW_COMMENT_REQUIRED, TEAM_NOT_MEMBER, TEAM_TOO_MANY, TEAM_USER_UNKNOWN } from "./texts.ts";

const TEAM_MAX = 50;

/** 'Agregar profesor/a': the docente's e-mail, resolved to their account on the server. */
export const TeamAddSchema = z.object({ correo: email("Ingresa el correo de la o el docente.") });

/** 'Quitar': a member of the team, by id. */
export const TeamRemoveSchema = z.object({
  userId: z.string({ error: TEAM_NOT_MEMBER }).refine(isRecordId, TEAM_NOT_MEMBER),
});

/** 'Devolver a borrador' (admin) and DELETE /api/cursos/{cursoId}/revision: the comment for the team. */
export const ReturnToDraftSchema = z.object({
  comentario: multiLineText(
    z
      .string({ error: REVIEW_COMMENT_REQUIRED })
      .trim()
      .min(1, REVIEW_COMMENT_REQUIRED)
      .max(5000, "Máximo 5000 caracteres."),
  ),
});

/** PUT /api/cursos/{cursoId}/equipo: the whole team, by account id (an address can change hands). */
export const TeamPutSchema = z.object({
  profesores: z
    .array(z.string().refine(isRecordId, TEAM_USER_UNKNOWN), { error: "profesores debe ser una lista de ids." })
    .max(TEAM_MAX, TEAM_TOO_MANY)
    .meta({
      description: "Los ids de las cuentas docentes del equipo (aprobadas, con rol docente); reemplaza la lista.",
    }),
});

const TeacherSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string(),
  agregadoEn: z.iso.datetime(),
  agregadoPor: z.string().nullable().meta({ description: "Quién lo agregó (nombre), si la cuenta existe." }),
});

/** GET (and PUT's answer) /api/cursos/{cursoId}/equipo. */
export const TeamSchema = z.object({
  cursoId: z.string(),
  profesores: z.array(TeacherSchema),
});
export type Team = z.output<typeof TeamSchema>;
