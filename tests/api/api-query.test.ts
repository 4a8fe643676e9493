// The API is lenient where the document is strict (docs/product.md#api-conventions): every query parameter the
// OpenAPI document gives a list or download answers a value it does not allow (page=0, page=abc,
// carpeta=otra, a made-up cursor, …) with a 400 and the parameter's Spanish message, as JSON
// { error }, instead of reading it as page 1 or the inbox; the values it allows still answer 200.
// The table is made from the document, so a parameter documented later is checked too.
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { openApiDocument } from "~/routes/api/openapi.server.ts";
import { QUERY_PARAMS, type QueryParam } from "~/lib/api.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import { args, getRequest, signedIn } from "../factories.ts";

type Doc = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>> };
const doc = openApiDocument() as unknown as Doc;

/** Values each parameter must refuse, and one it must take. */
const BAD: Record<QueryParam, string[]> = {
  page: ["0", "abc", "-1", "1.5", "", "1e3", "01"],
  desde: ["abc", "", "123", "1_"],
  antes: ["abc", "", "x_y"],
  q: ["a".repeat(201)],
  correo: ["a".repeat(255)],
  carpeta: ["otra", "", "ENVIADOS"],
  descargar: ["0", "si", ""],
  orden: ["apellido", "", "NOMBRE"],
  dir: ["up", "", "ASC"],
  marca: ["atrasado", "", "Atascado"],
  filtro: ["pendientes", "", "Resueltas"],
  clase: ["", "no es un id", "a".repeat(65)],
};
const GOOD: Record<QueryParam, string> = {
  page: "1",
  desde: "1763891234567_abc",
  antes: "1763891234567_abc",
  q: "suelos",
  correo: "",
  carpeta: "enviados",
  descargar: "1",
  orden: "progreso",
  dir: "desc",
  marca: "atascado",
  filtro: "sin-responder",
  clase: "cm0clase0000000000000001",
};

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
function flatten(entries: RouteEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}`, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}
const ROUTES = flatten(routes as RouteEntry[]).map((r) => ({ ...r, template: r.path.replace(/:(\w+)/g, "{$1}") }));

/** Every documented GET with query parameters, and each of its parameters. */
const TABLE = Object.entries(doc.paths).flatMap(([path, ops]) =>
  (ops.get?.parameters ?? []).filter((p) => p.in === "query").map((p) => ({ path, name: p.name as QueryParam })),
);

let token: string;
/** 'Para revisar' is a docente's own list (docs/decisions/042-the-teachers-day.md). */
let docenteToken: string;
let ids: Record<string, string>;

beforeAll(async () => {
  const admin = await signedIn("admin");
  token = admin.token;
  const docente = await signedIn("docente");
  docenteToken = docente.token;
  GOOD.correo = admin.user.correo;
  const course = await prisma.course.create({
    data: {
      titulo: "Huertos",
      dirigidoA: "general",
      estado: "publicado",
      duracionHoras: 2,
      herramientas: [],
      loAprenderan: [],
      modulos: { create: [{ posicion: 0, titulo: "Suelos" }] },
    },
  });
  const book = await prisma.book.create({
    data: { title: "Suelos", author: "A", pages: 1, description: "", pdfKey: "no-hay.pdf", pdfSize: 0, searchText: "" },
  });
  const clase = await prisma.courseClass.create({
    data: { cursoId: course.id, nombre: "3°B", codigo: newClassCode(), createdById: admin.user.id },
  });
  GOOD.clase = clase.id;
  // The docente teaches the course: the class is one her hand-ins queue filters by (?clase=).
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: docente.user.id } });
  const tarea = await prisma.assignment.create({ data: { cursoId: course.id, titulo: "Compost" } });
  // One name per thing in app/routes.ts (tests/api/route-params.test.ts).
  ids = {
    cursoId: course.id,
    userId: admin.user.id,
    tipo: "estudiante",
    libroId: book.id,
    claseId: clase.id,
    moduloIndex: "0",
    tareaId: tarea.id,
  };
});

async function get(path: string, query: string) {
  const route = ROUTES.find((r) => r.template === path)!;
  const mod = (await import(/* @vite-ignore */ new URL(`../../app/${route.file}`, import.meta.url).pathname)) as {
    loader: (a: unknown) => Promise<Response>;
  };
  const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, ids[name!]!]));
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!) + query;
  const request = getRequest(url);
  request.headers.set("Authorization", `Bearer ${path.startsWith("/api/docente/") ? docenteToken : token}`);
  return mod.loader(args(request, params));
}

describe("the documented query parameters are checked as documented", () => {
  it("the table covers the lists (page, cursors, q, carpeta, correo) and the download", () => {
    const names = new Set(TABLE.map((row) => row.name));
    expect([...names].sort()).toEqual(Object.keys(QUERY_PARAMS).sort());
    expect(TABLE.length).toBeGreaterThanOrEqual(12);
  });

  it.each(TABLE)("$path ?$name=: a value the document refuses is a 400 with its message", async ({ path, name }) => {
    for (const value of BAD[name]) {
      const response = await get(path, `?${name}=${encodeURIComponent(value)}`);
      expect(response.status, `${path}?${name}=${value}`).toBe(400);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: QUERY_PARAMS[name].invalid });
    }
  });

  it.each(TABLE)("$path ?$name=: a value the document allows is read", async ({ path, name }) => {
    const response = await get(path, `?${name}=${encodeURIComponent(GOOD[name])}`);
    // The download of a book whose file is missing is a 404 (no PDF), never a 400.
    expect(response.status, `${path}?${name}=${GOOD[name]}`).toBe(path.startsWith("/api/books/download") ? 404 : 200);
  });

  it("the issue's cases: page=0, page=abc and carpeta=otra are 400 in Spanish", async () => {
    for (const [path, query] of [
      ["/api/cursos/lista", "?page=0"],
      ["/api/books/libros", "?page=abc"],
      ["/api/mensajes", "?carpeta=otra"],
    ] as const) {
      const response = await get(path, query);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^El parámetro (page|carpeta) /);
    }
  });
});
