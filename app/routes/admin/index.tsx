import { Link } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { ChartWithTable, FiguresTable, formatCount, MonthlyBarChart } from "~/features/reports/components/charts.tsx";
import { monthLabel } from "~/features/reports/months.ts";
import { getResumen } from "~/features/reports/reports.server.ts";
import type { Route } from "./+types/index";

// The admin panel's first page (docs/product.md#resumen): the academy in figures, from the
// counters the database keeps (app/features/reports), the same as GET /api/admin/resumen.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { resumen: await getResumen() };
}

function Stat({ label, value, children }: { label: string; value: number; children?: React.ReactNode }) {
  return (
    <div className="card p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{formatCount(value)}</dd>
      {children ? <dd className="mt-1 text-sm text-slate-600">{children}</dd> : null}
    </div>
  );
}

export default function Resumen({ loaderData }: Route.ComponentProps) {
  const { usuarios, cursos, inscripciones, certificados, correos, meses } = loaderData.resumen;
  const roles = [
    ["Administradores", usuarios.porRol.admin],
    ["Docentes", usuarios.porRol.docente],
    ["Estudiantes", usuarios.porRol.estudiante],
    ["Comunidad", usuarios.porRol.comunidad],
  ] as const;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Resumen</h1>
      <p className="mt-1 text-sm text-slate-600">La academia en cifras, al día.</p>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Stat label="Usuarios" value={usuarios.total}>
          <span className="block">
            {roles.map(([label, n], i) => (
              <span key={label}>
                {i > 0 ? " · " : ""}
                {label}: <span className="tabular-nums">{formatCount(n)}</span>
              </span>
            ))}
          </span>
        </Stat>
        <Stat label="Pendientes de aprobación" value={usuarios.pendientes}>
          {usuarios.pendientes > 0 ? (
            <Link to="/admin/records" className="font-medium text-brand-700 underline">
              Revisar en Registros
            </Link>
          ) : (
            "Nadie espera aprobación."
          )}
        </Stat>
        <Stat label="Cursos publicados" value={cursos.publicados}>
          Borradores: <span className="tabular-nums">{formatCount(cursos.borradores)}</span> · En revisión:{" "}
          <span className="tabular-nums">{formatCount(cursos.enRevision)}</span>
        </Stat>
        <Stat label="Inscripciones" value={inscripciones} />
        <Stat label="Certificados emitidos" value={certificados} />
        <Stat label="Correos en espera" value={correos.pendientes + correos.fallidos}>
          Pendientes: <span className="tabular-nums">{formatCount(correos.pendientes)}</span> · Fallidos:{" "}
          <span className="tabular-nums">{formatCount(correos.fallidos)}</span>
          {correos.fallidos > 0 ? (
            <>
              {" · "}
              <Link to="/admin/outbox?estado=failed" className="font-medium text-brand-700 underline">
                Ver fallidos
              </Link>
            </>
          ) : null}
        </Stat>
      </dl>

      <div className="mt-6 grid gap-6">
        <MonthlyFigure
          id="inscripciones"
          title="Inscripciones por mes"
          long="Inscripciones por mes, últimos 12 meses"
          unit="inscripciones"
          column="Inscripciones"
          months={meses.map((m) => ({ mes: m.mes, value: m.inscripciones }))}
        />
        <MonthlyFigure
          id="certificados"
          title="Certificados por mes"
          long="Certificados emitidos por mes, últimos 12 meses"
          unit="certificados"
          column="Certificados"
          months={meses.map((m) => ({ mes: m.mes, value: m.certificados }))}
        />
      </div>
      <p className="mt-4 text-xs text-slate-500">
        Cada mes va del día 1 al último día del mes, en hora de Chile. Los informes de cada curso están en{" "}
        <Link to="/admin/courses" className="text-brand-700 underline">
          Mis Cursos
        </Link>{" "}
        (Reportes).
      </p>
    </section>
  );
}

/** One month series as a bar chart with the same figures in a table beside it. */
function MonthlyFigure({
  id,
  title,
  long,
  unit,
  column,
  months,
}: {
  id: string;
  title: string;
  long: string;
  unit: string;
  column: string;
  months: Array<{ mes: string; value: number }>;
}) {
  return (
    <ChartWithTable
      id={`${id}-por-mes`}
      title={title}
      chart={<MonthlyBarChart id={`grafico-${id}`} title={long} unit={unit} months={months} />}
      table={
        <FiguresTable
          caption={long}
          head={["Mes", column]}
          rows={months.map((m) => [monthLabel(m.mes), formatCount(m.value)])}
        />
      }
    />
  );
}
