// Where one class's pages live (docs/product.md#classes): under the course's pages of the panel the
// page was opened from (courses/course-links.ts), the same route modules for admins and teachers.
import { useLocation } from "react-router";
import { panelOfPath, type CoursePanel } from "~/features/courses/course-links.ts";

export type ClassLinks = {
  /** The course's classes and 'Nueva clase'. */
  list: string;
  /** One class: name, code, learners. */
  page: string;
  import: string;
  progress: string;
  write: string;
  gradesCsv: string;
};

export function classListLink(panel: CoursePanel, cursoId: string): string {
  return panel === "docente" ? `/docente/cursos/${cursoId}/clases` : `/admin/courses/clases/${cursoId}`;
}

export function classLinks(panel: CoursePanel, cursoId: string, claseId: string): ClassLinks {
  const list = classListLink(panel, cursoId);
  const page = `${list}/${claseId}`;
  return {
    list,
    page,
    import: `${page}/importar`,
    progress: `${page}/progreso`,
    write: `${page}/escribir`,
    gradesCsv: `${page}/notas.csv`,
  };
}

/** The links of the panel the page is shown in. */
export function useClassLinks(cursoId: string, claseId: string): ClassLinks {
  return classLinks(panelOfPath(useLocation().pathname), cursoId, claseId);
}
