import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { CourseStateBadge } from "~/components/ui/badge.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireDocente } from "~/features/accounts/guards.server.ts";
import { listTeachingCourses } from "~/features/courses/team.server.ts";
import { EnrolledCourseList, enrolledCoursesError } from "~/features/learning/components/enrolled-course-list.tsx";
import { loadEnrolledCourses, unenrolAction } from "~/features/learning/enrolled-courses.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { JoinClassForm, JOIN_INTENT } from "~/features/classes/components/join-class-form.tsx";
import { joinClassAction } from "~/features/classes/join.server.ts";
import { readForm } from "~/lib/form.server.ts";
import type { Route } from "./+types/index";

// /docente (docs/product.md#course-teams): 'Mis cursos como profesor/a' (any state) with the way
// to each course's editor, participants, report, gradebook and classes; below, the courses the docente
// takes as a learner, their first page as on /user (?page= pages the teaching list; the rest of
// the learner's list is at /docente/courses).
export async function loader(args: Route.LoaderArgs) {
  const user = await requireDocente(args);
  const url = new URL(args.request.url);
  const learnerUrl = new URL(url);
  learnerUrl.searchParams.delete("page");
  const [teaching, learning] = await Promise.all([
    listTeachingCourses(user.id, { page: pageFrom(url) }),
    loadEnrolledCourses({ ...args, request: new Request(learnerUrl, args.request) }),
  ]);
  return { nombre: user.nombre, teaching, learning };
}

export async function action(args: Route.ActionArgs) {
  // Two forms post here: 'Unirme a una clase' and a course's 'Eliminar'.
  const form = await readForm(args.request.clone());
  if (form.get("intent") === JOIN_INTENT) return joinClassAction(args, form);
  return unenrolAction(args, "/docente");
}

const COLUMNS = [
  { label: "Curso" },
  { label: "Estado" },
  { label: "Participantes", align: "right" },
  { label: "Acciones" },
] as const;

/** Each course's tools, by the path under /docente/cursos/{cursoId}. */
const COURSE_TOOLS = [
  ["editar", "Editar"],
  ["participantes", "Participantes"],
  ["reportes", "Reportes"],
  ["calificaciones", "Calificaciones"],
  ["clases", "Clases"],
  ["avisos", "Avisos"],
] as const;

export default function DocenteHome({ loaderData, actionData }: Route.ComponentProps) {
  const { nombre, teaching, learning } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Hola, {nombre}</h1>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Mis cursos como profesor/a</h2>
        <Link to="/docente/cursos/nuevo" className="btn-primary">
          Crear curso
        </Link>
      </div>
      {teaching.courses.length === 0 ? (
        <p className="card mt-4 p-6 text-slate-600">
          Aún no eres profesor/a de ningún curso. Crea uno, o pide a un administrador que te agregue al equipo docente
          de un curso.
        </p>
      ) : (
        <AdminTable
          columns={COLUMNS}
          minWidth="min-w-[640px]"
          className="card mt-4 overflow-x-auto"
          caption="Mis cursos como profesor/a"
        >
          {teaching.courses.map((c) => (
            <tr key={c.id}>
              <td className="px-3 py-2 font-medium text-slate-900">{c.titulo}</td>
              <td className="px-3 py-2">
                <CourseStateBadge estado={c.estado} privado={c.visibilidad === "privado"} />
                {c.visibilidad === "privado" ? <span className="ml-1 text-xs text-slate-600">Privado</span> : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{c.cantidadParticipantes}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  {COURSE_TOOLS.map(([path, label]) => (
                    <Link key={path} to={`/docente/cursos/${c.id}/${path}`} className="btn-ghost px-2 py-1">
                      {label}
                    </Link>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={teaching.page} pageCount={teaching.pageCount} />

      <div className="mt-10 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Mis cursos como participante</h2>
        <Link to="/cursos" className="text-sm font-medium text-brand-700 hover:underline">
          Explorar más cursos →
        </Link>
      </div>
      <div className="mt-4">
        <EnrolledCourseList
          courses={learning.courses}
          toRemove={learning.toRemove}
          action="/docente?index"
          closeHref="/docente"
          headingLevel={3}
        />
        {learning.pageCount > 1 ? (
          <p className="mt-4">
            <Link to="/docente/courses" className="text-sm font-medium text-brand-700 hover:underline">
              Ver todos mis cursos como participante →
            </Link>
          </p>
        ) : null}
      </div>
      <JoinClassForm action="/docente?index" lastResult={actionData?.join} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} {...enrolledCoursesError("Panel docente", "/docente")} />;
}
