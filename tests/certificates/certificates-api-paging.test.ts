// GET /api/certificados/usuario/{userId} answered every certificate at once (501 in
// one answer on a large database). It is paged like the API's other keyset lists (messages,
// courses): 50 a page, newest first, the `Link` header's rel="next" / rel="prev" URLs carry the
// cursor (`desde` / `antes`, with `page` for show), and a page is a range of the index
// (userId, emitidoEn, id): SQLite's plan reads it in order, without sorting the holder's rows.
import { beforeAll, describe, expect, it } from "vitest";
import { logged, sqlite, statements } from "../query-log.ts";

const { prisma } = await import("~/lib/db.server.ts");
const route = await import("~/routes/api/certificados.user.ts");
const { args, getRequest, signedIn } = await import("../factories.ts");

const TOTAL = 120;
let holder: Awaited<ReturnType<typeof signedIn>>;
let expected: string[];

beforeAll(async () => {
  holder = await signedIn();
  const start = Date.UTC(2026, 0, 1);
  // Two certificates share each instant: the id breaks the tie.
  await prisma.certificate.createMany({
    data: Array.from({ length: TOTAL }, (_, i) => ({
      codigo: `PAG-${String(i).padStart(4, "0")}-${holder.user.id}`,
      userId: holder.user.id,
      nombreTitular: "Ana Pérez",
      tituloCurso: `Curso ${i}`,
      emitidoEn: new Date(start + Math.floor(i / 2) * 60_000),
    })),
  });
  const rows = await prisma.certificate.findMany({
    where: { userId: holder.user.id },
    orderBy: [{ emitidoEn: "desc" }, { id: "desc" }],
    select: { codigo: true },
  });
  expected = rows.map((r) => r.codigo);
});

async function page(path: string) {
  const request = getRequest(path);
  request.headers.set("Authorization", `Bearer ${holder.token}`);
  const response = await route.loader(args(request, { userId: holder.user.id }));
  expect(response.status, path).toBe(200);
  const body = (await response.json()) as { certificados: Array<{ codigo: string }> };
  const links = Object.fromEntries(
    [...(response.headers.get("Link") ?? "").matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, url, rel]) => [rel, url]),
  );
  return { codigos: body.certificados.map((c) => c.codigo), next: links.next, prev: links.prev };
}

describe("GET /api/certificados/usuario/{userId}, paged", () => {
  it("answers 50 at a time, newest first, and the Link header's next and prev read every one once", async () => {
    const base = `/api/certificados/usuario/${holder.user.id}`;
    const first = await page(base);
    expect(first.codigos).toEqual(expected.slice(0, 50));
    expect(first.prev).toBeUndefined();
    expect(first.next).toMatch(/[?&]page=2&desde=\d+_/);

    const seen = [...first.codigos];
    let at = first;
    const pages = [first];
    while (at.next) {
      at = await page(at.next);
      pages.push(at);
      seen.push(...at.codigos);
    }
    expect(pages.map((p) => p.codigos.length)).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);

    // Back from the last page: the same second page.
    const back = await page(pages[2]!.prev!);
    expect(back.codigos).toEqual(pages[1]!.codigos);
    expect((await page(back.prev!)).codigos).toEqual(first.codigos);
  });

  it.skipIf(!sqlite)("reads a page as a range of the (userId, emitidoEn, id) index, without sorting", async () => {
    const first = await page(`/api/certificados/usuario/${holder.user.id}`);
    statements.length = 0;
    await page(first.next!);
    const selects = statements.filter((s) => /^\s*SELECT/i.test(s.query) && /\bCertificate\b/.test(s.query));
    expect(selects.length).toBeGreaterThan(0);
    for (const { query, params } of selects) {
      const plan = (
        await logged!.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query}`, ...params)
      ).map((r) => r.detail);
      expect(plan.join("\n")).toMatch(/SEARCH (main\.)?Certificate USING INDEX Certificate_userId_emitidoEn_id_idx/);
      expect(plan.join("\n")).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});
