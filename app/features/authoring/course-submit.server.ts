// Create / update a course from a request: read → validate → write, with stored files removed
// when anything fails. One path for the admin pages and for POST/PUT /api/cursos.
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { ok, type Ok } from "~/lib/failure.ts";
import { withUpload } from "~/lib/upload.server.ts";
import { createCourse, updateCourse } from "./whole-course.server.ts";
import { CREATE_FAILED, UPDATE_FAILED } from "./texts.ts";
import {
  readCourseUpload,
  refusal,
  validateCourse,
  type CourseRefusal,
  type CourseUpload,
} from "./submission.server.ts";
import { log } from "~/lib/log.server.ts";

/** POST /api/cursos and /docente/cursos/nuevo. New courses are borradores. */
export async function submitNewCourse(
  admin: SessionUser,
  request: Request,
  source: "page" | "api",
): Promise<Ok<{ id: string }> | CourseRefusal> {
  const upload = await readCourseUpload(request, source === "api" ? "api" : "editor");
  if (!upload.ok) return upload;
  // The files are kept only when the course is created.
  return withUpload(upload.all, async (): Promise<Ok<{ id: string }> | CourseRefusal> => {
    const sub = await validateCourse(upload, { mode: "create", modules: source === "api" });
    if (!sub.ok) return sub;
    try {
      const id = await createCourse(
        admin,
        { fields: sub.fields, image: sub.image!, modules: sub.modules, moduleFiles: sub.moduleFiles },
        request,
      );
      return ok({ id });
    } catch (error) {
      log.error({ err: error }, "No se pudo crear el curso");
      return refusal(500, CREATE_FAILED);
    }
  });
}

/**
 * The editor's course form (fields and image), PUT /api/cursos/{cursoId} (every field of the course,
 * optionally `modulos`) and PATCH (only the fields sent change).
 */
export async function submitCourseUpdate(
  admin: SessionUser,
  id: string,
  request: Request,
  source: "page" | "put" | "patch",
  /** The body, when the caller already read it (the editor reads it to learn the intent). */
  preread?: CourseUpload,
): Promise<Ok | CourseRefusal> {
  const api = source !== "page";
  const upload = preread ?? (await readCourseUpload(request, api ? "api" : "editor"));
  if (!upload.ok) return upload;
  const hasModules = api && (upload.values.modulos !== undefined || upload.files.length > 0);
  // The files are kept only when the course is updated.
  return withUpload(upload.all, async (): Promise<Ok | CourseRefusal> => {
    const sub = await validateCourse(upload, {
      mode: source === "patch" ? "patch" : "update",
      whole: source === "put",
      modules: hasModules,
    });
    if (!sub.ok) return sub;
    try {
      const outcome = await updateCourse(
        admin,
        id,
        { fields: sub.fields, image: sub.image, modules: sub.modules, moduleFiles: sub.moduleFiles },
        request,
      );
      return outcome.ok ? ok() : refusal(outcome.status, outcome.message);
    } catch (error) {
      log.error({ err: error }, "No se pudo actualizar el curso");
      return refusal(500, UPDATE_FAILED);
    }
  });
}
