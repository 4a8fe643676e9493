// The /api routes' plumbing: JSON answers, body parsing that never 500s, the Origin check for
// cookie-authenticated changes. Who calls is features/accounts/api-guards.server.ts's.
import { z } from "zod";
import { FORBIDDEN_ORIGIN, isCrossSiteMutation } from "./csrf.server.ts";
import { asFailure, fail, FailureError, failureHeaders, type Failure } from "./failure.ts";
import { BodyTooLargeError, readBodyCapped } from "./form.server.ts";
import { isRecordId } from "./ids.ts";
import { CURSOR_PATTERN, isCursor } from "./keyset.ts";
import { withPage } from "./pagination.ts";
import { log } from "./log.server.ts";

const JSON_HEADERS = { "Cache-Control": "no-store" };

// The answers every /api route shares, as the OpenAPI document (routes/api) shows them.
/** Every 4xx/5xx answer of the API. */
export const ApiErrorSchema = z.object({ error: z.string().meta({ description: "El motivo, en español." }) });
/** A state change's confirmation. */
export const ApiNoticeSchema = z.object({ message: z.string() });
/** A state change on one record: the confirmation and the record's id. */
export const ApiNoticeIdSchema = z.object({ message: z.string(), id: z.string() });
export type ApiNotice = z.output<typeof ApiNoticeSchema>;
export type ApiNoticeId = z.output<typeof ApiNoticeIdSchema>;

/** The answer of a method a route does not serve (with `Allow`) and of an unknown /api path. */
export const METHOD_NOT_ALLOWED = "Método no permitido.";
export const API_NOT_FOUND = "Ruta no encontrada.";

// The ownership refusals of the calls on a user's records (requireSelfOrAdmin's texts).
export const FORBIDDEN_PROFILE = "No tienes permiso para modificar este perfil.";
export const FORBIDDEN_OTHER_COURSES = "No tienes permiso para ver los cursos de otro usuario.";
export const FORBIDDEN_OTHER_PROGRESS = "No tienes permiso para actualizar el progreso de otro usuario.";
export const PROGRESS_NOT_ENROLLED = "La cuenta no está inscrita en este curso.";

