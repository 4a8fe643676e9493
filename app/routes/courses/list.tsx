import { getOptionalUser } from "~/features/auth/guards.server.ts";
import {
  CourseListErrorBoundary,
  COURSES_LOAD_FAILED,
  CourseListPage,
} from "~/features/learning/components/course-list-page.tsx";
import { listCourses, listFeaturedCourses } from "~/features/courses/courses.server.ts";
import { withLearnerStates } from "~/features/learning/learner-state.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { searchFrom } from "~/features/courses/search-query.ts";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const viewer = await getOptionalUser(args);
  if (url.searchParams.get("destacados") === "true") {
    const featured = await withLearnerStates(viewer, { courses: await listFeaturedCourses() });
    return {
      featured: true,
      q: "",
      ...featured,
      page: 1,
      pageCount: 1,
      total: undefined,
      totalExact: true,
      cursors: undefined,
    };
  }
  const q = searchFrom(url);
  const list = await listCourses({ viewer, page: pageFrom(url), cursor: cursorFrom(url), q });
  return { featured: false, q, ...(await withLearnerStates(viewer, list)) };
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
      title="Cursos"
      courses={loaderData.courses}
      learner={loaderData.learner}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      cursors={loaderData.cursors}
      search={{ q: loaderData.q, clearHref: "/cursos" }}
      total={loaderData.total}
      totalExact={loaderData.totalExact}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CourseListErrorBoundary error={error} failed={COURSES_LOAD_FAILED} />;
}
