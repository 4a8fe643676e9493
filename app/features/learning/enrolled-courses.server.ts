// Loader and action shared by /user, /user/courses, /docente and /docente/courses (the same list), and the
// view model the JSON API answers with. Uses the enrolment service; no rules of its own
// beyond how progress is shown (docs/product.md#enrolled-courses).
import { data } from "react-router";
import { z } from "zod";
import { requirePanelOfPath, type GuardArgs } from "~/features/accounts/guards.server.ts";
import { displayProgress, progressStatus } from "~/features/enrolment/progress.ts";
import { getEnrolledCourse, listEnrolledCourses, unenrol } from "~/features/enrolment/enrolment.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { certificatesByCourse, continueHrefs } from "./learner-state.server.ts";
import { NOT_ENROLLED, UNENROL_FAILED, UNENROL_OK, unenrolFailedWith } from "~/features/enrolment/texts.ts";
import { log } from "~/lib/log.server.ts";

/** One enrolled course as GET /api/auth/{userId}/cursos-inscritos lists it (and the panel shows it). */
export const EnrolledCourseSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  duracion: z.number().nullable().meta({ description: "Horas del curso, o null." }),
  progreso: z.number().min(0).max(100).meta({ description: "Porcentaje (0 a 100)." }),
});
export type EnrolledCourseView = z.output<typeof EnrolledCourseSchema>;

const ENROLLED_PAGE_SIZE = 20;
// 50 a page, like the other API lists: a page costs its rows (an enrolment and a course read by
// key each), not the size of the database.
export const API_ENROLLED_PAGE_SIZE = 50;

const toView = (r: { id: string; nombre: string; duracion: number | null; progreso: number }): EnrolledCourseView => ({
  id: r.id,
  nombre: r.nombre,
  duracion: r.duracion,
  progreso: displayProgress(r.progreso),
});

/**
 * One page of one's enrolled courses as the API and the panel show them
 * (docs/product.md#enrolled-courses): id, nombre, duracion, progreso (0–100; anything else shown as 0).
 */
export async function enrolledCourseViews(userId: string, page = 1, size = ENROLLED_PAGE_SIZE) {
  const list = await listEnrolledCourses(userId, { page, size });
  return { ...list, courses: list.courses.map(toView) };
}

/** The panel user's courses (?page=N), and the course awaiting confirmation (?eliminar=ID), if any. */
export async function loadEnrolledCourses(args: GuardArgs) {
  const user = await requirePanelOfPath(args);
  const url = new URL(args.request.url);
  const eliminar = url.searchParams.get("eliminar");
  try {
    const [list, toRemove] = await Promise.all([
      enrolledCourseViews(user.id, pageFrom(url)),
      eliminar && eliminar.length <= 64 ? getEnrolledCourse(user.id, eliminar) : null,
    ]);
    // The certificates of the listed courses (and of the one to confirm), in one query.
    const ids = list.courses.map((c) => c.id);
    if (toRemove) ids.push(toRemove.id);
    // And where 'Continuar' leads in each unfinished one (a constant number of queries too).
    const [certificates, next] = await Promise.all([
      certificatesByCourse(user.id, ids),
      continueHrefs(
        user.id,
        list.courses.filter((c) => progressStatus(c.progreso) !== "Finalizado").map((c) => c.id),
      ),
    ]);
    const withCertificate = (view: EnrolledCourseView) => ({ ...view, certificado: certificates.get(view.id) ?? null });
    return {
      nombre: user.nombre,
      rol: user.rol,
      // A finished course (certificate issued, or 100 %) shows no 'Continuar'.
      courses: list.courses.map((c) => ({
        ...withCertificate(c),
        continuar: certificates.has(c.id) ? null : (next.get(c.id) ?? null),
      })),
      page: list.page,
      pageCount: list.pageCount,
      toRemove: toRemove ? withCertificate(toView(toRemove)) : null,
    };
  } catch (error) {
    log.error({ err: error }, "No se pudieron cargar los cursos inscritos");
    // The route's ErrorBoundary shows 'Error al cargar cursos: {status text}'.
    throw data("Error interno del servidor", { status: 500, statusText: "Error interno del servidor" });
  }
}

/** POST intent=unenrol, courseId=…: leaves the course, then back to `back` with a flash. */
export async function unenrolAction(args: GuardArgs, back: string) {
  const user = await requirePanelOfPath(args);
  const { request } = args;
  const form = await readForm(request);
  const courseId = form.get("courseId");
  if (form.get("intent") !== "unenrol" || typeof courseId !== "string" || !courseId || courseId.length > 64) {
    return redirectWithFlash(request, back, { type: "error", message: UNENROL_FAILED });
  }
  try {
    const removed = await unenrol(user.id, courseId);
    return redirectWithFlash(
      request,
      back,
      removed ? { type: "success", message: UNENROL_OK } : { type: "error", message: unenrolFailedWith(NOT_ENROLLED) },
    );
  } catch (error) {
    log.error({ err: error }, "No se pudo anular la inscripción");
    return redirectWithFlash(request, back, { type: "error", message: UNENROL_FAILED });
  }
}
