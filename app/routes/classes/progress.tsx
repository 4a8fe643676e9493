import { Form, Link, useLocation } from "react-router";
import { AdminTable } from "~/components/ui/admin-table.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ClassErrorBoundary } from "~/features/classes/components/class-breadcrumbs.tsx";
import { requireClassManager } from "~/features/classes/guards.server.ts";
import { getClassProgress } from "~/features/classes/progress.server.ts";
import { progressQueryFrom, type ClassProgress } from "~/features/classes/progress-schema.ts";
import {
  DIRECTION_LABELS,
  FLAG_LABELS,
  FLAG_RULES,
  NO_ACTIVITY,
  ORDER_LABELS,
  PROGRESS_DIRECTIONS,
  PROGRESS_FAILED,
  PROGRESS_FLAGS,
  PROGRESS_ORDERS,
  PROGRESS_TITLE,
  WRITE_TITLE,
  type ProgressFlag,
} from "~/features/classes/progress-texts.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { formatPercent } from "~/lib/percent.ts";
import type { Route } from "./+types/progress";

// The class at a glance (docs/product.md#classes): sorted and filtered by the address (plain links and
// a GET form), the same service as GET /api/cursos/{cursoId}/clases/{claseId}/progreso.
export async function loader(args: Route.LoaderArgs) {
  const { clase } = await requireClassManager(args, args.params.cursoId, args.params.claseId);
  return { progress: await getClassProgress(clase, progressQueryFrom(args.request.url)) };
}

export const meta = () => [{ title: PROGRESS_TITLE }];

const TONE: Record<ProgressFlag, "green" | "amber" | "red"> = {
  "sin-comenzar": "amber",
  atascado: "red",
  inactivo: "amber",
  finalizado: "green",
};

