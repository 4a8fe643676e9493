import { Link } from "react-router";
import { listMyAnnouncements, MY_LATEST } from "~/features/announcements/announcements.server.ts";
import { AnnouncementArticle } from "~/features/announcements/components/announcement-list.tsx";
import { MY_ANNOUNCEMENTS_TITLE, SEE_ALL } from "~/features/announcements/texts.ts";
import { requirePanelUser } from "~/features/accounts/guards.server.ts";
import { roleLabel } from "~/features/accounts/roles.ts";
import { EnrolledCourseList, enrolledCoursesError } from "~/features/learning/components/enrolled-course-list.tsx";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { loadEnrolledCourses, unenrolAction } from "~/features/learning/enrolled-courses.server.ts";
import { JoinClassForm, JOIN_INTENT } from "~/features/classes/components/join-class-form.tsx";
import { joinClassAction } from "~/features/classes/join.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { upcomingDueDates } from "~/features/due-dates/due-dates.server.ts";
import { tareaDueDates } from "~/features/assignments/due.server.ts";
import { UpcomingDueDates } from "~/features/due-dates/components/upcoming-due-dates.tsx";
import type { Route } from "./+types/index";

// /user: a greeting, the newest announcements of one's courses, 'Próximas fechas' and the course list.
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePanelUser(args);
  const [enrolled, announcements, due] = await Promise.all([
    loadEnrolledCourses(args),
    listMyAnnouncements(viewer, null, MY_LATEST),
    upcomingDueDates(viewer.id, undefined, tareaDueDates),
  ]);
  return {
    ...enrolled,
    avisos: announcements.avisos,
    moreAvisos: announcements.cursors.next !== null,
    // What the list shows, not the dates themselves (sent formatted in Chile's time).
    upcoming: due.map(({ cursoId: _c, numero: _n, fechaLimite: _f, tieneQuiz: _q, ...item }) => item),
  };
}

export async function action(args: Route.ActionArgs) {
  // Two forms post here: 'Unirme a una clase' and a course's 'Eliminar'.
  const form = await readForm(args.request.clone());
  if (form.get("intent") === JOIN_INTENT) return joinClassAction(args, form);
  return unenrolAction(args, "/user");
}

export default function UserHome({ loaderData, actionData }: Route.ComponentProps) {
  const { nombre, rol, courses, toRemove, page, pageCount, avisos, moreAvisos, upcoming } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Hola, {nombre}</h1>
      <p className="mt-2 text-slate-600">Perfil: {roleLabel(rol)}</p>
      <JoinClassForm action="/user?index" lastResult={actionData?.join} />
      <UpcomingDueDates items={upcoming} />

      {avisos.length > 0 ? (
        <section aria-labelledby="mis-avisos" className="mt-8">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="mis-avisos" className="text-xl font-semibold text-slate-900">
              {MY_ANNOUNCEMENTS_TITLE}
            </h2>
            {moreAvisos ? (
              <Link to="/user/avisos" className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline">
                {SEE_ALL} →
              </Link>
            ) : null}
          </div>
          <div className="mt-4 space-y-3">
            {avisos.map((aviso) => (
              <AnnouncementArticle key={aviso.id} aviso={aviso} showCourse />
            ))}
          </div>
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Mis cursos</h2>
        <Link to="/cursos" className="text-sm font-medium text-brand-700 hover:underline">
          Explorar más cursos →
        </Link>
      </div>
      <div className="mt-4">
        <EnrolledCourseList
          courses={courses}
          toRemove={toRemove}
          action="/user?index"
          closeHref="/user"
          headingLevel={3}
        />
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} {...enrolledCoursesError("Panel Usuario", "/user")} />;
}
