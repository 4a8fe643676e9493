import { data } from "react-router";
import { listCourseAnnouncements, readAccess } from "~/features/announcements/announcements.server.ts";
import { AnnouncementArticle } from "~/features/announcements/components/announcement-list.tsx";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { ANNOUNCEMENTS_TITLE, NO_ANNOUNCEMENTS } from "~/features/announcements/texts.ts";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { CourseListErrorBoundary } from "~/features/learning/components/course-list-page.tsx";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import { BackToCourse } from "~/features/courses/components/back-to-courses.tsx";
import type { Route } from "./+types/announcements";

// /cursos/{cursoId}/avisos: all of a course's announcements, newest first, 20 a page, for its
// enrolled learners and its team (docs/product.md#announcements). Anyone else signed in is told
// who reads them (403); a visitor signs in first.

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData ? `Avisos: ${loaderData.course.titulo}` : "Avisos");

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireUser(args);
  const access = await readAccess(viewer, args.params.cursoId);
  if (!access.ok) throw data(access.message, { status: access.status });
  const { course } = access;
  const list = await listCourseAnnouncements(course.id, cursorFrom(args.request.url));
  return { course: { id: course.id, titulo: course.titulo }, ...list };
}

export default function CourseAnnouncementsPage({ loaderData }: Route.ComponentProps) {
  const { course, avisos, cursors } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <BackToCourse to={`/cursos/${course.id}`}>Volver al curso</BackToCourse>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{ANNOUNCEMENTS_TITLE}</h1>
      <p className="mt-1 text-slate-600 break-words">{course.titulo}</p>
      {avisos.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">{NO_ANNOUNCEMENTS}</p>
      ) : (
        <div className="mt-6 space-y-3">
          {avisos.map((aviso) => (
            <AnnouncementArticle key={aviso.id} aviso={aviso} headingLevel={2} />
          ))}
        </div>
      )}
      <KeysetPager cursors={cursors} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed="No se pudieron cargar los avisos." />;
}
