// How a list says how many rows a search found. A search counts its matches up to a cap
// (features/search/word-search.server.ts, SearchCount): past it the lists say 'Más de 1.000' and
// suggest narrowing the search, as the search engines people know do. Shared by the pages and
// safe in the browser.

const number = new Intl.NumberFormat("es-CL");

/** 'Más de 1.000 cursos', '1 curso', '12 cursos' (Chilean digit grouping). */
export function countPhrase(total: number, exact: boolean, one: string, many: string): string {
  if (!exact) return `Más de ${number.format(total)} ${many}`;
  return `${number.format(total)} ${total === 1 ? one : many}`;
}

/** What a list adds when a search found more than it counts. */
export const SEARCH_NARROW_HINT = "Agrega otra palabra para acotar la búsqueda.";
