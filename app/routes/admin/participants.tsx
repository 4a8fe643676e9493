import { data } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { BackToCourses } from "~/features/courses/components/back-to-courses.tsx";
import { getCourseTitle, listParticipants } from "~/features/courses/admin-courses.server.ts";
import { PARTICIPANTS_FAILED } from "~/features/courses/admin-messages.ts";
import { formatDate } from "~/lib/dates.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/participants";
import { COURSE_NOT_FOUND } from "~/features/courses/messages.ts";

// The course's participants (docs/product.md#participants). Guarded here, like every admin page.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const course = await getCourseTitle(args.params.id);
  if (!course) throw data(COURSE_NOT_FOUND, { status: 404 });
  return { course, ...(await listParticipants(course.id, { page: pageFrom(args.request.url) })) };
}

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
          <a href={`/admin/courses/participantes/${course.id}/csv`} download className="btn-secondary">
            Descargar CSV
          </a>
        ) : null}
      </div>
      {participantes.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">No hay participantes aún.</p>
      ) : (
        <div className="card mt-6 max-h-[60vh] overflow-auto">
          <table className="w-full min-w-[520px] text-left text-sm">
            <thead className="sticky top-0 border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Nombre
                </th>
                <th scope="col" className="px-3 py-3">
                  Correo
                </th>
                <th scope="col" className="px-3 py-3">
                  Fecha de registro
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Progreso
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {participantes.map((p) => (
                <tr key={p.id}>
                  <td className="px-3 py-2 font-medium text-slate-900">{p.nombre || "Sin nombre"}</td>
                  <td className="px-3 py-2 break-all">{p.correo}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.registradoEn)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.progreso}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: () => ({ title: COURSE_NOT_FOUND }) }}
      defaultStatusHandler={() => ({ title: PARTICIPANTS_FAILED })}
      unexpectedErrorHandler={() => ({ title: PARTICIPANTS_FAILED })}
      back={{ href: "/admin/courses", label: "← Volver a cursos" }}
    />
  );
}
