import { AdminTable } from "~/components/ui/admin-table.tsx";
import { CourseStateBadge } from "~/components/ui/badge.tsx";
import { requireCourseManager } from "~/features/courses/team.server.ts";
import { BackToCourses, BelowCoursesErrorBoundary } from "~/features/courses/components/back-to-courses.tsx";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { ChartWithTable, FiguresTable, formatCount, FunnelChart } from "~/features/reports/components/charts.tsx";
import { CourseReportNav } from "~/features/reports/components/course-report-nav.tsx";
import { NO_QUIZZES, REPORT_FAILED } from "~/features/reports/texts.ts";
import { getCourseReport } from "~/features/reports/reports.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import { formatPercent, percentOf } from "~/lib/percent.ts";
import type { Route } from "./+types/course-report";

// A course's report (docs/product.md#reportes): the funnel and each quiz module's figures, the
// same as GET /api/admin/cursos/{cursoId}/reporte.
export async function loader(args: Route.LoaderArgs) {
  await requireCourseManager(args, args.params.cursoId);
  const report = await getCourseReport(args.params.cursoId);
  invariantResponse(report, COURSE_NOT_FOUND, { status: 404 });
  return { report };
}

const MODULE_COLUMNS = [
  { label: "Módulo" },
  { label: "Con intento", align: "right" },
  { label: "Aprobados", align: "right" },
  { label: "Tasa de aprobación", align: "right" },
  { label: "Promedio de intentos", align: "right" },
] as const;

const decimal = new Intl.NumberFormat("es-CL", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export default function CourseReportPage({ loaderData }: Route.ComponentProps) {
  const { curso, embudo, modulos } = loaderData.report;
  const enrolled = embudo[0]?.participantes ?? 0;
  // The chart's short labels; the table beside it has the stages' full names.
  const short = (i: number) =>
    i === 0 ? "Participantes" : i === 1 ? "Comenzaron" : i === embudo.length - 1 ? "Certificado" : `Módulo ${i - 1}`;
  return (
    <section>
      <BackToCourses />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Reportes</h1>
          <p className="mt-1 text-sm break-words text-slate-600">
            {curso.titulo} <CourseStateBadge estado={curso.estado} className="ml-1 align-middle" />
          </p>
        </div>
        <CourseReportNav courseId={curso.id} current="reportes" />
      </div>

      <div className="mt-6 grid gap-6">
        <ChartWithTable
          id="embudo"
          title="Embudo del curso"
          chart={
            <FunnelChart
              id="grafico-embudo"
              title="Embudo: participantes, comenzaron, aprobaron cada módulo, certificado"
              steps={embudo.map((s, i) => ({ short: short(i), value: s.participantes }))}
            />
          }
          table={
            <FiguresTable
              caption="Embudo del curso"
              head={["Etapa", "Personas", "% de participantes"]}
              rows={embudo.map((s) => [
                s.etapa,
                formatCount(s.participantes),
                formatPercent(percentOf(s.participantes, enrolled)),
              ])}
            />
          }
        />

        <section aria-labelledby="modulos" className="min-w-0">
          <h2 id="modulos" className="text-lg font-semibold text-slate-900">
            Evaluaciones por módulo
          </h2>
          {modulos.length === 0 ? (
            <p className="card mt-3 p-6 text-slate-600">{NO_QUIZZES}</p>
          ) : (
            <>
              <AdminTable
                columns={MODULE_COLUMNS}
                minWidth="min-w-[600px]"
                className="card mt-3 overflow-x-auto"
                caption="Evaluaciones por módulo"
              >
                {modulos.map((m) => (
                  <tr key={m.id}>
                    <td className="px-3 py-2 font-medium text-slate-900">
                      {m.posicion + 1}. {m.titulo}
                    </td>
                    <td data-label="Con intento" className="px-3 py-2 text-right tabular-nums">
                      {formatCount(m.participantesConIntento)}
                    </td>
                    <td data-label="Aprobados" className="px-3 py-2 text-right tabular-nums">
                      {formatCount(m.aprobados)}
                    </td>
                    <td data-label="Tasa de aprobación" className="px-3 py-2 text-right tabular-nums">
                      {m.participantesConIntento ? formatPercent(m.tasaAprobacion) : "–"}
                    </td>
                    <td data-label="Promedio de intentos" className="px-3 py-2 text-right tabular-nums">
                      {m.participantesConIntento ? decimal.format(m.promedioIntentos) : "–"}
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <div className="mt-6 grid gap-4 lg:grid-cols-2">
                {modulos.map((m) => (
                  <section key={m.id} aria-labelledby={`falladas-${m.id}`} className="card min-w-0 p-4">
                    <h3 id={`falladas-${m.id}`} className="font-semibold text-slate-900">
                      Preguntas más falladas · Módulo {m.posicion + 1}
                    </h3>
                    {m.preguntasMasFalladas.length === 0 ? (
                      <p className="mt-2 text-sm text-slate-600">Ninguna respuesta incorrecta registrada.</p>
                    ) : (
                      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm">
                        {m.preguntasMasFalladas.map((q) => (
                          <li key={q.preguntaId} className="break-words">
                            <span className="text-slate-900">{q.texto}</span>
                            <span className="block text-slate-600">
                              {formatCount(q.incorrectas)} de {formatCount(q.respuestas)} respuestas incorrectas (
                              {formatPercent(q.tasaError)})
                            </span>
                          </li>
                        ))}
                      </ol>
                    )}
                  </section>
                ))}
              </div>
            </>
          )}
        </section>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BelowCoursesErrorBoundary error={error} failed={REPORT_FAILED} />;
}
