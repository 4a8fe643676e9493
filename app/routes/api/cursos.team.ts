import {
  COURSE_NOT_FOUND,
  TEAM_ALREADY,
  TEAM_NO_DOCENTE,
  TEAM_TOO_MANY,
  TEAM_USER_NOT_APPROVED,
  TEAM_USER_NOT_DOCENTE,
  TEAM_USER_UNKNOWN,
} from "~/features/courses/texts.ts";
import { TeamAddSchema, TeamPutSchema, TeamSchema, type Team } from "~/features/courses/team-schema.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { addTeacherByEmail, getTeam, replaceTeam } from "~/features/courses/team.server.ts";
import { apiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/equipo", {
  get: {
    tag: "Cursos",
    summary: "El equipo docente de un curso",
    description: "Los profesores/as del curso, en el orden en que se agregaron (los administradores no se listan).",
    access: "team",
    ok: { 200: json("El equipo.", TeamSchema) },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ params }) => {
      const team = await getTeam(params.cursoId);
      return team ? apiJson<Team>(team) : apiError(404, COURSE_NOT_FOUND);
    },
  },
  post: {
    tag: "Cursos",
    summary: "Agregar un profesor/a al equipo docente por su correo",
    description:
      "Para el equipo docente del curso (una profesora agrega a su colega) y los administradores: la cuenta " +
      "del correo, aprobada y con rol docente, pasa a ser parte del equipo y ve el curso y sus clases desde su " +
      "panel. Queda en el registro de auditoría. Quitar a alguien sigue siendo de los administradores.",
    access: "team",
    body: { json: TeamAddSchema },
    ok: { 201: json("El equipo, con la persona agregada.", TeamSchema) },
    errors: {
      400: invalid(
        "El correo no es de una cuenta aprobada con rol docente (a un administrador el mensaje le dice por qué; " +
          "al equipo, solo eso).",
        TEAM_NO_DOCENTE,
        TEAM_USER_UNKNOWN,
        TEAM_USER_NOT_APPROVED,
        TEAM_USER_NOT_DOCENTE,
      ),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
      409: error("Ya es parte del equipo.", TEAM_ALREADY),
    },
    // Audited (docs/product.md#course-teams).
    handler: async ({ user, params, body, request }) => {
      const outcome = await addTeacherByEmail(user, params.cursoId, (await body()).correo, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<Team>((await getTeam(params.cursoId))!, 201);
    },
  },
  put: {
    tag: "Cursos",
    summary: "Reemplazar el equipo docente de un curso",
    description:
      "El equipo pasa a ser exactamente las cuentas de `profesores` (ids de cuentas aprobadas con rol " +
      "docente); quienes siguen conservan cuándo y quién los agregó. Cada cambio queda en el registro de auditoría.",
    access: "admin",
    body: { json: TeamPutSchema },
    ok: { 200: json("El equipo actualizado.", TeamSchema) },
    errors: {
      400: invalid(
        "Una cuenta no existe, no está aprobada o no es docente (el mensaje dice cuál).",
        TEAM_USER_UNKNOWN,
        TEAM_USER_NOT_APPROVED,
        TEAM_USER_NOT_DOCENTE,
        TEAM_TOO_MANY,
      ),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
    },
    // Audited (docs/product.md#course-teams).
    handler: async ({ user, params, body, request }) => {
      const outcome = await replaceTeam(user, params.cursoId, (await body()).profesores, request);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<Team>(outcome.team);
    },
  },
});
export const action = loader;
