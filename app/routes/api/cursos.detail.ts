import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import {
  CourseDetailSchema,
  courseDetailJson,
  quizSettingsJson,
  type CourseDetail,
} from "~/features/learning/course-json.ts";
import {
  CoursePatchFormSchema,
  CoursePatchJsonSchema,
  CourseUpdateFormSchema,
  CourseUpdateJsonSchema,
} from "~/features/authoring/api-schema.ts";
import { DATES_ORDER, FIELDS_MISSING, UPDATED, VISIBILITY_ADMIN_ONLY } from "~/features/authoring/texts.ts";
import { error, invalid, json, done } from "~/lib/api/operation.server.ts";
import { getAuthorView } from "~/features/authoring/whole-course.server.ts";
import { getCourseForViewer } from "~/features/learning/course-view.server.ts";
import { deleteCourse } from "~/features/courses/admin-courses.server.ts";
import { courseTareaFileKeys } from "~/features/assignments/files.server.ts";
import { submitCourseUpdate } from "~/features/authoring/submission.server.ts";
import { type ApiNoticeId, apiError, apiFailure, apiJson } from "~/lib/api.server.ts";
import { mayManageCourse } from "~/features/courses/team.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/cursos/{cursoId}", {
  get: {
    tag: "Cursos",
    summary: "Un curso",
    description:
      "Los materiales solo si quien llama puede verlos; las respuestas correctas y la exigencia, solo para " +
      "administradores y el equipo docente del curso.",
    access: "optional",
    ok: { 200: json("El curso.", CourseDetailSchema) },
    errors: { 404: error("Curso no encontrado (o no visible para quien llama).", COURSE_NOT_FOUND) },
    // Whoever manages the course also gets each module's quiz (with the correct options) and the
    // course's exigencia, so the course can be edited and sent back with PUT.
    handler: async ({ user, params }) => {
      const course = await getCourseForViewer(params.cursoId, user);
      if (!course) return apiError(404, COURSE_NOT_FOUND);
      const json = courseDetailJson(course);
      if (!(await mayManageCourse(user, course.id))) return apiJson(json);
      const author = await getAuthorView(course.id);
      if (!author) return apiError(404, COURSE_NOT_FOUND);
      return apiJson<CourseDetail>({
        ...json,
        modulos: json.modulos.map((m) => ({
          ...m,
          ...quizSettingsJson(author.quizSettings.get(m.id)),
          quiz: { preguntas: author.quizzes.get(m.id) ?? [] },
        })),
        exigencia: author.exigencia,
      });
    },
  },
  put: {
    tag: "Cursos",
    summary: "Reemplazar un curso (todo o nada)",
    description:
      "Todos los campos del curso son obligatorios: uno que falta es un 400 que lo nombra, nunca un valor " +
      "por defecto (vacío lo deja en blanco; en JSON, null también). La imagen y los módulos, si no se " +
      "envían, no cambian. Para cambiar solo algunos campos, PATCH.",
    access: "team",
    body: { form: CourseUpdateFormSchema, json: CourseUpdateJsonSchema },
    ok: { 200: done("Curso actualizado.") },
    errors: {
      400: invalid("Falta un campo del curso, o uno no es válido.", FIELDS_MISSING(["exigencia"])),
      403: error("Solo un administrador cambia la visibilidad.", VISIBILITY_ADMIN_ONLY),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
    },
    // The body (multipart or JSON, with files) is read by submitCourseUpdate.
    handler: async ({ user, params: { cursoId }, request }) => {
      const outcome = await submitCourseUpdate(user, cursoId, request, "put");
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: UPDATED, id: cursoId });
    },
  },
  patch: {
    tag: "Cursos",
    summary: "Cambiar algunos campos de un curso",
    description:
      "Solo cambian los campos enviados (también imagen y modulos, como en PUT); los demás quedan como " +
      "están. Las mismas reglas que PUT sobre el curso resultante (por ejemplo, el orden de las fechas).",
    access: "team",
    body: { form: CoursePatchFormSchema, json: CoursePatchJsonSchema },
    ok: { 200: done("Curso actualizado.") },
    errors: {
      400: invalid("Un campo no es válido (el mensaje dice cuál).", DATES_ORDER),
      403: error("Solo un administrador cambia la visibilidad.", VISIBILITY_ADMIN_ONLY),
      404: error("Curso no encontrado.", COURSE_NOT_FOUND),
    },
    handler: async ({ user, params: { cursoId }, request }) => {
      const outcome = await submitCourseUpdate(user, cursoId, request, "patch");
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: UPDATED, id: cursoId });
    },
  },
  delete: {
    tag: "Cursos",
    summary: "Eliminar un curso",
    access: "admin",
    ok: { 200: done("Curso eliminado.") },
    errors: { 404: error("Curso no encontrado.", COURSE_NOT_FOUND) },
    handler: async ({ user, params: { cursoId }, request }) => {
      const outcome = await deleteCourse(user, cursoId, request, courseTareaFileKeys);
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson<ApiNoticeId>({ message: "Curso eliminado", id: cursoId });
    },
  },
});
export const action = loader;
