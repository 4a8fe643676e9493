/** ?page=N from a URL: a positive integer, 1 when absent or nonsense. */
export function pageFrom(url: URL | string): number {
  const value = Number(new URL(url, "http://x").searchParams.get("page"));
  return Number.isInteger(value) && value > 0 ? Math.min(value, 100_000) : 1;
}

/** The same URL (path + query) with another page number. */
export function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