/** The filter's links: the same order, another flag, back to the first page. */
function FlagFilter({ progress }: { progress: ClassProgress }) {
  const { pathname } = useLocation();
  const href = (marca: ProgressFlag | null) => {
    const params = new URLSearchParams({ orden: progress.orden, dir: progress.dir });
    if (marca) params.set("marca", marca);
    return `${pathname}?${params}`;
  };
  const options: Array<[ProgressFlag | null, string]> = [
    [null, "Todas"],
    ...PROGRESS_FLAGS.map((f) => [f, FLAG_LABELS[f]] as [ProgressFlag, string]),
  ];
  return (
    <nav aria-label="Filtrar por marca" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {options.map(([flag, label]) => {
          const current = progress.marca === flag;
          return (
            <li key={label}>
              <Link
                to={href(flag)}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-6 items-center rounded-full border px-3 py-1 text-sm ${
                  current
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Sorting: a GET form (the flag kept), read by the loader from the address. */
function SortForm({ progress }: { progress: ClassProgress }) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Ordenar la lista">
      {progress.marca ? <input type="hidden" name="marca" value={progress.marca} /> : null}
      {(
        [
          ["orden", "Ordenar por", progress.orden, PROGRESS_ORDERS, ORDER_LABELS],
          ["dir", "Orden", progress.dir, PROGRESS_DIRECTIONS, DIRECTION_LABELS],
        ] as const
      ).map(([name, label, value, options, labels]) => (
        <div key={name}>
          <label htmlFor={name} className="label">
            {label}
          </label>
          <select id={name} name={name} defaultValue={value} className="input">
            {options.map((o) => (
              <option key={o} value={o}>
                {(labels as Record<string, string>)[o]}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="btn-secondary">
        Ordenar
      </button>
    </Form>
  );
}

type Student = ClassProgress["estudiantes"][number];

function ModuleCell({ cell }: { cell: Student["modulos"][number] }) {
  if (cell.intentos === 0 || cell.mejorPorcentaje === null) return <span className="text-slate-500">Sin intentos</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold tabular-nums text-slate-900">{formatPercent(cell.mejorPorcentaje)}</span>
      <span className="text-xs text-slate-600">
        {cell.intentos} {cell.intentos === 1 ? "intento" : "intentos"}
      </span>
      {cell.aprobado ? <Badge tone="green">Aprobado</Badge> : null}
    </span>
  );
}

export default function ClassProgressPage({ loaderData }: Route.ComponentProps) {
  const { progress } = loaderData;
  const { curso, clase, modulos, estudiantes, total, page, pageCount, marca } = progress;
  const here = `/docente/cursos/${curso.id}/clases/${clase.id}`;
  const columns = [
    { label: "Estudiante" },
    { label: "Progreso", align: "right" as const },
    { label: "Módulos aprobados" },
    ...modulos.map((m) => ({ label: `Módulo ${m.posicion + 1}: ${m.titulo}` })),
    { label: "Intentos", align: "right" as const },
    { label: "Última actividad" },
    { label: "Marcas" },
  ];
  return (
    <section>
      <p>
        <Link to={here} className="text-sm font-medium text-brand-700 hover:underline">
          ← Volver a la clase
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{PROGRESS_TITLE}</h1>
          <p className="mt-1 text-sm break-words text-slate-600">
            {clase.nombre} · {curso.titulo} · {total} {total === 1 ? "estudiante" : "estudiantes"}
            {marca ? ` con la marca «${FLAG_LABELS[marca]}»` : ""}
          </p>
        </div>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={`${here}/escribir`} className="btn-secondary">
              {WRITE_TITLE}
            </Link>
          </li>
          <li>
            <a href={`${here}/notas.csv`} download className="btn-secondary">
              Descargar notas (CSV)
            </a>
          </li>
        </ul>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Un módulo sin intentos queda en blanco, y la nota final (el promedio de las notas de los módulos) aparece cuando
        todos los módulos tienen nota.
      </p>
      <FlagFilter progress={progress} />
      <details className="mt-3 text-sm text-slate-700">
        <summary className="cursor-pointer">Qué significa cada marca</summary>
        <dl className="mt-2 grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          {PROGRESS_FLAGS.map((f) => (
            <div key={f} className="contents">
              <dt className="font-semibold">{FLAG_LABELS[f]}</dt>
              <dd>{FLAG_RULES[f]}</dd>
            </div>
          ))}
        </dl>
      </details>
      <SortForm progress={progress} />
      {estudiantes.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-600">
          {marca ? "Ningún estudiante de la clase tiene esta marca." : "Esta clase aún no tiene estudiantes."}
        </p>
      ) : (
        <AdminTable
          columns={columns}
          minWidth={modulos.length > 2 ? "min-w-[1000px]" : "min-w-[760px]"}
          className="card mt-6 max-h-[70vh] overflow-auto"
          caption={`${PROGRESS_TITLE}: ${clase.nombre}`}
          stickyHeader
          scrollLabel="Tabla del progreso de la clase"
        >
          {estudiantes.map((s) => (
            <tr key={s.id}>
              <td className="px-3 py-2 font-medium text-slate-900">{s.nombre || "Sin nombre"}</td>
              <td data-label="Progreso" className="px-3 py-2 text-right tabular-nums">
                {formatPercent(s.progreso)}
              </td>
              <td data-label="Módulos aprobados" className="px-3 py-2 whitespace-nowrap">
                {s.modulosAprobados} de {modulos.length}
              </td>
              {s.modulos.map((cell, i) => (
                <td key={cell.moduloId} data-label={columns[i + 3]!.label} className="px-3 py-2">
                  <ModuleCell cell={cell} />
                </td>
              ))}
              <td data-label="Intentos" className="px-3 py-2 text-right tabular-nums">
                {s.intentos}
              </td>
              <td data-label="Última actividad" className="px-3 py-2 whitespace-nowrap">
                {s.ultimaActividad ? formatDateTime(s.ultimaActividad) : NO_ACTIVITY}
              </td>
              <td data-label="Marcas" className="px-3 py-2">
                <span className="flex flex-wrap gap-1">
                  {s.marcas.map((f) => (
                    <Badge key={f} tone={TONE[f]}>
                      {FLAG_LABELS[f]}
                    </Badge>
                  ))}
                </span>
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
  return <ClassErrorBoundary error={error} failed={PROGRESS_FAILED} />;
}
