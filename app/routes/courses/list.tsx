import { getOptionalUser } from "~/features/accounts/guards.server.ts";
import {
  CourseListErrorBoundary,
  COURSES_LOAD_FAILED,
  CourseListPage,
} from "~/features/learning/components/course-list-page.tsx";
import { listFeaturedCourses } from "~/features/courses/courses.server.ts";
import { loadCatalogPage } from "~/features/learning/catalog-page.server.ts";
import { withLearnerStates } from "~/features/learning/learner-state.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { takeableAudience } from "~/features/enrolment/rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/list";

/** /cursos?todos=1: an estudiante's or a comunidad member's whole catalog (their own list is the default). */
const ALL_COURSES_PARAM = "todos";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const viewer = await getOptionalUser(args);
  if (url.searchParams.get("destacados") === "true") {
    return { featured: true as const, ...(await withLearnerStates(viewer, { courses: await listFeaturedCourses() })) };
  }
  // What this person may take first: an estudiante's or a comunidad member's /cursos is their
  // audience's list (its own index ranges: no other order to sort by), and `?todos=1` the whole
  // catalog, where a course for another audience says who it is for instead of offering
  // 'Comenzar Curso' (withLearnerStates).
  const own = takeableAudience(viewer);
  const todos = own !== null && url.searchParams.get(ALL_COURSES_PARAM) === "1";
  const list = await loadCatalogPage(viewer, url, own !== null && !todos ? own : undefined);
  return { featured: false as const, own: own ? { tipo: own, todos } : null, ...list };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  return loaderData.featured ? (
    <CourseListPage
      title="Cursos destacados"
      banner="Los 10 cursos con más participantes"
      courses={loaderData.courses}
      learner={loaderData.learner}
    />
  ) : (
    <CourseListPage
      {...loaderData}
      title="Cursos"
      notice={loaderData.own ? <TakeableNotice q={loaderData.q} {...loaderData.own} /> : undefined}
      search={{
        q: loaderData.q,
        clearHref: loaderData.own?.todos ? `/cursos?${ALL_COURSES_PARAM}=1` : "/cursos",
        hidden: loaderData.own?.todos ? { [ALL_COURSES_PARAM]: "1" } : undefined,
      }}
    />
  );
}

/**
 * Above an estudiante's or a comunidad member's list: which courses it shows, and the way to the
 * other one (the search kept).
 */
function TakeableNotice({ tipo, todos, q }: { tipo: "estudiante" | "comunidad"; todos: boolean; q: string }) {
  const params = new URLSearchParams(q ? { q } : {});
  if (!todos) params.set(ALL_COURSES_PARAM, "1");
  const query = params.toString();
  return (
    <p className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-brand-900">
      {todos
        ? "Estás viendo todos los cursos; los de otro público indican para quién son."
        : "Te mostramos los cursos que puedes tomar: " +
          `los ${tipo === "estudiante" ? "para estudiantes" : "para comunidad"} y los para todo público.`}{" "}
      <Link to={`/cursos${query ? `?${query}` : ""}`} className="font-semibold underline">
        {todos ? "Ver solo los que puedo tomar" : "Ver todos los cursos"}
      </Link>
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed={COURSES_LOAD_FAILED} />;
}
