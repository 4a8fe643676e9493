import { Link, useLocation } from "react-router";
import { defaultCopy, GeneralErrorBoundary, type StatusInfo } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { SearchForm } from "~/components/ui/search-form.tsx";
import { courseSearchSummary, SOME_WORDS_PARAM, someWordsSummary } from "~/features/courses/texts.ts";
import { COURSE_SEARCH_MAX } from "~/features/courses/search-query.ts";
import type { LearnerStates } from "~/features/learning/learner-state.ts";
import type { CourseCardData } from "~/features/courses/courses.server.ts";
import { CourseCard } from "./course-card.tsx";

export function CourseListPage({
  title,
  banner,
  notice,
  courses,
  learner = {},
  page = 1,
  pageCount = 1,
  cursors,
  search,
  total,
  totalExact = true,
  someWords = null,
  someMode = false,
}: {
  title: string;
  banner?: string;
  /** What the list shows and the way to another (an estudiante's /cursos). */
  notice?: React.ReactNode;
  courses: CourseCardData[];
  /** The signed-in viewer's state per course id (visitors: none). */
  learner?: LearnerStates;
  page?: number;
  pageCount?: number;
  cursors?: { prev: string | null; next: string | null };
  /** A searchable list: its box (a GET form, `?q=`, kept in the paging links) and the current search. */
  search?: { q: string; clearHref: string; hidden?: Record<string, string> };
  /** How many courses the list (or the search) holds. */
  total?: number;
  /** false when a search found more than it counts (`total` is then the cap). */
  totalExact?: boolean;
  /** Under the last page of a search's courses with every word: the first of those with some. */
  someWords?: SomeWords | null;
  /** This list is the courses with some of the words (?alguna=1). */
  someMode?: boolean;
}) {
  const q = search?.q.trim() ?? "";
  const { search: query } = useLocation();
  // The same search in the other tier, from its first page.
  const tier = (some: boolean) => {
    const params = new URLSearchParams(query);
    for (const key of ["page", "desde", "antes", SOME_WORDS_PARAM]) params.delete(key);
    if (some) params.set(SOME_WORDS_PARAM, "1");
    return `?${params}`;
  };
  const others = someWords && someWords.courses.length > 0 ? someWords : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {banner ? <p className="mt-3 rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-800">{banner}</p> : null}
      {notice}
      {search ? (
        <SearchForm
          id="buscar-cursos"
          label="Buscar cursos"
          q={search.q}
          clearHref={search.clearHref}
          hidden={search.hidden}
          maxLength={COURSE_SEARCH_MAX}
          className="mt-6"
        />
      ) : null}
      {q && courses.length > 0 && total !== undefined ? (
        <p className="mt-4 text-slate-600" role="status">
          {someMode ? someWordsSummary(total, totalExact, q) : courseSearchSummary(total, totalExact, q)}
          {someMode ? (
            <>
              {" "}
              <Link to={tier(false)} className="font-semibold text-brand-700 underline">
                Ver los cursos con todas las palabras
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {courses.length === 0 ? (
        <p className="mt-8 text-slate-600" role={q ? "status" : undefined}>
          {!q
            ? "No hay cursos disponibles."
            : others
              ? `Ningún curso tiene todas las palabras de «${q}».`
              : `No encontramos cursos con «${q}». Prueba con otras palabras o revisa la ortografía.`}
        </p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((course, index) => (
            <CourseCard key={course.id} course={course} learner={learner[course.id]} priority={index === 0} />
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} cursors={cursors} />
      {others ? (
        <section aria-labelledby="algunas-palabras" className="mt-12">
          <h2 id="algunas-palabras" className="text-2xl font-bold text-slate-900">
            Cursos con algunas de las palabras
          </h2>
          <p className="mt-2 text-slate-600">{someWordsSummary(others.total, others.totalExact, q)}</p>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {others.courses.map((course) => (
              <CourseCard key={course.id} course={course} learner={learner[course.id]} headingLevel={3} />
            ))}
          </div>
          {others.more ? (
            <p className="mt-6">
              <Link to={tier(true)} className="btn-secondary">
                Ver más cursos con algunas de las palabras
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** A search's second tier under its first: the first page of the courses with some of the words. */
export type SomeWords = { courses: CourseCardData[]; total: number; totalExact: boolean; more: boolean };

/** The list pages' error (docs/product.md#texts-courses-and-enrolment). */
export const COURSES_LOAD_FAILED = "Error al cargar cursos";
const COURSE_LIST_BACK = { href: "/cursos", label: "Ver todos los cursos" };

/**
 * The error page of a page reached from the course list: `failed`, except a 403, which says why,
 * and, where `notFound` is given, a 404 with its own message (or `notFound`); then 'Ver todos los cursos'.
 */
export function CourseListErrorBoundary({
  error,
  failed,
  notFound,
}: {
  error: unknown;
  failed: string;
  notFound?: string;
}) {
  const copy = () => ({ title: failed });
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{
        403: defaultCopy,
        ...(notFound === undefined ? {} : { 404: ({ message }: StatusInfo) => ({ title: message ?? notFound }) }),
      }}
      defaultStatusHandler={copy}
      unexpectedErrorHandler={copy}
      back={COURSE_LIST_BACK}
    />
  );
}
