import { data } from "react-router";
import { z } from "zod";
import { courseAnnouncementsFor } from "~/features/announcements/announcements.server.ts";
import { CourseAnnouncements } from "~/features/announcements/components/course-announcements.tsx";
import { CourseTareas } from "~/features/assignments/components/course-tareas.tsx";
import { courseTareasFor } from "~/features/assignments/tareas.server.ts";
import { getOptionalUser } from "~/features/accounts/guards.server.ts";
import { certificateForCourse } from "~/features/certificates/certificates.server.ts";
import { CourseListErrorBoundary } from "~/features/learning/components/course-list-page.tsx";
import { CourseDetail } from "~/features/learning/components/course-detail.tsx";
import { getCourseForViewer } from "~/features/learning/course-view.server.ts";
import { ENROL_OK } from "~/features/enrolment/rules.ts";
import { mayManageCourse } from "~/features/courses/team.server.ts";
import { COURSE_NOT_FOUND, INVALID_CATEGORY } from "~/features/courses/texts.ts";
import { enrol } from "~/features/enrolment/enrolment.server.ts";
import { keepOffline } from "~/features/offline/offline.server.ts";
import { MyGrades } from "~/features/reports/components/my-grades.tsx";
import { ownGrades } from "~/features/reports/reports.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { recordIdOr404 } from "~/lib/ids.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import type { PageCsp } from "~/lib/security-headers.server.ts";
import type { Route } from "./+types/detail";

// /cursos/{cursoId}: a course, or a 404 (docs/product.md#public-pages); the audience lists
// (/cursos/docente…) have their own routes (routes.ts).
/** The embedded PDF viewer is an <object>: this page's document allows our own (security-headers.server.ts). */
export const handle = { csp: { objects: true } satisfies PageCsp };

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

/** Ids are cuids; anything else under /cursos/ was meant as a category. */
const looksLikeId = (x: string) => /^c[a-z0-9]{15,40}$/.test(x);

export async function loader(args: Route.LoaderArgs) {
  const x = args.params.cursoId;
  const viewer = await getOptionalUser(args);
  const course = await getCourseForViewer(x, viewer);
  invariantResponse(course, () => (looksLikeId(x) ? COURSE_NOT_FOUND : INVALID_CATEGORY), { status: 404 });
  const url = new URL(args.request.url);
  const isTeam = mayManageCourse(viewer, course.id);
  const [certificate, announcements, team, grades, tareas] = await Promise.all([
    viewer ? certificateForCourse(viewer.id, course.id) : null,
    // Enrolled learners and the team only (docs/product.md#announcements); null for anyone else.
    courseAnnouncementsFor(viewer, course),
    isTeam,
    // 'Mis notas': the enrolled learner's own, never anyone else's (decision 044).
    viewer && course.enrolled ? ownGrades(course.id, viewer.id) : null,
    // The tareas for the viewer's classes, all for the team (docs/product.md#setting-a-tarea); one read.
    isTeam.then((t) => courseTareasFor(viewer, course, t)),
  ]);
  // The page of a course the learner is enrolled in may be kept on their device (decision 014);
  // for anyone else signed in, whatever their device kept of it goes.
  if (viewer) keepOffline(args, course.enrolled);
  return {
    course,
    certificate,
    announcements,
    grades,
    tareas,
    // Each module's 'Preguntas': its enrolled learners and its team (docs/product.md#module-questions).
    questions: course.enrolled || team,
    pdf: url.searchParams.get("pdf"),
    signedIn: viewer !== null,
  };
}

const ActionSchema = z.object({ intent: z.literal("inscribir"), volver: z.string().max(500).optional() });

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  // The course id goes into the answer's Location header: only ids shaped like ours do.
  const here = `/cursos/${recordIdOr404(params.cursoId, COURSE_NOT_FOUND)}`;
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithFlash(request, here, { type: "error", message: "Solicitud inválida." });
  const back = safeRedirect(parsed.data.volver, here);
  const viewer = await getOptionalUser(args);
  const outcome = await enrol(viewer, params.cursoId);
  if (outcome.ok) {
    return redirectWithFlash(request, here, {
      type: "success",
      message: outcome.alreadyEnrolled ? "Ya te inscribiste en este curso." : ENROL_OK,
    });
  }
  if (outcome.reason === "login") {
    return redirectWithFlash(request, `/login?${new URLSearchParams({ redirectTo: here })}`, {
      type: "info",
      message: outcome.message,
    });
  }
  if (outcome.reason === "not-found") throw data(COURSE_NOT_FOUND, { status: 404 });
  return redirectWithFlash(request, back, { type: "error", message: outcome.message });
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  return (
    <CourseDetail
      {...loaderData}
      notices={
        <>
          {loaderData.announcements ? (
            <CourseAnnouncements cursoId={loaderData.course.id} data={loaderData.announcements} />
          ) : null}
          {loaderData.tareas ? <CourseTareas data={loaderData.tareas} /> : null}
          {loaderData.grades ? <MyGrades data={loaderData.grades} /> : null}
        </>
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed="Error al cargar el curso." notFound={COURSE_NOT_FOUND} />;
}
