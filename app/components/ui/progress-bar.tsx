import { formatPercent } from "~/lib/percent.ts";

/**
 * An accessible progress bar (role="progressbar", aria-valuenow/min/max) with the percentage
 * written next to it, so it reads the same with or without CSS and assistive technology.
 * The value must already be a whole number 0–100 (see displayProgress).
 */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={formatPercent(pct)}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${pct === 100 ? "bg-green-600" : "bg-brand-600"}`}
          style={{ width: `${pct}%` }}
        />
      </div>
      <span className="w-12 shrink-0 text-right text-sm font-semibold tabular-nums text-slate-700">
        {formatPercent(pct)}
      </span>
    </div>
  );
}
