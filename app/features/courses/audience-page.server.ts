import { data } from "react-router";
import { isAudiencePage } from "./audience.ts";
import { listPublishedCourses } from "./courses.server.ts";

export const INVALID_CATEGORY = "Categoría no válida";

/** /cursos/{tipo} and /cursos/dirigido/{tipo}: the audience's list, or a 404. */
export async function loadAudiencePage(tipo: string | undefined) {
  if (!isAudiencePage(tipo)) throw data(INVALID_CATEGORY, { status: 404 });
  const { courses } = await listPublishedCourses({ audience: tipo });
  return { tipo, courses };
}
