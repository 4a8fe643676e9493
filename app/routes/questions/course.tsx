import { data } from "react-router";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { CourseListErrorBoundary } from "~/features/learning/components/course-list-page.tsx";
import { UnansweredList } from "~/features/questions/components/unanswered-list.tsx";
import { courseForTeam, listCourseUnanswered } from "~/features/questions/questions.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import { BackToCourse } from "~/features/courses/components/back-to-courses.tsx";
import type { Route } from "./+types/course";

// The team's 'Preguntas sin responder' across a course (docs/product.md#module-questions); anyone off
// the team gets a 404.
const COURSE_UNANSWERED_TITLE = "Preguntas sin responder";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, loaderData ? `${COURSE_UNANSWERED_TITLE}: ${loaderData.course.titulo}` : COURSE_UNANSWERED_TITLE);

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireUser(args);
  const course = await courseForTeam(viewer, args.params.cursoId);
  if (!course) throw data(COURSE_NOT_FOUND, { status: 404 });
  const list = await listCourseUnanswered(viewer, course.id, cursorFrom(args.request.url));
  return { course, ...list };
}

export default function CourseUnanswered({ loaderData }: Route.ComponentProps) {
  const { course, preguntas, cursors } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <BackToCourse to={`/cursos/${course.id}`}>{course.titulo}</BackToCourse>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{COURSE_UNANSWERED_TITLE}</h1>
      <p className="mt-1 text-slate-600 break-words">
        {course.titulo}. Las preguntas de todos los módulos que aún no tienen respuesta, la más nueva primero.
      </p>
      <UnansweredList preguntas={preguntas} cursors={cursors} empty="No hay preguntas sin responder en este curso." />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed="No se pudieron cargar las preguntas." />;
}
