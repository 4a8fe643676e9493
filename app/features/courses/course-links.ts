// Where one course's management pages live (docs/decisions/020-course-teams.md): the admin panel
// keeps its addresses, a teacher reaches the same route modules under /docente. A page knows its
// panel from its own address, so its links stay in the panel it was opened from.
import { useLocation } from "react-router";

export type CoursePanel = "admin" | "docente";

export function panelOfPath(pathname: string): CoursePanel {
  return pathname === "/docente" || pathname.startsWith("/docente/") ? "docente" : "admin";
}

export type CourseLinks = {
  /** The panel's list of courses ('Mis cursos', 'Mis cursos como profesor/a'). */
  list: string;
  edit: string;
  participants: string;
  report: string;
  gradebook: string;
  /** The course's classes (docs/product.md#classes). */
  classes: string;
  /** The course's announcements, to post and edit (docs/product.md#announcements). */
  announcements: string;
};

export function courseLinks(panel: CoursePanel, id: string): CourseLinks {
  if (panel === "docente") {
    const base = `/docente/cursos/${id}`;
    return {
      list: "/docente",
      edit: `${base}/editar`,
      participants: `${base}/participantes`,
      report: `${base}/reportes`,
      gradebook: `${base}/calificaciones`,
      classes: `${base}/clases`,
      announcements: `${base}/avisos`,
    };
  }
  return {
    list: "/admin/courses",
    edit: `/admin/courses/edit/${id}`,
    participants: `/admin/courses/participantes/${id}`,
    report: `/admin/courses/reportes/${id}`,
    gradebook: `/admin/courses/calificaciones/${id}`,
    classes: `/admin/courses/clases/${id}`,
    announcements: `/admin/courses/avisos/${id}`,
  };
}

/** The links of the panel the page is shown in. */
export function useCourseLinks(id: string): CourseLinks {
  return courseLinks(panelOfPath(useLocation().pathname), id);
}
