import { useLocation } from "react-router";
import { EnrolledCourseList, enrolledCoursesError } from "~/features/learning/components/enrolled-course-list.tsx";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { loadEnrolledCourses, unenrolAction } from "~/features/learning/enrolled-courses.server.ts";
import { panelOfPath } from "~/features/accounts/guards.server.ts";
import type { Route } from "./+types/courses";

// One's enrolled courses (docs/product.md#user-panel) in each panel; loadEnrolledCourses guards.
const pathOf = (request: Request) => `/${panelOfPath(request)}/courses`;

export async function loader(args: Route.LoaderArgs) {
  const { courses, toRemove, page, pageCount } = await loadEnrolledCourses(args);
  return { courses, toRemove, page, pageCount, path: pathOf(args.request) };
}

export function action(args: Route.ActionArgs) {
  return unenrolAction(args, pathOf(args.request));
}

export default function UserCourses({ loaderData }: Route.ComponentProps) {
  const { path } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mis cursos</h1>
      <div className="mt-6">
        <EnrolledCourseList
          courses={loaderData.courses}
          toRemove={loaderData.toRemove}
          action={path}
          closeHref={path}
        />
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  return <GeneralErrorBoundary error={error} {...enrolledCoursesError("Mis cursos", pathname)} />;
}
