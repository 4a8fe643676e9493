import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { COURSE_NOT_FOUND } from "../texts.ts";

/** '← Volver a cursos' (docs/product.md#participants), on every page below the course table. */
export function BackToCourses() {
  return (
    <p>
      <Link to="/admin/courses" className="text-sm font-medium text-brand-700 hover:underline">
        ← Volver a cursos
      </Link>
    </p>
  );
}

/**
 * The error page of a page below the course table (participants, report, gradebook): 'Curso no
 * encontrado' for a 404, `failed` for anything else, and the way back to the table.
 */
export function BelowCoursesErrorBoundary({ error, failed }: { error: unknown; failed: string }) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: () => ({ title: COURSE_NOT_FOUND }) }}
      defaultStatusHandler={() => ({ title: failed })}
      unexpectedErrorHandler={() => ({ title: failed })}
      back={{ href: "/admin/courses", label: "← Volver a cursos" }}
    />
  );
}
