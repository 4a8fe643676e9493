// Registros' words that depend on a count (docs/product.md#voice). Plain module: safe for the browser.

/** How many accounts wait for approval, as the menu's 'Registros (n)' reads it out: '1 pendiente'. */
export function pendingLabel(count: number): string {
  if (count > 99) return "más de 99 pendientes";
  return count === 1 ? "1 pendiente" : `${count} pendientes`;
}
