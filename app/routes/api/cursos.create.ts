import type { CourseState } from "~/features/courses/course-json.ts";
import { submitNewCourse } from "~/features/authoring/course-submit.server.ts";
import { apiFailure, apiJson, handleApi, methodNotAllowed } from "~/lib/api.server.ts";
import { requireApiRole } from "~/features/accounts/api-guards.server.ts";
import type { Route } from "./+types/cursos.create";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/cursos (admins and docentes, who become its first teacher; docs/product.md#api-courses):
 * multipart titulo, imagen, bienvenida, duracionHoras, dirigidoA, fechaInicio, fechaTermino,
 * herramientas and loAprenderan (JSON lists), modulos (JSON list) and files archivosModulo_{index}.
 * The course starts as borrador. The caller is checked before a byte of the body is read.
 */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("POST");
    const creator = await requireApiRole(args, "admin", "docente");
    const outcome = await submitNewCourse(creator, args.request, "api");
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<CourseState>({ message: "Curso creado", id: outcome.id, estado: "borrador" }, 201);
  });
}
