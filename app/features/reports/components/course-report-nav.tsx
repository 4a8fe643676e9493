import { Link } from "react-router";
import { useCourseLinks } from "~/features/courses/course-links.ts";

/** The links between a course's management pages, from its report and its gradebook. */
export function CourseReportNav({ courseId, current }: { courseId: string; current: "reportes" | "calificaciones" }) {
  const links = useCourseLinks(courseId);
  return (
    <div className="flex flex-wrap gap-2">
      {current !== "reportes" ? (
        <Link to={links.report} className="btn-ghost">
          Reportes
        </Link>
      ) : null}
      {current !== "calificaciones" ? (
        <Link to={links.gradebook} className="btn-ghost">
          Calificaciones
        </Link>
      ) : null}
      <Link to={links.participants} className="btn-ghost">
        Participantes
      </Link>
      <Link to={links.announcements} className="btn-ghost">
        Avisos
      </Link>
      <Link to={links.edit} className="btn-ghost">
        Editar curso
      </Link>
    </div>
  );
}
