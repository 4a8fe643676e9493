import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Email } from "~/components/ui/email.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { BackToCourses, BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { getCourseTitle } from "~/features/courses/admin-courses.server.ts";
import { listParticipants } from "~/features/enrolment/participants.server.ts";
import { formatDate } from "~/lib/dates.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/participants";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";

// The course's participants (docs/product.md#participants). Guarded here: admins, and the
// course's teachers (docs/product.md#course-teams).
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const course = await getCourseTitle(args.params.cursoId);
  invariantResponse(course, COURSE_NOT_FOUND, { status: 404 });
  return { course, ...(await listParticipants(course.id, { page: pageFrom(args.request.url) })) };
}

const COLUMNS = [
  { label: "Nombre" },
  { label: "Correo" },
  { label: "Fecha de registro" },
  { label: "Progreso", align: "right" },
] as const;

export default function Participants({ loaderData }: Route.ComponentProps) {
  const { course, participantes, total, page, pageCount } = loaderData;
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Participantes</h1>
          <p className="mt-1 text-sm text-slate-600">
            {course.titulo} · {total} {total === 1 ? "participante" : "participantes"}
          </p>
        </div>
        {total > 0 ? (
          <a href={`/docente/cursos/${course.id}/participantes/csv`} download className="btn-secondary">
            Descargar CSV
          </a>
        ) : null}
      </div>
      {participantes.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">No hay participantes aún.</p>
      ) : (
        <AdminTable
          columns={COLUMNS}
          minWidth="min-w-[520px]"
          className="card mt-6 max-h-[60vh] overflow-auto"
          caption="Participantes del curso"
          stickyHeader
        >
          {participantes.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2 font-medium text-slate-900">{p.nombre || "Sin nombre"}</td>
              <td data-label="Correo" className="px-3 py-2">
                <Email value={p.correo} />
              </td>
              <td data-label="Fecha de registro" className="px-3 py-2 whitespace-nowrap">
                {formatDate(p.registradoEn)}
              </td>
              <td data-label="Progreso" className="px-3 py-2 text-right tabular-nums">
                {p.progreso}%
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed="Error al cargar participantes" />;
}
