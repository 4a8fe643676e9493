import { data, redirect } from "react-router";
import { getOptionalUser } from "~/features/accounts/guards.server.ts";
import { mayManageCourse, requireCourseManager } from "~/features/courses/team.server.ts";
import { addModuleFiles } from "~/features/authoring/editor-steps.server.ts";
import {
  COURSE_NOT_FOUND,
  FILES_REQUIRED,
  MODULE_NOT_FOUND,
  UNAUTHORIZED_AGAIN,
  UPDATE_FAILED,
} from "~/features/authoring/texts.ts";
import { FILES_FIELD, readCourseUpload } from "~/features/authoring/submission.server.ts";
import { apiError, apiJson, type ApiNotice } from "~/lib/api.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { isRecordId, recordIdOr404 } from "~/lib/ids.ts";
import { withUpload } from "~/lib/upload.server.ts";
import type { Route } from "./+types/course-files";
import { log } from "~/lib/log.server.ts";

// POST /docente/cursos/{cursoId}/editar/archivos: a module's PDFs (several at once). The editor's
// upload form posts here: without JavaScript as a plain form (redirect + flash back to the module);
// with JavaScript by XHR with a progress bar (Accept: application/json → JSON).
// The course id and the module id go into the Location header: only ids shaped like ours do.
export const loader = ({ params }: Route.LoaderArgs) =>
  redirect(editorOf(recordIdOr404(params.cursoId, COURSE_NOT_FOUND)));

const editorOf = (courseId: string) => `/docente/cursos/${courseId}/editar`;

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const json = (request.headers.get("Accept") ?? "").includes("application/json");
  // The script gets a status it can explain (401, 'No autorizado. Por favor inicia sesión de
  // nuevo.'), not a login page.
  if (json && !(await mayManageCourse(await getOptionalUser(args), params.cursoId)))
    return apiError(401, UNAUTHORIZED_AGAIN);
  await requireCourseManager(args, params.cursoId);
  const courseId = params.cursoId;
  if (!isRecordId(courseId)) {
    if (json) return apiError(404, COURSE_NOT_FOUND);
    throw data(COURSE_NOT_FOUND, { status: 404 });
  }
  // JSON through the API's adapter ({ message } or { error }); the page gets a flash.
  const answer = (status: number, message: string, moduloId?: unknown) =>
    json
      ? status < 300
        ? apiJson<ApiNotice>({ message }, status)
        : apiError(status, message)
      : redirectWithFlash(request, `${editorOf(courseId)}${isRecordId(moduloId) ? `#modulo-${moduloId}` : ""}`, {
          type: status < 300 ? "success" : "error",
          message,
        });

  const upload = await readCourseUpload(request, "editor");
  if (!upload.ok) return answer(upload.status, upload.message, upload.values.moduloId);
  const moduloId = typeof upload.values.moduloId === "string" ? upload.values.moduloId : "";
  const files = upload.files.filter((f) => f.field === FILES_FIELD);
  // The files are kept only when the module takes them.
  const outcome = await withUpload(upload.all, async (): Promise<Result<{ message: string }>> => {
    // A module id not shaped like ours names no module: what an unknown one is told.
    if (moduloId && !isRecordId(moduloId)) return fail(404, MODULE_NOT_FOUND);
    if (files.length === 0 || upload.image) return fail(400, FILES_REQUIRED);
    try {
      const added = await addModuleFiles(courseId, moduloId, files);
      if (!added.ok) return added;
    } catch (error) {
      log.error({ err: error }, "No se pudieron agregar los archivos del módulo");
      return fail(500, UPDATE_FAILED);
    }
    return ok({ message: files.length === 1 ? "Archivo agregado." : `${files.length} archivos agregados.` });
  });
  return outcome.ok ? answer(200, outcome.message, moduloId) : answer(outcome.status, outcome.message, moduloId);
}
