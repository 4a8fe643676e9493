import { Link, useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { COURSE_NOT_FOUND } from "../texts.ts";

/** The person's list of courses: the admin's table, or the teacher's panel (routes/docente/layout.tsx knows). */
export function useCourseList(): string {
  return useRouteLoaderData<{ rol: string | null }>("routes/docente/layout")?.rol === "admin"
    ? "/admin/courses"
    : "/docente";
}

/** '← Volver a cursos' (docs/product.md#participants), on every page below the course table. */
export function BackToCourses() {
  const list = useCourseList();
  return (
    <p>
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">
        ← Volver a cursos
      </Link>
    </p>
  );
}

/** '← …' back to a course's page, above a page of that course (its questions, its announcements). */
export function BackToCourse({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p>
      <Link to={to} className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline">
        ← {children}
      </Link>
    </p>
  );
}

/**
 * The error page of a page below the course table (participants, report, gradebook): 'Curso no
 * encontrado' for a 404, `failed` for anything else, and the way back to the table.
 */
export function BelowCoursesErrorBoundary({ error, failed }: { error: unknown; failed: string }) {
  const list = useCourseList();
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: () => ({ title: COURSE_NOT_FOUND }) }}
      defaultStatusHandler={() => ({ title: failed })}
      unexpectedErrorHandler={() => ({ title: failed })}
      back={{ href: list, label: "← Volver a cursos" }}
    />
  );
}
