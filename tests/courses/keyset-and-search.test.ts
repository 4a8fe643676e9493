// @postgresql: keyset paging and search in raw SQL, with trigger-kept counts
// Keyset pages (lib/keyset.ts) and the indexed searches (docs/decisions/009-flat-cost-at-scale.md):
// following the cursors visits every course exactly once, forwards and backwards, whatever the
// ties of createdAt; the API's Link header carries them; the admin's search ignores accents and
// case through CourseWord (tests/library/word-search.test.ts has the word searches in full).
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { COURSES_PAGE_SIZE, listCourses } from "~/features/courses/courses.server.ts";
import {
  backfillCourseSearch,
  backfillCourseWords,
  listAdminCourses,
} from "~/features/courses/admin-courses.server.ts";
import { courseTitleFields } from "~/features/courses/title-search.ts";
import * as listApi from "~/routes/api/cursos.list.ts";
import * as listPage from "~/routes/courses/list.tsx";
import { listUsers } from "~/features/accounts/users.server.ts";
import { args, createCourse, createUser, getRequest, jsonRequest, readJson } from "../factories.ts";

async function publishedCourses(n: number, dirigidoA = "estudiante") {
  // Several courses share each instant: the id breaks the tie, and the cursor must too.
  const base = Date.UTC(2030, 0, 1);
  await prisma.course.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      ...courseTitleFields(`Curso ${i}`),
      estado: "publicado",
      dirigidoA,
      herramientas: [],
      loAprenderan: [],
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    })),
  });
}

