import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { ParticipantCountSchema } from "~/features/courses/course-json.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { participantCount } from "~/features/courses/courses.server.ts";
import { courseTies } from "~/features/enrolment/enrolment.server.ts";
import { apiError, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/cantidadParticipantes", {
  get: {
    tag: "Cursos",
    summary: "Cantidad de participantes de un curso",
    description:
      "Cuántas personas están inscritas; un borrador solo lo cuenta un administrador o un docente, un curso " +
      "privado solo su equipo, los administradores y sus inscritos (si no, 404).",
    access: "user",
    ok: { 200: json("La cantidad.", ParticipantCountSchema) },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ user, params }) => {
      const count = await participantCount(params.cursoId, user, () => courseTies(user, params.cursoId));
      if (count === null) return apiError(404, COURSE_NOT_FOUND);
      return apiJson({ cantidadParticipantes: count });
    },
  },
});
export const action = loader;
