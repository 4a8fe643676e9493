import { useState } from "react";
import type { OfflineMaterial } from "../use-offline.ts";

/** Next to a module file kept on this device. */
export function OfflineBadge() {
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
      Disponible sin conexión
    </span>
  );
}

/** What a save did, said aloud once it is over. */
function saveOutcome(total: number, failed: number, full: number): string {
  if (failed === 0) return "Listo: este módulo se puede leer sin conexión en este dispositivo.";
  if (full > 0) return "Un archivo es más grande que el espacio para leer sin conexión en este dispositivo.";
  return `No se pudieron guardar ${failed} de ${total}. Revisa tu conexión e inténtalo de nuevo.`;
}

type State = { kind: "idle" } | { kind: "saving"; done: number; total: number } | { kind: "done"; message: string };

/**
 * "Guardar para leer sin conexión" for one module: the course page and every file of the module
 * into this learner's offline cache, with the progress and a result said aloud (role="status").
 * Rendered only when a service worker controls the page (OfflineMaterial.active).
 */
export function SaveModuleOffline({
  offline,
  pageUrl,
  fileUrls,
}: {
  offline: OfflineMaterial;
  pageUrl: string;
  fileUrls: string[];
}) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const saving = state.kind === "saving";
  const allKept = fileUrls.every((url) => offline.kept.has(url));

  async function saveModule() {
    const urls = [pageUrl, ...fileUrls];
    setState({ kind: "saving", done: 0, total: urls.length });
    const result = await offline.save(urls, ({ done, total }) => setState({ kind: "saving", done, total }));
    setState({ kind: "done", message: saveOutcome(urls.length, result.failed.length, result.full) });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {allKept && !saving ? (
        <p className="text-sm font-semibold text-brand-800">✓ Módulo disponible sin conexión</p>
      ) : (
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={saveModule} disabled={saving}>
          {saving ? "Guardando…" : "Guardar para leer sin conexión"}
        </button>
      )}
      <p role="status" className="text-sm text-slate-700">
        {state.kind === "saving"
          ? `Guardado ${state.done} de ${state.total}…`
          : state.kind === "done"
            ? state.message
            : ""}
      </p>
    </div>
  );
}