/** The API's query parameters: how the document shows each and how apiQuery checks it (else a 400 `invalid`). */
export const QUERY_PARAMS = {
  page: {
    schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
    description: "Número de página (desde 1).",
    invalid: "El parámetro page debe ser un número entero desde 1.",
    valid: (v: string) => /^[1-9]\d{0,8}$/.test(v),
  },
  desde: {
    schema: { type: "string", pattern: CURSOR_PATTERN },
    description: 'Cursor de la página siguiente (tómalo del encabezado Link, rel="next").',
    invalid: 'El parámetro desde no es un cursor válido: tómalo del encabezado Link (rel="next").',
    valid: isCursor,
  },
  antes: {
    schema: { type: "string", pattern: CURSOR_PATTERN },
    description: 'Cursor de la página anterior (tómalo del encabezado Link, rel="prev").',
    invalid: 'El parámetro antes no es un cursor válido: tómalo del encabezado Link (rel="prev").',
    valid: isCursor,
  },
  q: {
    schema: { type: "string", maxLength: 200 },
    description: "Busca por el comienzo de las palabras.",
    invalid: "La búsqueda (q) admite hasta 200 caracteres.",
    valid: (v: string) => v.length <= 200,
  },
  correo: {
    schema: { type: "string", maxLength: 254 },
    description: "Tu propio correo, o tu usuario si tu cuenta no tiene correo (por omisión, el de quien llama).",
    invalid: "El parámetro correo admite hasta 254 caracteres.",
    valid: (v: string) => v.length <= 254,
  },
  carpeta: {
    schema: { type: "string", enum: ["recibidos", "enviados"] },
    description: "recibidos (por omisión) o enviados.",
    invalid: "El parámetro carpeta debe ser recibidos o enviados.",
    valid: (v: string) => v === "recibidos" || v === "enviados",
  },
  // A class's progress list (features/classes/progress-texts.ts names the same values; a test
  // keeps them equal).
  orden: {
    schema: { type: "string", enum: ["nombre", "progreso", "actividad"] },
    description: "nombre (por omisión), progreso o actividad (la última actividad).",
    invalid: "El parámetro orden debe ser nombre, progreso o actividad.",
    valid: (v: string) => ["nombre", "progreso", "actividad"].includes(v),
  },
  dir: {
    schema: { type: "string", enum: ["asc", "desc"] },
    description: "asc o desc; por omisión asc por nombre y desc por progreso o actividad.",
    invalid: "El parámetro dir debe ser asc o desc.",
    valid: (v: string) => v === "asc" || v === "desc",
  },
  marca: {
    schema: { type: "string", enum: ["sin-comenzar", "atascado", "inactivo", "finalizado"] },
    description: "Solo quienes tienen esta marca.",
    invalid: "El parámetro marca debe ser sin-comenzar, atascado, inactivo o finalizado.",
    valid: (v: string) => ["sin-comenzar", "atascado", "inactivo", "finalizado"].includes(v),
  },
  // A module's questions (features/questions/texts.ts FILTERS names the same values).
  filtro: {
    schema: { type: "string", enum: ["todas", "sin-responder", "resueltas"] },
    description: "todas (por omisión, la más nueva primero), sin-responder o resueltas.",
    invalid: "El parámetro filtro debe ser todas, sin-responder o resueltas.",
    valid: (v: string) => ["todas", "sin-responder", "resueltas"].includes(v),
  },
  // A gradebook's class filter (docs/decisions/047-gradebook-import-order-filter.md).
  clase: {
    schema: { type: "string", pattern: "^[a-zA-Z0-9-]{1,64}$" },
    description: "El id de una clase del curso: solo sus estudiantes.",
    invalid: "El parámetro clase debe ser el id de una clase del curso.",
    valid: isRecordId,
  },
  descargar: {
    schema: { type: "string", enum: ["1"] },
    description: "1: como descarga (attachment).",
    invalid: "El parámetro descargar solo admite el valor 1.",
    valid: (v: string) => v === "1",
  },
} as const;
export type QueryParam = keyof typeof QUERY_PARAMS;

/** Checks the named query parameters (absent, or valid: else a 400); the URL for the route to read them. */
export function apiQuery(request: Request | string, ...names: QueryParam[]): URL {
  const url = new URL(typeof request === "string" ? request : request.url);
  for (const name of names) {
    for (const value of url.searchParams.getAll(name)) {
      if (!QUERY_PARAMS[name].valid(value)) throw new ApiError(400, QUERY_PARAMS[name].invalid);
    }
  }
  return url;
}

/** A string column's value typed as its fixed list's (an enum in the API); another value is a bug. */
export function fixedValue<const T extends readonly string[]>(list: T, value: string): T[number] {
  if (!(list as readonly string[]).includes(value)) throw new Error(`Valor fuera de la lista: ${value}`);
  return value;
}

export function apiError(status: number, error: string, init?: { headers?: HeadersInit }) {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "no-store");
  const body: z.output<typeof ApiErrorSchema> = { error };
  return Response.json(body, { status, headers });
}

export function apiJson<T>(body: T, status = 200) {
  return Response.json(body, { status, headers: JSON_HEADERS });
}

/** A keyset page as JSON, with a `Link` header whose next/prev URLs carry the cursor (each page costs the first's). */
export function apiPageJson<T>(
  body: T,
  requestUrl: string,
  list: { page: number; cursors: { prev: string | null; next: string | null } },
) {
  const url = new URL(requestUrl);
  const links: string[] = [];
  const link = (page: number, cursor: { desde: string } | { antes: string }, rel: string) =>
    links.push(`<${url.pathname}${withPage(url.search, page, cursor)}>; rel="${rel}"`);
  if (list.cursors.next) link(list.page + 1, { desde: list.cursors.next }, "next");
  if (list.cursors.prev) link(list.page - 1, { antes: list.cursors.prev }, "prev");
  const response = apiJson(body);
  if (links.length) response.headers.set("Link", links.join(", "));
  return response;
}

