// The words of offline reading (docs/product.md#offline-reading). The offline page's own words live
// in sw-policy.ts (the service worker shows it, without this module).

export const savingProgress = (done: number, total: number) => `Guardado ${done} de ${total}…`;

export function saveOutcome(total: number, failed: number, full: number): string {
  if (failed === 0) return "Listo: este módulo se puede leer sin conexión en este dispositivo.";
  if (full > 0) return "Un archivo es más grande que el espacio para leer sin conexión en este dispositivo.";
  return `No se pudieron guardar ${failed} de ${total}. Revisa tu conexión e inténtalo de nuevo.`;
}
