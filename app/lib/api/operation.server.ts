// The vocabulary in which a route module of app/routes/api declares its calls for the API document
// (docs/product.md#api-reference-apiopenapijson-and-apidocs).
import type { z } from "zod";
import { ApiNoticeIdSchema, type QueryParam } from "~/lib/api.server.ts";

export type Method = "get" | "post" | "put" | "patch" | "delete";
/**
 * Who may call: `public` (anyone, no credentials read), `optional` (anyone; a token or session
 * changes what is shown), `user` (any signed-in account: Bearer token or session cookie),
 * `token` (Bearer token only), `admin` (an account with the admin role), `team` (an admin or a
 * docente on the course's team: docs/product.md#course-teams).
 */
export type Access = "public" | "optional" | "user" | "token" | "admin" | "team";
type Header = keyof typeof HEADERS;
export type Answer = {
  description: string;
  /** An example of the body (shown beside the schema; a generator's mock uses it). */
  example?: unknown;
  /** The JSON body; absent for a body of another type (`pdf`, `zip`, `html`). */
  schema?: z.ZodType;
  pdf?: boolean;
  zip?: boolean;
  html?: boolean;
  headers?: Header[];
};
export type Operation = {
  tag: (typeof TAGS)[number]["name"];
  summary: string;
  description?: string;
  access: Access;
  query?: QueryParam[];
  /** Request bodies by media type: JSON and/or multipart; `optional` when a call may send none. */
  body?: { json?: z.ZodType; form?: z.ZodType; optional?: boolean };
  /** The success answers by status. */
  ok: Record<number, Answer>;
  /** The error answers ({ error }) by status, beyond the ones `access` and `body` imply. */
  errors?: Record<number, ErrorDoc>;
  /** The 401 texts, when the call has its own (the quiz calls): requireApiCaller's messages. */
  messages?: { missing: string; invalid: string; noUser: string; ended?: string };
};
/** The calls by path and method (the route modules' declarations). */
export type Operations = Record<string, Partial<Record<Method, Operation>>>;
/** An error answer: what it means and the exact texts the code sends (examples); `varies`: input-dependent text. */
export type ErrorDoc = { description: string; texts: readonly string[]; varies?: boolean };
export const error = (description: string, ...texts: string[]): ErrorDoc => ({ description, texts });
/** An error whose text depends on the input: `texts` are examples of it. */
export const invalid = (description: string, ...texts: string[]): ErrorDoc => ({ description, texts, varies: true });

export const TAGS = [
  { name: "Cuentas", description: "Ingreso, registro, tokens y administración de usuarios." },
  { name: "Cursos", description: "Catálogo, inscripción y edición de cursos." },
  { name: "Evaluaciones", description: "Respuestas a las evaluaciones de los módulos y progreso." },
  { name: "Certificados", description: "Certificados de los cursos terminados." },
  { name: "Mensajes", description: "Mensajes entre usuarios y formulario de contacto." },
  { name: "Biblioteca", description: "Libros en PDF." },
  {
    name: "Reportes",
    description: "Cifras de la academia (administradores) y de cada curso (también su equipo docente).",
  },
  {
    name: "Clases",
    description: "Las clases de un curso (su equipo docente), unirse a una con su código y responder una invitación.",
  },
  { name: "Notificaciones", description: "Tus notificaciones, marcarlas como leídas y cómo te llegan." },
  { name: "Avisos", description: "Los avisos de un curso: los publica su equipo docente, los leen sus estudiantes." },
  {
    name: "Preguntas",
    description: "Las preguntas de cada módulo: las hacen sus estudiantes, las responde su equipo docente.",
  },
  {
    name: "Tareas",
    description: "Las tareas de un curso: su equipo las pone, revisa y devuelve; sus estudiantes las entregan.",
  },
  { name: "Documentación", description: "Este documento y su página de referencia." },
] as const;

export const HEADERS = {
  Link: {
    description: 'RFC 8288: las URL de las páginas siguiente (rel="next") y anterior (rel="prev"), si las hay.',
    schema: { type: "string" },
  },
  "X-Total-Count": { description: "Cantidad total de elementos de la lista.", schema: { type: "integer" } },
  "X-Total-Exact": {
    description:
      "false cuando una búsqueda (?q=) encuentra más de 1000 elementos: X-Total-Count es entonces " +
      "1000 y las páginas llegan a los 1000 más recientes; true en otro caso.",
    schema: { type: "string", enum: ["true", "false"] },
  },
  "X-Page-Count": { description: "Cantidad de páginas.", schema: { type: "integer" } },
  "Retry-After": { description: "Segundos que hay que esperar antes de reintentar.", schema: { type: "integer" } },
} as const;

export const json = (description: string, schema: z.ZodType, headers?: Header[]): Answer => ({
  description,
  schema,
  headers,
});
export const done = (description = "Hecho.") => json(description, ApiNoticeIdSchema);
export const PAGED: Header[] = ["Link", "X-Total-Count"];
export const KEYSET = ["page", "desde", "antes"] as const;
