import { loadAudiencePage } from "~/features/courses/audience-page.server.ts";
import { AUDIENCE_TITLE } from "~/features/courses/components/audience-title.ts";
import { CourseListPage } from "~/features/courses/components/course-list-page.tsx";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/audience";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

export function loader({ params }: Route.LoaderArgs) {
  return loadAudiencePage(params.tipo);
}

export default function AudienceCourses({ loaderData }: Route.ComponentProps) {
  return <CourseListPage title={AUDIENCE_TITLE[loaderData.tipo] ?? "Cursos"} courses={loaderData.courses} />;
}
