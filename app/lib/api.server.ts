// The /api resource routes' plumbing: JSON answers, body parsing that never 500s, Bearer
// authentication, and the Origin check for cookie-authenticated state changes.
import type { z } from "zod";
import { BAD_TOKEN, NO_TOKEN, TOKEN_ENDED, verifyApiToken } from "~/features/auth/api-token.server.ts";
import { getOptionalUser, type GuardArgs } from "~/features/auth/guards.server.ts";
import type { SessionUser } from "~/features/auth/session.server.ts";
import { FORBIDDEN_ORIGIN, isCrossSiteMutation } from "./csrf.server.ts";
import { BodyTooLargeError, readBodyCapped } from "./form.server.ts";

const JSON_HEADERS = { "Cache-Control": "no-store" };

export function apiError(status: number, error: string, init?: { headers?: HeadersInit }) {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json({ error }, { status, headers });
}

export function apiJson<T>(body: T, status = 200) {
  return Response.json(body, { status, headers: JSON_HEADERS });
}

/** Throwable variants, for guards. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs an /api handler: ApiError → JSON error; unexpected errors → 500 JSON without details. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return apiError(error.status, error.message);
    if (error instanceof Response) return error;
    console.error(error);
    return apiError(500, "Error en el servidor");
  }
}

export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON (or urlencoded/multipart form) body as a plain object; 400/413 on bad input.
 * At most MAX_JSON_BYTES are read, with or without a Content-Length. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
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
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, "El cuerpo de la solicitud debe ser un objeto JSON.");
  }
  return body as Record<string, unknown>;
}

/** Parses the body with a Zod schema; the first Spanish message on failure (400). */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const body = await readBody(request);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Datos inválidos.");
  return parsed.data;
}

function bearer(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? "";
}

/**
 * The caller of an /api route: a valid Bearer token, or (for browser calls) the session
 * cookie, in which case a state-changing request must come from our own origin.
 */
export type AuthMessages = { missing: string; invalid: string; noUser: string; ended?: string };
const DEFAULT_AUTH_MESSAGES: AuthMessages = {
  missing: NO_TOKEN,
  invalid: BAD_TOKEN,
  noUser: BAD_TOKEN,
  ended: TOKEN_ENDED,
};

export async function requireApiUser(
  args: GuardArgs,
  opts: { cookie?: boolean; messages?: AuthMessages } = {},
): Promise<SessionUser> {
  const messages = opts.messages ?? DEFAULT_AUTH_MESSAGES;
  const token = bearer(args.request);
  if (token !== null) {
    if (!token) throw new ApiError(401, messages.invalid);
    const check = await verifyApiToken(token);
    if (!check.ok) {
      const message =
        check.reason === "invalid"
          ? messages.invalid
          : check.reason === "ended"
            ? (messages.ended ?? messages.noUser)
            : messages.noUser;
      throw new ApiError(401, message);
    }
    return check.user;
  }
  if (opts.cookie !== false) {
    assertSameOrigin(args.request);
    const user = await getOptionalUser(args);
    if (user) return user;
  }
  throw new ApiError(401, messages.missing);
}

export async function requireApiRole(args: GuardArgs, ...roles: string[]): Promise<SessionUser> {
  const user = await requireApiUser(args);
  if (!roles.includes(user.rol.toLowerCase())) {
    throw new ApiError(403, "No tienes permiso para realizar esta acción.");
  }
  return user;
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

/** For calls where the token is optional: a Bearer token must be valid; without one, the
 * session cookie (if any) or a visitor. */
export async function optionalApiUser(args: GuardArgs): Promise<SessionUser | null> {
  if (args.request.headers.has("Authorization")) return requireApiUser(args);
  return getOptionalUser(args);
}
