// The /api resource routes' plumbing: JSON answers, body parsing that never 500s, and the
// Origin check for cookie-authenticated state changes. Who the caller is (Bearer token or
// session cookie) is the auth feature's: app/features/auth/api-guards.server.ts.
import { z } from "zod";
import { FORBIDDEN_ORIGIN, isCrossSiteMutation } from "./csrf.server.ts";
import { asFailure, fail, FailureError, failureHeaders, type Failure } from "./failure.ts";
import { BodyTooLargeError, readBodyCapped } from "./form.server.ts";
import { withPage } from "./pagination.ts";

const JSON_HEADERS = { "Cache-Control": "no-store" };

// The answers every /api route shares, as the OpenAPI document (features/api-docs) shows them.
/** Every 4xx/5xx answer of the API. */
export const ApiErrorSchema = z.object({ error: z.string().meta({ description: "El motivo, en español." }) });
/** A state change's confirmation. */
export const ApiNoticeSchema = z.object({ message: z.string() });
/** A state change on one record: the confirmation and the record's id. */
export const ApiNoticeIdSchema = z.object({ message: z.string(), id: z.string() });
export type ApiNotice = z.output<typeof ApiNoticeSchema>;
export type ApiNoticeId = z.output<typeof ApiNoticeIdSchema>;

export function apiError(status: number, error: string, init?: { headers?: HeadersInit }) {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "no-store");
  const body: z.output<typeof ApiErrorSchema> = { error };
  return Response.json(body, { status, headers });
}

export function apiJson<T>(body: T, status = 200) {
  return Response.json(body, { status, headers: JSON_HEADERS });
}

/**
 * A page of a keyset list (lib/keyset.ts) as JSON, with an RFC 8288 `Link` header whose
 * `next` / `prev` URLs carry the cursor, so a client that follows them reads every page at the
 * cost of the first. The body keeps the API's shape; `?page=N` alone still works.
 */
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

/**
 * A numbered page of an API list: the body, and the Link header to the next and previous
 * pages (?page=N) with the list's total in X-Total-Count.
 */
export function apiNumberedPageJson<T>(
  body: T,
  requestUrl: string,
  list: { page: number; pageCount: number; total: number },
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

/**
 * Runs an /api handler: a thrown Failure (ApiError, FailureError) → its JSON error; unexpected
 * errors → 500 JSON without details.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const failure = asFailure(error);
    if (failure) return apiFailure(failure);
    if (error instanceof Response) return error;
    console.error(error);
    return apiError(500, "Error en el servidor");
  }
}

export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON (or urlencoded/multipart form) body as a plain object; 400/413 on bad input.
 * At most MAX_JSON_BYTES are read, with or without a Content-Length. `nullIsEmpty`: a JSON `null`
 * reads as `{}` (a call whose body is optional, such as an admin's DELETE). */
export async function readBody(
  request: Request,
  options: { nullIsEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  const tooLarge = () => new ApiError(413, "El cuerpo de la solicitud es demasiado grande.");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyCapped(request, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge();
    throw new ApiError(400, "El cuerpo de la solicitud no se pudo leer.");
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    try {
      return Object.fromEntries(await new Response(bytes, { headers: { "Content-Type": type } }).formData());
    } catch {
      throw new ApiError(400, "Formulario mal formado.");
    }
  }
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "El cuerpo de la solicitud no es un JSON válido.");
  }
  if (body === null && options.nullIsEmpty) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, "El cuerpo de la solicitud debe ser un objeto JSON.");
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
  return apiError(405, "Método no permitido.", { headers: { Allow: allowed } });
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw new ApiError(405, "Método no permitido.");
  }
}
