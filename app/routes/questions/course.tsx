import { data, Link } from "react-router";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { requireUser } from "~/features/accounts/guards.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { CourseListErrorBoundary } from "~/features/learning/components/course-list-page.tsx";
import { questionPath } from "~/features/questions/paths.ts";
import { QuestionArticle } from "~/features/questions/components/question-article.tsx";
import { courseForTeam, listCourseUnanswered } from "~/features/questions/questions.server.ts";
import { askerLine } from "~/features/questions/texts.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageTitle } from "~/lib/meta.ts";
import { BackToCourse } from "~/features/courses/components/back-to-courses.tsx";
import type { Route } from "./+types/course";

// /cursos/{cursoId}/preguntas: the team's 'Preguntas sin responder' across the course's modules
// (docs/product.md#module-questions), newest first, 20 a page, each with the way to answer it on
// its module's page. Anyone off the team: the course does not exist here (404).
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
      {preguntas.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">No hay preguntas sin responder en este curso.</p>
      ) : (
        <div className="mt-6 space-y-3">
          {preguntas.map((pregunta) => {
            const page = questionPath(course.id, pregunta.moduloIndex);
            return (
              <QuestionArticle
                key={pregunta.id}
                pregunta={pregunta}
                heading={
                  <p className="mb-1 text-sm font-medium">
                    <Link to={page} className="inline-block py-0.5 text-brand-700 hover:underline">
                      {pregunta.modulo}
                    </Link>
                  </p>
                }
                actions={
                  <Link
                    to={`${page}?responder=${pregunta.id}#responder-${pregunta.id}`}
                    className="btn-secondary px-2 py-1"
                    aria-label={`Responder la pregunta de ${askerLine(pregunta.autor)} en ${pregunta.modulo}`}
                  >
                    Responder
                  </Link>
                }
              />
            );
          })}
        </div>
      )}
      <KeysetPager cursors={cursors} label="Paginación de preguntas" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed="No se pudieron cargar las preguntas." />;
}
