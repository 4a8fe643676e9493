import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Email } from "~/components/ui/email.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { BackToCourses, BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { formatCount } from "~/features/reports/components/charts.tsx";
import { CourseReportNav } from "~/features/reports/components/course-report-nav.tsx";
import { formatNota } from "~/features/quizzes/nota.ts";
import { GRADEBOOK_FAILED, NO_QUIZZES, NOTA_FINAL_RULE, notaScale } from "~/features/reports/texts.ts";
import { getGradebook } from "~/features/reports/reports.server.ts";
import type { Gradebook } from "~/features/reports/schema.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { formatPercent } from "~/lib/percent.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/gradebook";

// A course's gradebook (docs/product.md#calificaciones): participants × quiz modules with the Nota
// of the course's exigencia, a page at a time, the same as GET
// /api/admin/cursos/{cursoId}/calificaciones; the whole of it as CSV.
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const gradebook = await getGradebook(args.params.cursoId, { page: pageFrom(args.request.url) });
  invariantResponse(gradebook, COURSE_NOT_FOUND, { status: 404 });
  return { gradebook };
}

type Nota = Gradebook["participantes"][number]["notas"][number];

/** A nota as a school writes it; below 4,0 in red, as in a school's records. */
function NotaValue({ value }: { value: number }) {
  return (
    <span className={`font-semibold tabular-nums ${value < 4 ? "text-red-700" : "text-slate-900"}`}>
      Nota {formatNota(value)}
    </span>
  );
}

function GradeCell({ nota }: { nota: Nota }) {
  if (nota.intentos === 0 || nota.nota === null) return <span className="text-slate-500">Sin intentos</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold tabular-nums text-slate-900">{formatPercent(nota.mejorNota ?? 0)}</span>
      <NotaValue value={nota.nota} />
      <span className="text-xs text-slate-600">
        {nota.intentos} {nota.intentos === 1 ? "intento" : "intentos"}
      </span>
      {nota.aprobado ? <Badge tone="green">Aprobado</Badge> : <Badge tone="amber">No aprobado</Badge>}
    </span>
  );
}

export default function GradebookPage({ loaderData }: Route.ComponentProps) {
  const { curso, modulos, participantes, total, page, pageCount } = loaderData.gradebook;
  const columns = [
    { label: "Participante" },
    ...modulos.map((m) => ({ label: `Módulo ${m.posicion + 1}: ${m.titulo}` })),
    { label: "Nota final" },
  ];
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Calificaciones</h1>
          <p className="mt-1 text-sm break-words text-slate-600">
            {curso.titulo} · {formatCount(total)} {total === 1 ? "participante" : "participantes"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {total > 0 ? (
            <a href={`/docente/cursos/${curso.id}/calificaciones/csv`} download className="btn-secondary">
              Descargar CSV
            </a>
          ) : null}
          <CourseReportNav courseId={curso.id} current="calificaciones" />
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Por módulo: el mejor porcentaje, su nota, los intentos y si aprobó (mínimo {formatPercent(curso.exigencia)}, la
        exigencia). {notaScale(curso.exigencia)} {NOTA_FINAL_RULE}
      </p>
      {modulos.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">{NO_QUIZZES}</p>
      ) : participantes.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">No hay participantes aún.</p>
      ) : (
        <AdminTable
          columns={columns}
          minWidth={modulos.length > 2 ? "min-w-[900px]" : "min-w-[640px]"}
          className="card mt-6 max-h-[70vh] overflow-auto"
          caption="Calificaciones por participante y módulo"
          stickyHeader
          scrollLabel="Tabla de calificaciones"
        >
          {participantes.map((p) => (
            <tr key={p.id}>
              <td className="px-3 py-2">
                <span className="block font-medium text-slate-900">{p.nombre || "Sin nombre"}</span>
                <span className="block text-xs text-slate-600">
                  <Email value={p.correo} />
                </span>
              </td>
              {p.notas.map((nota, i) => (
                <td key={nota.moduloId} data-label={columns[i + 1]!.label} className="px-3 py-2">
                  <GradeCell nota={nota} />
                </td>
              ))}
              <td data-label="Nota final" className="px-3 py-2">
                {p.nota === null ? <span className="text-slate-500">Sin intentos</span> : <NotaValue value={p.nota} />}
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
  return <BelowCoursesErrorBoundary error={error} failed={GRADEBOOK_FAILED} />;
}
