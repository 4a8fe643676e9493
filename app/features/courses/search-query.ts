import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";

/** The length a course search box takes (and the server reads: more is cut). */
export const COURSE_SEARCH_MAX = 200;

/** A list's search as typed (`?q=`), at most COURSE_SEARCH_MAX characters; "" for none. */
function searchFrom(url: URL | string): string {
  return (new URL(url, "http://x").searchParams.get("q") ?? "").slice(0, COURSE_SEARCH_MAX);
}

/** A course list's page, cursor and search as its address asks for them (listCourses' options). */
export function courseListQuery(url: URL | string) {
  return { page: pageFrom(url), cursor: cursorFrom(url), q: searchFrom(url) };
}