/** A numbered page: Link to the next and previous pages, X-Total-Count and (a search) X-Total-Exact. */
export function apiNumberedPageJson<T>(
  body: T,
  requestUrl: string,
  list: { page: number; pageCount: number; total: number; totalExact?: boolean },
) {
  const url = new URL(requestUrl);
  // The other parameters (a search's ?q=) stay in the links.
  const at = (page: number) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(page));
    return `${url.pathname}?${params}`;
  };
  const links: string[] = [];
  if (list.page < list.pageCount) links.push(`<${at(list.page + 1)}>; rel="next"`);
  if (list.page > 1) links.push(`<${at(list.page - 1)}>; rel="prev"`);
  const response = apiJson(body);
  if (links.length) response.headers.set("Link", links.join(", "));
  response.headers.set("X-Total-Count", String(list.total));
  if (list.totalExact !== undefined) response.headers.set("X-Total-Exact", String(list.totalExact));
  return response;
}

/** The API adapter of a service's Failure: its status and `{ error: message }`. */
export function apiFailure(failure: Pick<Failure, "status" | "message" | "retryAfterSeconds">) {
  return apiError(failure.status, failure.message, { headers: failureHeaders(failure) });
}

/** A thrown Failure for guards (the API's name for FailureError). */
export class ApiError extends FailureError {
  constructor(status: number, message: string) {
    super(fail(status, message));
  }
}

export const SERVER_ERROR = "Error en el servidor";

/** Runs an /api handler: a thrown Failure → its JSON error; anything else logged and a 500 `unexpected`. */
export async function handleApi(
  run: () => Promise<Response>,
  options: { unexpected?: string } = {},
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return apiFailure(failure);
    if (error instanceof Response) return error;
    log.error({ err: error }, "Error inesperado en la API");
    return apiError(500, options.unexpected ?? SERVER_ERROR);
  }
}

const MAX_JSON_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = "El cuerpo de la solicitud es demasiado grande.";
export const BODY_UNREADABLE = "El cuerpo de la solicitud no se pudo leer.";
const FORM_MALFORMED = "Formulario mal formado.";
export const BODY_NOT_JSON = "El cuerpo de la solicitud no es un JSON válido.";
export const BODY_NOT_OBJECT = "El cuerpo de la solicitud debe ser un objeto JSON.";

/** A JSON (or form) body of at most MAX_JSON_BYTES as an object, else 400/413; `nullIsEmpty`: `null` is `{}`. */
export async function readBody(
  request: Request,
  options: { nullIsEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  const tooLarge = () => new ApiError(413, BODY_TOO_LARGE);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyCapped(request, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge();
    throw new ApiError(400, BODY_UNREADABLE);
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    try {
      return Object.fromEntries(await new Response(bytes, { headers: { "Content-Type": type } }).formData());
    } catch {
      throw new ApiError(400, FORM_MALFORMED);
    }
  }
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, BODY_NOT_JSON);
  }
  if (body === null && options.nullIsEmpty) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, BODY_NOT_OBJECT);
  }
  return body as Record<string, unknown>;
}

/** Parses the body with a Zod schema; the first Spanish message on failure (400). */
export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { nullIsEmpty?: boolean } = {},
): Promise<z.infer<S>> {
  const body = await readBody(request, options);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Datos inválidos.");
  return parsed.data;
}

/** Refuses a cookie-authenticated state change sent from another site (CSRF). */
export function assertSameOrigin(request: Request) {
  if (isCrossSiteMutation(request)) throw new ApiError(403, FORBIDDEN_ORIGIN);
}

export function methodNotAllowed(allowed: string) {
  return apiError(405, METHOD_NOT_ALLOWED, { headers: { Allow: allowed } });
}