describe("keyset pages", () => {
  it("visit every course once, forwards then backwards, and say Página n de m from the Tally", async () => {
    await publishedCourses(COURSES_PAGE_SIZE * 2 + 5);
    const all = await prisma.course.findMany({
      where: { estado: "publicado" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const pages: Array<Awaited<ReturnType<typeof listCourses>>> = [];
    let page = await listCourses({ viewer: null });
    pages.push(page);
    expect(page.total).toBe(all.length);
    while (page.cursors.next) {
      const url = `http://x/cursos?page=${page.page + 1}&desde=${page.cursors.next}`;
      page = await listCourses({ viewer: null, page: page.page + 1, cursor: cursorFrom(url) });
      pages.push(page);
    }
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: page.pageCount }, (_, i) => i + 1));
    expect(pages.flatMap((p) => p.courses.map((c) => c.id))).toEqual(all.map((c) => c.id));

    // Back from the last page: each previous page is the same rows as on the way forwards.
    for (let i = pages.length - 1; i > 0; i--) {
      const url = `http://x/cursos?page=${i}&antes=${pages[i]!.cursors.prev}`;
      const back = await listCourses({ viewer: null, page: i, cursor: cursorFrom(url) });
      expect(back.courses.map((c) => c.id)).toEqual(pages[i - 1]!.courses.map((c) => c.id));
    }
    // A bare ?page=N (an old link) still gives the same page.
    const third = await listCourses({ viewer: null, page: 3 });
    expect(third.courses.map((c) => c.id)).toEqual(pages[2]!.courses.map((c) => c.id));
  });

  it("merge an audience's own courses with the general ones in one order", async () => {
    await publishedCourses(COURSES_PAGE_SIZE, "docente");
    await publishedCourses(COURSES_PAGE_SIZE, "general");
    const expected = await prisma.course.findMany({
      where: { estado: "publicado", dirigidoA: { in: ["docente", "general"] } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const seen: string[] = [];
    let page = await listCourses({ viewer: null, audience: "docente" });
    seen.push(...page.courses.map((c) => c.id));
    while (page.cursors.next) {
      const cursor = cursorFrom(`http://x/?desde=${page.cursors.next}`);
      page = await listCourses({ viewer: null, audience: "docente", page: page.page + 1, cursor });
      seen.push(...page.courses.map((c) => c.id));
    }
    expect(seen).toEqual(expected.map((c) => c.id));
    expect(page.total).toBe(expected.length);
    // A bare ?page=N (a typed URL: ids from the index, then the rows) gives the same rows.
    const typed = await listCourses({ viewer: null, audience: "docente", page: 2 });
    expect(typed.courses.map((c) => c.id)).toEqual(seen.slice(COURSES_PAGE_SIZE, 2 * COURSES_PAGE_SIZE));
    const all = await prisma.course.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    // Every page of the admin table, typed: the first half skips from the newest end, the second
    // from the oldest (lib/keyset.ts fetchOffsetPage), the same rows either way.
    const pageCount = Math.ceil(all.length / 25);
    for (let n = 2; n <= pageCount; n++) {
      const typedPage = await listAdminCourses({ page: n });
      expect(typedPage.courses.map((c) => c.id)).toEqual(all.slice((n - 1) * 25, n * 25).map((c) => c.id));
    }
    expect((await listAdminCourses({ page: pageCount + 1 })).courses).toEqual([]);
  });

  it("the page links and the API's Link header carry the cursor; the JSON keeps its shape", async () => {
    await publishedCourses(COURSES_PAGE_SIZE + 1);
    const data = await listPage.loader(args(getRequest("/cursos")));
    expect(!data.featured && data.cursors?.next).toMatch(/^\d+_/);
    const response = await listApi.loader(args(jsonRequest("/api/cursos/lista", null, { method: "GET" })));
    const body = (await readJson(response)) as { cursos: Array<{ id: string }> };
    expect(Object.keys(body).sort()).toEqual(["cursos", "page", "pageCount", "total", "totalExacto"]);
    const link = response.headers.get("Link")!;
    const next = /<([^>]+)>; rel="next"/.exec(link)![1]!;
    expect(next).toMatch(/^\/api\/cursos\/lista\?page=2&desde=\d+_/);
    const second = (await readJson(await listApi.loader(args(jsonRequest(next, null, { method: "GET" }))))) as {
      page: number;
      cursos: Array<{ id: string }>;
    };
    expect(second.page).toBe(2);
    const ids = new Set(body.cursos.map((c: { id: string }) => c.id));
    expect(second.cursos.some((c: { id: string }) => ids.has(c.id))).toBe(false);
  });
});

describe("typed pages of the records", () => {
  it("give the same rows as the whole list in its order, from either end", async () => {
    for (let i = 0; i < 7; i++) await createUser({ aprobado: i % 3 === 0 });
    const all = await prisma.user.findMany({
      orderBy: [{ aprobado: "asc" }, { createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const size = 2;
    const pageCount = Math.ceil(all.length / size);
    for (let n = 1; n <= pageCount; n++) {
      const page = await listUsers({ page: n, pageSize: size });
      expect(page.users.map((u) => u.id)).toEqual(all.slice((n - 1) * size, n * size).map((u) => u.id));
    }
  });
});

describe("indexed searches", () => {
  it("the admin's search ignores accents and case and finds any word ('matematica' finds 'Matemáticas')", async () => {
    for (const titulo of ["Matemáticas para todos", "MATEMÁTICA financiera", "Educación matemática", "Huertos"]) {
      await createCourse({ titulo, estado: "borrador" });
    }
    const found = await listAdminCourses({ q: "  Matematica " });
    expect(found.courses.map((c) => c.titulo).sort()).toEqual([
      "Educación matemática",
      "MATEMÁTICA financiera",
      "Matemáticas para todos",
    ]);
    expect(found.total).toBe(3);
  });

  it("rows written before the search column and the words existed are filled at start", async () => {
    const old = await prisma.course.create({
      data: { titulo: "Ñandú y Pingüino", herramientas: [], loAprenderan: [] },
    });
    expect((await listAdminCourses({ q: "nandu" })).courses).toEqual([]);
    await backfillCourseSearch(2);
    await backfillCourseWords(2);
    expect((await prisma.course.findUniqueOrThrow({ where: { id: old.id } })).tituloBusqueda).toBe("nandu y pinguino");
    expect((await listAdminCourses({ q: "ÑANDÚ" })).courses.map((c) => c.id)).toEqual([old.id]);
    expect((await listAdminCourses({ q: "pinguino" })).courses.map((c) => c.id)).toEqual([old.id]);
  });
});
