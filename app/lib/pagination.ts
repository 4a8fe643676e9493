/** ?page=N from a URL: a positive integer, 1 when absent or nonsense. */
export function pageFrom(url: URL | string): number {
  const value = Number(new URL(url, "http://x").searchParams.get("page"));
  return Number.isInteger(value) && value > 0 ? Math.min(value, 100_000) : 1;
}

/**
 * The same URL (path + query) with another page number and, for keyset lists (lib/keyset.ts),
 * the cursor that reads it (`desde` or `antes`); any cursor of the current page is dropped.
 */
export function withPage(search: string, page: number, cursor?: { desde: string } | { antes: string }): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  params.delete("desde");
  params.delete("antes");
  if (cursor && page > 1) for (const [key, value] of Object.entries(cursor)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * The query of a searchable, paged list (`?q=…&page=N`) plus any extra parameters (a dialog's
 * `?ver=ID`, `?eliminar=ID`): "?…", or "" when there is nothing to keep. Links, dialogs and the
 * redirects after an action use it, so the admin comes back to the same search and page.
 */
export function listQuery(state: { q?: string | null; page: number }, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page > 1) params.set("page", String(state.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The list state of a request's URL, for the redirect after an action. */
export function listStateFrom(url: URL, maxQ = 200) {
  return { q: (url.searchParams.get("q") ?? "").slice(0, maxQ), page: pageFrom(url) };
}

/**
 * A list's own query with one parameter set (or taken out when `value` is null), the others
 * kept: opening an item above a list (`?ver=ID`) and closing it leave the filter and page as
 * they were. `path` when nothing is left.
 */
export function withParam(search: string, name: string, value: string | null, path: string): string {
  const params = new URLSearchParams(search);
  if (value) params.set(name, value);
  else params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : path;
}
