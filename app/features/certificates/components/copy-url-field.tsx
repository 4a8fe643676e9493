// A URL in a read-only field, selected on focus, with 'Copiar URL' once JavaScript runs (before
// that, and without JavaScript, the field's text is there to select and copy by hand).
// Browser-safe.
import { useId, useRef, useState } from "react";
import { useForThreeSeconds } from "~/components/ui/use-for-three-seconds.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

export function CopyUrlField({ url, label, className = "" }: { url: string; label: string; className?: string }) {
  const fieldId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  // A new object per click: the message shows again for its 3 seconds.
  const [copied, setCopied] = useState<{ ok: boolean } | null>(null);
  const status = useForThreeSeconds(copied, copied !== null) ? (copied?.ok ? "ok" : "error") : "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ ok: true });
    } catch {
      input.current?.select();
      setCopied({ ok: false });
    }
  }

  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id={fieldId}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          aria-describedby={statusId}
        />
        {hydrated ? (
          <button type="button" onClick={copy} className="btn-secondary px-3 py-1 text-sm">
            Copiar URL
          </button>
        ) : null}
      </div>
      <p id={statusId} role="status" aria-live="polite" className="mt-1 min-h-5 text-sm">
        {status === "ok" ? <span className="text-green-700">URL copiada</span> : null}
        {status === "error" ? (
          <span className="text-red-700">No se pudo copiar. Selecciona el enlace y cópialo manualmente.</span>
        ) : null}
      </p>
    </div>
  );
}
