import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { ParticipantsSchema, participantJson, type Participants } from "~/features/courses/course-json.ts";
import { error, json, PAGED } from "~/lib/api/operation.server.ts";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { listParticipants } from "~/features/enrolment/participants.server.ts";
import { apiError, apiNumberedPageJson } from "~/lib/api.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}/participantes", {
  get: {
    tag: "Cursos",
    summary: "Participantes de un curso, en orden de inscripción",
    description: "50 por página.",
    access: "team",
    query: ["page"],
    ok: { 200: json("Una página de participantes.", ParticipantsSchema, PAGED) },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    // 50 a page, like the other API lists: a phone on a slow connection gets a first page quickly (decision 009).
    handler: async ({ params: { cursoId }, url }) => {
      if (!(await getCourseTitle(cursoId))) return apiError(404, COURSE_NOT_FOUND);
      const list = await listParticipants(cursoId, { page: pageFrom(url), size: 50 });
      return apiNumberedPageJson<Participants>(
        { participantes: list.participantes.map(participantJson) },
        url.href,
        list,
      );
    },
  },
});
export const action = loader;
