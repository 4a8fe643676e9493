// The product's voice (docs/product.md#voice): 'tú', sentence case, no masculine-only words, 24-hour
// times. Scans the copy files: every app/**/texts.ts (and *-texts.ts) and the string literals and JSX text of
// app/**/*.tsx. The texts the original specification quotes are the product owner's and stay as
// quoted, even where they break the voice: they are allowed below, by name.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : walk(full);
    return [full];
  });
}

const sources = walk(APP).filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f));
const copyFiles = sources.filter((f) => f.endsWith(".tsx") || /(^|-)texts\.ts$/.test(path.basename(f)));
const rel = (f: string) => path.relative(ROOT, f);

/**
 * The texts of a source file: its string literals (a template's static parts joined by "{}") and
 * its JSX text. A small tokenizer, enough for this code base: comments, strings, templates with
 * nested expressions, regular expression literals.
 */
function texts(src: string): string[] {
  const out: string[] = [];
  // What the tokenizer is inside: code (with its brace depth, for a template's `${`) or a template.
  const stack: { kind: "code" | "template"; depth: number; parts: string[] }[] = [
    { kind: "code", depth: 0, parts: [] },
  ];
  let i = 0;
  let lastSignificant = "";
  while (i < src.length) {
    const top = stack[stack.length - 1]!;
    const c = src[i]!;
    if (top.kind === "template") {
      if (c === "\\") {
        top.parts.push(src.slice(i, i + 2));
        i += 2;
      } else if (c === "`") {
        out.push(top.parts.join(""));
        stack.pop();
        lastSignificant = "`";
        i++;
      } else if (c === "$" && src[i + 1] === "{") {
        top.parts.push("{}");
        stack.push({ kind: "code", depth: 0, parts: [] });
        lastSignificant = "{";
        i += 2;
      } else {
        top.parts.push(c);
        i++;
      }
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      const end = src.indexOf("\n", i);
      i = end === -1 ? src.length : end;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      i = end === -1 ? src.length : end + 2;
    } else if (c === "/" && (lastSignificant === "" || "(,=:[!&|?{};".includes(lastSignificant))) {
      // A regular expression literal.
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== "\n") {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
        else if (src[j] === "/" && !inClass) break;
        j++;
      }
      i = j + 1;
      lastSignificant = "/";
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let s = "";
      while (j < src.length && src[j] !== c && src[j] !== "\n") {
        if (src[j] === "\\") {
          s += src[j + 1];
          j += 2;
        } else s += src[j++];
      }
      out.push(s);
      i = j + 1;
      lastSignificant = c;
    } else if (c === "`") {
      stack.push({ kind: "template", depth: 0, parts: [] });
      i++;
    } else if (c === "{") {
      top.depth++;
      lastSignificant = c;
      i++;
    } else if (c === "}") {
      if (top.depth === 0 && stack.length > 1) stack.pop();
      else top.depth--;
      lastSignificant = c;
      i++;
    } else if (c === ">") {
      // JSX text: what follows a tag up to the next tag or expression, if it cannot be code.
      const m = /^[^<>{}]*/.exec(src.slice(i + 1))!;
      const text = m[0];
      if (/\p{L}/u.test(text) && !/[;=()"'`[\]]|&&|\|\||=>/.test(text)) out.push(text);
      lastSignificant = c;
      i++;
    } else {
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return out.map((t) => t.replace(/\s+/g, " ").trim()).filter((t) => /\p{L}/u.test(t));
}

// --- The spec's own words, kept as quoted (docs/product.md#voice: the original specification's texts). ---

/** Quoted by the original specification (docs/product.md#voice lists them): kept even in Title Case or 'usted'. */
const SPEC_QUOTED = new Set([
  // Header, footer, page titles, menus (docs/product.md#screens)
  "Para Docentes",
  "Para Estudiantes",
  "Para Comunidad",
  "Enlaces Rápidos",
  "Iniciar Sesión",
  "Panel Administrador",
  "Panel Usuario",
  "Mi Perfil",
  "Mis Cursos",
  "Cerrar Sesión",
  "Mensajes del Administrador",
  "Vista Previa",
  "Descargar PDF",
  // The course list and the library (docs/product.md#course-lists, #library)
  "Comenzar Curso",
  "Generando libro...",
  // Error messages (docs/product.md#spanish-messages)
  "Por favor inicie sesión para tomar el curso.",
  "¡Registro exitoso!",
  "No se pudo registrar la participación. Por favor contacte al administrador.",
  "No hay sesión activa. Inicie sesión nuevamente.",
  "No se pudo aprobar el usuario",
  "No se pudo eliminar el usuario",
]);

/** Names that keep their capitals inside a sentence: the brand, institutions, the home page's people and places. */
const PROPER_NAMES = [
  "Academia Abierta",
  "Agencia de Protección de Datos Personales",
  "Paula Cárcamo",
  "Benjamín Oyarzún",
  "Rosa Paillalef",
  "Rahue Alto",
  "Noto Sans",
];
/** Single words that keep their capital: places, products (Excel), school subjects, and 'Registros', the admin menu's item (docs/product.md#admin-panel). */
const PROPER = new Set([
  "Chile",
  "Osorno",
  "Santiago",
  "Purranque",
  "Ciencias",
  "Facebook",
  "LinkedIn",
  "Registros",
  "Google",
  "Excel",
]);

function isTitleCased(text: string): boolean {
  let rest = text;
  for (const name of PROPER_NAMES) rest = rest.replaceAll(name, "nombre");
  // A spec-quoted label named inside a sentence («Comenzar Curso») is the spec's.
  rest = rest.replace(/«([^«»]*)»/g, (whole, inner: string) => (SPEC_QUOTED.has(inner) ? "«nombre»" : whole));
  // Each sentence or label part starts afresh: after . : ! ? | · — – ( « " /.
  for (const segment of rest.split(/[.:!?¡¿|·—–(«»"\u201c\u201d/]+/)) {
    // The first word is the first with a letter: '← Volver a cursos', '+ Crear curso', '✓ Correcta'.
    const words = segment
      .trim()
      .split(/\s+/)
      .filter((w) => /\p{L}/u.test(w));
    for (const word of words.slice(1)) {
      const bare = word.replace(/[,;)]+$/, "");
      if (!/^\p{Lu}\p{Ll}+$/u.test(bare)) continue; // lower case, acronyms (PDF, URL), numbers, {}
      if (PROPER.has(bare)) continue;
      return true;
    }
  }
  return false;
}

const FORMAL =
  /\b(usted|ustedes|inicie|ingrese|intente|verifique|revise|haga|seleccione|escriba|vuelva|contacte|elija|espere|pulse|presione|haz clic aquí)\b/iu;
// A participle after 'haber' does not agree ('te has inscrito' is everyone's).
const MASCULINE =
  /(?<![\p{L}])(?<!\b(?:he|has|ha|hemos|han) )(inscritos?|bienvenidos?|registrados?|conectados?|interesados?|el usuario|los usuarios|los estudiantes|los alumnos|alumnos?|los docentes|todos los usuarios|usuarios? (?:aprobados?|suspendidos?|eliminados?))(?![\p{L}])/iu;

function voiceProblems(file: string, text: string): string[] {
  if (SPEC_QUOTED.has(text)) return [];
  const problems: string[] = [];
  if (FORMAL.test(text)) problems.push("usted");
  if (MASCULINE.test(text)) problems.push("masculine-only");
  if (isTitleCased(text)) problems.push("Title Case");
  return problems.map((p) => `${rel(file)}: ${p}: «${text}»`);
}

describe("the voice of the product's texts (docs/product.md#voice)", () => {
  it("the scanner finds strings, templates and JSX text, and skips comments and regexes", () => {
    const src = [
      "// Un comentario Con Mayúsculas",
      "const a = /\"'/.test(x) ? 'Uno' : \"Dos\";",
      "const b = `Tres ${n > 1 ? `cuatro` : 'cinco'} seis`;",
      'return <p className="x">Hola mundo</p>;',
    ].join("\n");
    expect(texts(src)).toEqual(["Uno", "Dos", "cuatro", "cinco", "Tres {} seis", "x", "Hola mundo"]);
  });

  it("the rules catch what they should", () => {
    expect(voiceProblems("x", "Por favor ingrese su correo.")).toHaveLength(1);
    expect(voiceProblems("x", "Ya estás inscrito en este curso.")).toHaveLength(1);
    expect(voiceProblems("x", "Mis Certificados")).toHaveLength(1);
    expect(voiceProblems("x", "Mis certificados")).toEqual([]);
    expect(voiceProblems("x", "Mi Perfil")).toEqual([]); // the spec's
    expect(voiceProblems("x", "Ya te inscribiste en este curso.")).toEqual([]);
    expect(voiceProblems("x", "Osorno, Chile")).toEqual([]);
  });

  it("every text of the copy files is in the voice, or is the spec's own", () => {
    const problems = copyFiles.flatMap((file) =>
      texts(fs.readFileSync(file, "utf8")).flatMap((text) => voiceProblems(file, text)),
    );
    expect(problems).toEqual([]);
  });

  it("times are shown in 24-hour form (16:05, never 4:05 p. m.)", () => {
    const problems: string[] = [];
    for (const file of sources) {
      const src = fs.readFileSync(file, "utf8");
      if (/hour12:\s*true|hourCycle:\s*["']h1[12]["']|[ap]\.\s?m\./.test(src)) problems.push(`${rel(file)}: 12-hour`);
      // Every date-time format that shows an hour says h23.
      for (const m of src.matchAll(/(?:Intl\.DateTimeFormat|toLocale(?:Time)?String)\(/g)) {
        let depth = 0;
        let j = m.index + m[0].length - 1;
        for (; j < src.length; j++) {
          if (src[j] === "(") depth++;
          else if (src[j] === ")" && --depth === 0) break;
        }
        const call = src.slice(m.index, j + 1);
        if (/\bhour\b|timeStyle/.test(call) && !/hourCycle:\s*["']h23["']|hour12:\s*false/.test(call)) {
          problems.push(`${rel(file)}: an hour without hourCycle "h23": ${call.replace(/\s+/g, " ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
