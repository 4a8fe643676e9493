// The admin reports' charts, drawn on the server (nothing for the browser to run) and scaled to
// their box, so a 320 px phone shows them whole. Each is an image with a title and a one-sentence
// description, always beside a table of the same figures: what a screen reader reads.
import type { ReactNode } from "react";
import { monthLabel } from "../months.ts";

const fmt = new Intl.NumberFormat("es-CL");
/** A count as the reports write it ('12.345'). */
export const formatCount = (n: number) => fmt.format(n);

/** A chart and its table: side by side on a wide screen, one above the other on a phone. */
export function ChartWithTable({
  id,
  title,
  chart,
  table,
}: {
  id: string;
  title: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 grid min-w-0 items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">{chart}</div>
        <div className="min-w-0">{table}</div>
      </div>
    </section>
  );
}

const W = 360;
const H = 190;
const TOP = 18;
const BOTTOM = 24;
const LEFT = 6;
const RIGHT = 6;

/** Bars per month (the last 12), the value over each bar, the month under it. */
export function MonthlyBarChart({
  id,
  title,
  unit,
  months,
}: {
  id: string;
  title: string;
  /** What is counted, plural ('inscripciones'), for the description. */
  unit: string;
  months: ReadonlyArray<{ mes: string; value: number }>;
}) {
  const max = Math.max(1, ...months.map((m) => m.value));
  const total = months.reduce((sum, m) => sum + m.value, 0);
  const peak = months.reduce<(typeof months)[number] | null>((p, m) => (!p || m.value > p.value ? m : p), null);
  const slot = (W - LEFT - RIGHT) / Math.max(1, months.length);
  const bar = slot * 0.62;
  const plot = H - TOP - BOTTOM;
  const description =
    total === 0 || !peak
      ? `Sin ${unit} en los últimos ${months.length} meses.`
      : `${formatCount(total)} ${unit} en los últimos ${months.length} meses; el máximo, ` +
        `${formatCount(peak.value)}, en ${monthLabel(peak.mes)}.`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-titulo ${id}-desc`}
      className="block h-auto w-full max-w-xl"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-titulo`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line x1={LEFT} x2={W - RIGHT} y1={TOP + plot} y2={TOP + plot} className="stroke-slate-300" strokeWidth="1" />
      {months.map((m, i) => {
        const h = (m.value / max) * plot;
        const x = LEFT + i * slot + (slot - bar) / 2;
        const cx = LEFT + i * slot + slot / 2;
        return (
          <g key={m.mes}>
            {m.value > 0 ? (
              <rect x={x} y={TOP + plot - h} width={bar} height={Math.max(h, 1)} rx="2" className="fill-brand-600" />
            ) : null}
            {m.value > 0 ? (
              <text x={cx} y={TOP + plot - h - 4} textAnchor="middle" fontSize="10" className="fill-slate-700">
                {compact(m.value)}
              </text>
            ) : null}
            <text x={cx} y={H - 8} textAnchor="middle" fontSize="10" className="fill-slate-600">
              {monthLabel(m.mes, "short")}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** 1234 → '1,2k', so a value fits over its bar. */
function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0).replace(".", ",")}k`;
  return `${(n / 1_000_000).toFixed(1).replace(".", ",")}M`;
}

/**
 * A funnel: one horizontal bar per stage, its length the stage's share of the largest stage, with
 * a short label (`short`) and the count. The stages' full names are in the table beside it.
 * Drawn in HTML rather than SVG, so its words keep their size on a phone (at least 12 px; a
 * scaled SVG shrank them to about 9 px).
 */
export function FunnelChart({
  id,
  title,
  steps,
}: {
  id: string;
  title: string;
  steps: ReadonlyArray<{ short: string; value: number }>;
}) {
  const first = steps[0]?.value ?? 0;
  const max = Math.max(1, ...steps.map((s) => s.value));
  const last = steps[steps.length - 1];
  const description =
    first === 0
      ? "El curso aún no tiene participantes."
      : `De ${formatCount(first)} participantes, ${formatCount(last?.value ?? 0)} llegaron a la última etapa ` +
        `(${last?.short ?? ""}).`;
  return (
    <div role="img" aria-labelledby={`${id}-titulo ${id}-desc`} className="max-w-xl space-y-1.5 text-xs sm:text-sm">
      <span id={`${id}-titulo`} className="sr-only">
        {title}
      </span>
      <span id={`${id}-desc`} className="sr-only">
        {description}
      </span>
      {steps.map((s, i) => (
        <div key={`${i}-${s.short}`} className="grid grid-cols-[5.5rem_minmax(0,1fr)_3rem] items-center gap-2">
          <span className="truncate text-right text-slate-700">{s.short}</span>
          <span className="block h-[18px] rounded bg-slate-100">
            {s.value > 0 ? (
              <span
                className="block h-full min-w-0.5 rounded bg-brand-600"
                style={{ width: `${(s.value / max) * 100}%` }}
              />
            ) : null}
          </span>
          <span className="tabular-nums text-slate-800">{compact(s.value)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * A small table of a chart's figures (the chart's accessible equivalent). Its labels may break
 * inside a word (`overflow-wrap: anywhere`) so that a long heading such as '% de participantes' or
 * a long module title never widens a 320 px page (e2e/phones.spec.ts).
 */
export function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: ReadonlyArray<readonly ReactNode[]>;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
        <tr>
          {head.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={`[overflow-wrap:anywhere] ${i === 0 ? "py-2 pr-2" : "py-2 pl-2 text-right"}`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((cells, r) => (
          <tr key={r}>
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pr-2 font-normal text-slate-700 [overflow-wrap:anywhere]">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1.5 pl-2 text-right tabular-nums text-slate-900">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
