import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { ChartWithTable, FiguresTable, formatCount, MonthlyBarChart } from "~/features/reports/components/charts.tsx";
import { monthLabel } from "~/features/reports/months.ts";
import { getResumen } from "~/features/reports/reports.server.ts";
import { backupStatus } from "~/features/backup/status.server.ts";
import type { BackupRunView } from "~/features/backup/status.ts";
import { formatBackupSize } from "~/features/backup/texts.ts";
import { formatDateTime } from "~/lib/dates.ts";
import type { Route } from "./+types/index";

// The admin panel's first page (docs/product.md#resumen): the academy in figures, as GET /api/admin/resumen,
// and the last scheduled backup, with a warning when it failed or is older than two days.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const [resumen, backup] = await Promise.all([getResumen(), backupStatus()]);
  return { resumen, backup };
}

/** 'Hecha el … (12,3 MB)' or 'Falló el …'. */
function runLine(run: BackupRunView) {
  const when = formatDateTime(run.at);
  if (!run.made) return `Falló el ${when}`;
  return run.bytes === null ? `Hecha el ${when}` : `Hecha el ${when} (${formatBackupSize(run.bytes)})`;
}

function BackupCard({ backup }: { backup: Route.ComponentProps["loaderData"]["backup"] }) {
  const { last, lastMade, everyHours, warning } = backup;
  return (
    <section aria-labelledby="copia-seguridad" className="card mt-6 p-4 text-sm text-slate-700">
      <h2 id="copia-seguridad" className="text-lg font-semibold text-slate-900">
        Copia de seguridad
      </h2>
      {warning ? (
        <p role="status" className="alert-error mt-2 font-medium">
          Atención: {warning}
        </p>
      ) : null}
      <p className="mt-2">Última: {last ? runLine(last) : "ninguna todavía"}.</p>
      {last && !last.made && last.error ? (
        <p className="mt-1 text-xs break-words text-slate-500">Detalle: {last.error}</p>
      ) : null}
      {last && !last.made && lastMade ? <p className="mt-1">Última completa: {runLine(lastMade)}.</p> : null}
      <p className="mt-1 text-slate-500">
        {everyHours > 0
          ? `El servidor hace una cada ${everyHours === 1 ? "hora" : `${everyHours} horas`} (BACKUP_EVERY_H).`
          : "El servidor no hace copias por sí mismo (BACKUP_EVERY_H=0): usa npm run backup."}
      </p>
    </section>
  );
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

/** Each month series as a bar chart with the same figures in a table beside it. */
const MONTHLY = [
  { id: "inscripciones", column: "Inscripciones", long: "Inscripciones por mes, últimos 12 meses" },
  { id: "certificados", column: "Certificados", long: "Certificados emitidos por mes, últimos 12 meses" },
] as const;

export default function Resumen({ loaderData }: Route.ComponentProps) {
  const { usuarios, cursos, inscripciones, certificados, correos, meses } = loaderData.resumen;
  const backup = loaderData.backup;
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
      {backup.warning ? <BackupCard backup={backup} /> : null}

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
          <span className="tabular-nums">{formatCount(cursos.enRevision)}</span> · Privados:{" "}
          <span className="tabular-nums">{formatCount(cursos.privados)}</span>
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

      {backup.warning ? null : <BackupCard backup={backup} />}

      <div className="mt-6 grid gap-6">
        {MONTHLY.map(({ id, column, long }) => {
          const months = meses.map((m) => ({ mes: m.mes, value: m[id] }));
          return (
            <ChartWithTable
              key={id}
              id={`${id}-por-mes`}
              title={`${column} por mes`}
              chart={<MonthlyBarChart id={`grafico-${id}`} title={long} unit={id} months={months} />}
              table={
                <FiguresTable
                  caption={long}
                  head={["Mes", column]}
                  rows={months.map((m) => [monthLabel(m.mes), formatCount(m.value)])}
                />
              }
            />
          );
        })}
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
