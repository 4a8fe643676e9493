// A full first page for the catalog search of `npm run bench:scale` on the demo database.
//
// The bench compares each page on the demo and the large database (p50 large ÷ p50 demo). The
// catalog's search row compared a page of one result (the demo's only course with 'programacion')
// against a page of 25 (the large database's first 25 of 5 000): its growth measured rendering 24
// more cards, not the cost of the data (a word with one match on both databases: 1.15×). So the
// demo database gets SEARCH_FILL published courses 'Taller de programación N' (copies of the
// seeded course's other fields; their title's words as the services write them,
// courseSearchWords), once (found by their titles): both sides render a full page, and the row's
// growth is the search's own. Their words are the title's only ('taller', 'de', 'programacion',
// the number), so the admin's rows ('curso', 'robotica') compare as before.
import type { DatabaseSync } from "node:sqlite";
import { courseSearchWords } from "../../app/features/courses/title-search.ts";
import { normalizeSearch } from "../../app/lib/search-text.ts";

/** More than a page of the catalog (COURSES_PAGE_SIZE is 25). */
export const SEARCH_FILL = 30;
const TITLE = (n: number) => `Taller de programación ${n}`;

/** Adds the courses once; returns how many the database has. */
export function addSearchFillToFile(file: string, seededCourse: string): number {
  const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite");
  const db: DatabaseSync = new Database(file);
  try {
    const count = () =>
      Number(
        (
          db.prepare(`SELECT count(*) AS n FROM "Course" WHERE titulo LIKE 'Taller de programación %'`).get() as {
            n: number;
          }
        ).n,
      );
    if (count() >= SEARCH_FILL) return count();
    const columns = (db.prepare(`PRAGMA table_info("Course")`).all() as Array<{ name: string }>)
      .map((c) => c.name)
      .filter((name) => !["id", "titulo", "tituloBusqueda", "estado", "createdAt", "updatedAt"].includes(name));
    const quoted = columns.map((c) => `"${c}"`).join(", ");
    const insertCourse = db.prepare(
      `INSERT INTO "Course" ("id", "titulo", "tituloBusqueda", "estado", "createdAt", "updatedAt", ${quoted})
       SELECT ?, ?, ?, 'publicado', ?, ?, ${quoted} FROM "Course" WHERE "id" = ?`,
    );
    const insertWord = db.prepare(`INSERT INTO "CourseWord" ("courseId", "word") VALUES (?, ?)`);
    db.exec("BEGIN");
    for (let n = 1; n <= SEARCH_FILL; n++) {
      const id = `cbe0c1a55000000000busca${String(n).padStart(2, "0")}`;
      // A year ago and older: the seed's own courses stay on top of the demo's lists.
      const at = new Date(Date.now() - (365 + n) * 24 * 60 * 60 * 1000).toISOString().replace("Z", "+00:00");
      insertCourse.run(id, TITLE(n), normalizeSearch(TITLE(n)), at, at, seededCourse);
      for (const word of courseSearchWords({ titulo: TITLE(n) })) insertWord.run(id, word);
    }
    db.exec("COMMIT");
    return count();
  } finally {
    db.close();
  }
}
