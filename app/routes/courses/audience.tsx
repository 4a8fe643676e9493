import { getOptionalUser } from "~/features/accounts/guards.server.ts";
import { loadCatalogPage } from "~/features/learning/catalog-page.server.ts";
import { isAudiencePage } from "~/features/courses/audience.ts";
import { INVALID_CATEGORY } from "~/features/courses/texts.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { useLocation } from "react-router";
import {
  CourseListErrorBoundary,
  CourseListPage,
  COURSES_LOAD_FAILED,
} from "~/features/learning/components/course-list-page.tsx";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/audience";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

// /cursos/dirigido/{tipo}, and its short form /cursos/{tipo} (three static routes in routes.ts,
// whose last segment is the audience).
export async function loader(args: Route.LoaderArgs) {
  const tipo = args.params.tipo ?? new URL(args.request.url).pathname.split("/").at(-1);
  invariantResponse(isAudiencePage(tipo), INVALID_CATEGORY, { status: 404 });
  return { tipo, ...(await loadCatalogPage(await getOptionalUser(args), args.request.url, tipo)) };
}

const AUDIENCE_TITLE: Record<string, string> = {
  docente: "Cursos para docentes",
  estudiante: "Cursos para estudiantes",
  comunidad: "Cursos para comunidad",
};

/** 'Limpiar' goes back to the address the person is on (either form). */
export default function AudienceCourses({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <CourseListPage
      {...loaderData}
      title={AUDIENCE_TITLE[loaderData.tipo] ?? "Cursos"}
      search={{ q: loaderData.q, clearHref: pathname }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed={COURSES_LOAD_FAILED} notFound={COURSES_LOAD_FAILED} />;
}
