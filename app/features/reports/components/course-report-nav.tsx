import { Link } from "react-router";

/** The links between a course's management pages, from its report and its gradebook. */
export function CourseReportNav({ courseId, current }: { courseId: string; current: "reportes" | "calificaciones" }) {
  const base = `/docente/cursos/${courseId}`;
  return (
    <div className="flex flex-wrap gap-2">
      {current !== "reportes" ? (
        <Link to={`${base}/reportes`} className="btn-ghost">
          Reportes
        </Link>
      ) : null}
      {current !== "calificaciones" ? (
        <Link to={`${base}/calificaciones`} className="btn-ghost">
          Calificaciones
        </Link>
      ) : null}
      <Link to={`${base}/participantes`} className="btn-ghost">
        Participantes
      </Link>
      <Link to={`${base}/avisos`} className="btn-ghost">
        Avisos
      </Link>
      <Link to={`${base}/editar`} className="btn-ghost">
        Editar curso
      </Link>
    </div>
  );
}
