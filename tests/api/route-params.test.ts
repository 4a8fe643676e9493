// One name per thing in the addresses of app/routes.ts: a course is always :cursoId, a user
// :userId, and so on, so a route module's `params.x` (typed by React Router's typegen) and the
// tests that call its loader with `params: { x }` never guess which of two names a screen used.
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";

/**
 * Every parameter name an address may use: what it names, and the literal segments it may follow
 * (so :cursoId never stands for a user). A new kind of thing gets a new name here.
 */
const NAMES: Record<string, { names: string; after: string[] }> = {
  cursoId: {
    names: "a course",
    after: ["cursos", "cursos-inscritos", "intentos"],
  },
  claseId: { names: "a class of a course", after: ["clases", ":cursoId"] },
  avisoId: { names: "an announcement of a course", after: ["avisos"] },
  columnaId: { names: "a manual column of a course's gradebook", after: ["columnas"] },
  invitacionId: { names: "an invitation to a class", after: ["invitaciones"] },
  preguntaId: { names: "a question under a course's module", after: ["preguntas"] },
  respuestaId: { names: "an answer to a module's question", after: ["respuestas"] },
  moduloIndex: { names: "a module's index in its course", after: ["modulos", ":cursoId"] },
  archivoId: { names: "a file of a course's module or of a hand-in", after: ["archivos"] },
  tareaId: { names: "a tarea of a course", after: ["tareas"] },
  adjuntoId: { names: "an attachment of a tarea", after: ["adjuntos"] },
  userId: {
    names: "a user",
    after: ["usuarios", "usuario", "records", "auth", "suspend", "approve", "users", "estudiantes", "notas"],
  },
  libroId: { names: "a book of the library", after: ["biblioteca", "books", "download"] },
  pagina: { names: "a page of a book's preview, from 1", after: ["paginas"] },
  token: {
    names:
      "a link's token (a one-time link's, a calendar feed's {token}.ics, a class's join link (its code), a pupil's card)",
    after: ["baja", "confirmar", "autorizar", "confirmar-correo", "recuperar", "calendario", "unirse", "entrar"],
  },
  codigo: { names: "a certificate's verification code", after: ["certificados"] },
  entregaId: { names: "a learner's hand-in of a tarea", after: ["entregas"] },
  tipo: { names: "an audience (estudiante, docente, comunidad)", after: ["dirigido", "publico"] },
};

type RouteEntry = { path?: string; children?: RouteEntry[] };
function paths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [`/${path}`, ...paths(entry.children ?? [], path)];
  });
}
const ALL = paths(routes as RouteEntry[]);

/** Each parameter of an address with the literal segment just before it ("cursos/:cursoId" → cursos). */
function params(path: string): Array<{ name: string; after: string }> {
  const segments = path.split("/");
  return segments.flatMap((segment, i) =>
    segment.startsWith(":") ? [{ name: segment.slice(1).replace(/\?$/, ""), after: segments[i - 1] ?? "" }] : [],
  );
}

describe("route parameter names (app/routes.ts)", () => {
  it("reads the addresses", () => {
    expect(ALL).toContain("/cursos/:cursoId");
    expect(params("/api/quiz/intentos/:cursoId/:moduloIndex")).toEqual([
      { name: "cursoId", after: "intentos" },
      { name: "moduloIndex", after: ":cursoId" },
    ]);
  });

  it("uses only the known names: no bare :id, no :courseId, no :index", () => {
    const unknown = ALL.flatMap((path) =>
      params(path)
        .filter(({ name }) => !(name in NAMES))
        .map(({ name }) => `${path} (:${name})`),
    );
    expect(unknown).toEqual([]);
  });

  it("uses each name for one kind of thing only (:cursoId always follows a course collection)", () => {
    const elsewhere = ALL.flatMap((path) =>
      params(path)
        .filter(({ name, after }) => name in NAMES && !NAMES[name]!.after.includes(after))
        .map(({ name, after }) => `${path} (:${name} after ${after})`),
    );
    expect(elsewhere).toEqual([]);
  });

  it("names the thing after one collection the same everywhere (cursos/:x is always a course)", () => {
    const namesAfter = new Map<string, Set<string>>();
    for (const path of ALL)
      for (const { name, after } of params(path)) {
        if (after.startsWith(":")) continue;
        namesAfter.set(after, (namesAfter.get(after) ?? new Set()).add(name));
      }
    const mixed = [...namesAfter].filter(([, names]) => names.size > 1).map(([after, names]) => [after, [...names]]);
    expect(mixed).toEqual([]);
  });
});
