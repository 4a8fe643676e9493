import { documentedQuery } from "./openapi.server.ts";
import { requireApiClassManager } from "~/features/classes/guards.server.ts";
import { getClassProgress, PROGRESS_API_PAGE_SIZE } from "~/features/classes/progress.server.ts";
import { progressQueryFrom, type ClassProgress } from "~/features/classes/progress-schema.ts";
import { apiNumberedPageJson, apiQuery, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import type { Route } from "./+types/cursos.class-progress";

/**
 * GET /api/cursos/{cursoId}/clases/{claseId}/progreso?orden=&dir=&marca=&page= (admins and the
 * course's teachers): a page of the class at a glance, 100 learners (ClassProgressSchema; Link
 * header and X-Total-Count), the service of the page /docente/cursos/…/clases/…/progreso.
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const { clase } = await requireApiClassManager(args, args.params.cursoId, args.params.claseId);
    const url = apiQuery(args.request, ...documentedQuery("/api/cursos/{cursoId}/clases/{claseId}/progreso"));
    const progress = await getClassProgress(clase, progressQueryFrom(url), { size: PROGRESS_API_PAGE_SIZE });
    return apiNumberedPageJson<ClassProgress>(progress, url.href, progress);
  });
}

export const action = () => methodNotAllowed("GET");
