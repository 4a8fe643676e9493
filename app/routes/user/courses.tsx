import { EnrolledCourseList, enrolledCoursesError } from "~/features/learning/components/enrolled-course-list.tsx";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { loadEnrolledCourses, unenrolAction } from "~/features/learning/enrolled-courses.server.ts";
import type { Route } from "./+types/courses";

// /user/courses: one's enrolled courses (docs/product.md#user-panel); the panel guard runs here too.
const PATH = "/user/courses";

export async function loader(args: Route.LoaderArgs) {
  const { courses, toRemove, page, pageCount } = await loadEnrolledCourses(args);
  return { courses, toRemove, page, pageCount };
}

export function action(args: Route.ActionArgs) {
  return unenrolAction(args, PATH);
}

export default function UserCourses({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mis cursos</h1>
      <div className="mt-6">
        <EnrolledCourseList
          courses={loaderData.courses}
          toRemove={loaderData.toRemove}
          action={PATH}
          closeHref={PATH}
        />
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} {...enrolledCoursesError("Mis cursos", PATH)} />;
}
