import { createClass, listClasses } from "~/features/classes/classes.server.ts";
import { ClassNameSchema, type ClassList, type ClassSummary } from "~/features/classes/schema.ts";
import { requireApiCourseManager } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { documentedQuery } from "./openapi.server.ts";
import {
  apiError,
  apiFailure,
  apiJson,
  apiNumberedPageJson,
  apiQuery,
  handleApi,
  methodNotAllowed,
  parseBody,
} from "~/lib/api.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/cursos.clases";

/**
 * GET /api/cursos/{cursoId}/clases?page=N (admins and the course's teachers): the course's
 * classes by name, 50 a page, with their codes and how many learners each has (docs/product.md#classes).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiCourseManager(args, args.params.cursoId);
    apiQuery(args.request, ...documentedQuery("/api/cursos/{cursoId}/clases"));
    const list = await listClasses(args.params.cursoId, { page: pageFrom(args.request.url) });
    if (!list) return apiError(404, COURSE_NOT_FOUND);
    return apiNumberedPageJson<ClassList>({ cursoId: args.params.cursoId, ...list }, args.request.url, list);
  });
}

/** POST /api/cursos/{cursoId}/clases { nombre } (admins and the course's teachers): 201, the new class and its code. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("GET, POST");
    const user = await requireApiCourseManager(args, args.params.cursoId);
    const body = await parseBody(args.request, ClassNameSchema);
    const outcome = await createClass(user, args.params.cursoId, body.nombre, args.request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ClassSummary>(outcome.clase, 201);
  });
}
