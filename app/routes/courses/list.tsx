import { CourseListPage } from "~/features/courses/components/course-list-page.tsx";
import { listFeaturedCourses, listPublishedCourses } from "~/features/courses/courses.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/list";

// First version: published courses and the featured list. Role visibility, pagination links
// and enrolment come with the catalog issue.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("destacados") === "true") {
    return { featured: true, courses: await listFeaturedCourses() };
  }
  const { courses } = await listPublishedCourses();
  return { featured: false, courses };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  return loaderData.featured ? (
    <CourseListPage title="Cursos destacados" banner="Los 10 cursos con más participantes" courses={loaderData.courses} />
  ) : (
    <CourseListPage title="Cursos" courses={loaderData.courses} />
  );
}
