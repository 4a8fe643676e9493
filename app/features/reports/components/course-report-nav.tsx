import { Link } from "react-router";

/** The links between a course's admin pages, from its report and its gradebook. */
export function CourseReportNav({ courseId, current }: { courseId: string; current: "reportes" | "calificaciones" }) {
  return (
    <div className="flex flex-wrap gap-2">
      {current !== "reportes" ? (
        <Link to={`/admin/courses/reportes/${courseId}`} className="btn-ghost">
          Reportes
        </Link>
      ) : null}
      {current !== "calificaciones" ? (
        <Link to={`/admin/courses/calificaciones/${courseId}`} className="btn-ghost">
          Calificaciones
        </Link>
      ) : null}
      <Link to={`/admin/courses/participantes/${courseId}`} className="btn-ghost">
        Participantes
      </Link>
      <Link to={`/admin/courses/edit/${courseId}`} className="btn-ghost">
        Editar curso
      </Link>
    </div>
  );
}
