import { NOT_ENROLLED, UNENROL_OK } from "~/features/enrolment/texts.ts";
import { error, done } from "~/lib/api/operation.server.ts";
import { unenrol } from "~/features/enrolment/enrolment.server.ts";
import { type ApiNoticeId, apiError, apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/usuario/cursos-inscritos/{cursoId}", {
  delete: {
    tag: "Cursos",
    summary: "Dejar un curso propio",
    description:
      "Borra la inscripción de quien llama en ese curso con su progreso y resultados; los certificados ya " +
      "emitidos siguen válidos.",
    access: "user",
    ok: { 200: done("Inscripción eliminada.") },
    errors: { 404: error("No te has inscrito en ese curso.", NOT_ENROLLED) },
    handler: async ({ user, params: { cursoId } }) => {
      if (!cursoId || cursoId.length > 64 || !(await unenrol(user.id, cursoId))) return apiError(404, NOT_ENROLLED);
      return apiJson<ApiNoticeId>({ message: UNENROL_OK, id: cursoId });
    },
  },
});
export const action = loader;
