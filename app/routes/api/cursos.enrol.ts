import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { enrolWrongAudience, ENROL_OK } from "~/features/enrolment/rules.ts";
import { EnrolledSchema, type Enrolled } from "~/features/courses/course-json.ts";
import { error, invalid, json } from "~/lib/api/operation.server.ts";
import { enrol } from "~/features/enrolment/enrolment.server.ts";
import { apiFailure, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/registrarParticipante", {
  post: {
    tag: "Cursos",
    summary: "Inscribirse en un curso",
    description:
      "Las mismas reglas que 'Comenzar curso' del sitio: un curso publicado, dirigido a todos o al rol de " +
      "quien llama. Inscribirse dos veces no es un error (200, yaInscrito).",
    access: "user",
    ok: { 201: json("Inscripción creada.", EnrolledSchema), 200: json("Ya estaba inscrito.", EnrolledSchema) },
    errors: {
      403: invalid("El curso es para otro público.", enrolWrongAudience("docente")),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
    },
    handler: async ({ user, params }) => {
      const outcome = await enrol(user, params.cursoId);
      if (!outcome.ok) return apiFailure(outcome);
      const yaInscrito = outcome.alreadyEnrolled;
      return apiJson<Enrolled>({ message: ENROL_OK, yaInscrito }, yaInscrito ? 200 : 201);
    },
  },
});
export const action = loader;
