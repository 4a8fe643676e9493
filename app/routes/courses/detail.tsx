import { data, Link } from "react-router";
import { getOptionalUser } from "~/features/auth/guards.server.ts";
import { isAudiencePage } from "~/features/courses/audience.ts";
import { audienceLabel } from "~/features/courses/audience.ts";
import { INVALID_CATEGORY, loadAudiencePage } from "~/features/courses/audience-page.server.ts";
import { AUDIENCE_TITLE } from "~/features/courses/components/audience-title.ts";
import { CourseListPage } from "~/features/courses/components/course-list-page.tsx";
import { getCourseSummary } from "~/features/courses/courses.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/detail";

// /cursos/{x}: an audience list (docente|estudiante|comunidad), a course, or 'Categoría no
// válida' (DESIGN §2). First version of the detail: the catalog issue completes it.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Cursos");

export async function loader(args: Route.LoaderArgs) {
  const x = args.params.cursoId;
  if (isAudiencePage(x)) return { kind: "audience" as const, ...(await loadAudiencePage(x)) };
  const course = await getCourseSummary(x);
  const user = course ? await getOptionalUser(args) : null;
  const canSeeDrafts = user?.rol === "admin" || user?.rol === "docente";
  if (!course || (course.estado !== "publicado" && !canSeeDrafts)) throw data(INVALID_CATEGORY, { status: 404 });
  return { kind: "course" as const, course };
}

export default function CourseOrAudience({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "audience") {
    return <CourseListPage title={AUDIENCE_TITLE[loaderData.tipo] ?? "Cursos"} courses={loaderData.courses} />;
  }
  const { course } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm text-brand-700">Dirigido a: {audienceLabel(course.dirigidoA)}</p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">{course.titulo}</h1>
      {course.duracionHoras !== null ? <p className="mt-2 text-slate-600">Duración: {course.duracionHoras} horas</p> : null}
      {course.bienvenida ? <p className="mt-4 text-slate-700">{course.bienvenida}</p> : null}
      <h2 className="mt-8 text-xl font-semibold">Módulos</h2>
      {course.modulos.length === 0 ? (
        <p className="mt-2 text-slate-600">No hay módulos disponibles.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {course.modulos.map((m, i) => (
            <li key={m.id} className="card p-4">
              <h3 className="font-semibold">{m.titulo || `Módulo ${i + 1}`}</h3>
              {m.descripcion ? <p className="mt-1 text-sm text-slate-600">{m.descripcion}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <p className="mt-8">
        <Link to="/cursos" className="btn-secondary">
          Volver a cursos
        </Link>
      </p>
    </div>
  );
}
