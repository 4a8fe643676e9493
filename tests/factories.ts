import crypto from "node:crypto";
import { expect } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { createUserSession, toSessionUser } from "~/features/accounts/session.server.ts";
import { userWordsCreate } from "~/features/accounts/user-words.ts";
import * as loginApi from "~/routes/api/auth.login.ts";
import * as loginRoute from "~/routes/auth/login.tsx";

export const TEST_PASSWORD = "clave-de-prueba-segura";
let hashed: Promise<string> | undefined;

export async function createUser(
  over: {
    rol?: string;
    aprobado?: boolean;
    correo?: string;
    nombre?: string;
    apellido?: string;
    /** Whether the address is proven; true by default, as for accounts the academy creates. */
    correoConfirmado?: boolean;
  } = {},
) {
  hashed ??= hashPassword(TEST_PASSWORD);
  // The role typed as the app reads it (session, API token, login): lower-cased, null if unknown.
  const person = {
    nombre: over.nombre ?? "Ana",
    apellido: over.apellido ?? "Pérez",
    correo: over.correo ?? `u-${crypto.randomUUID()}@test.cl`,
  };
  const row = await prisma.user.create({
    data: {
      ...person,
      // Its words for the Registros search, as the registration writes them.
      ...userWordsCreate(person),
      rol: over.rol ?? "estudiante",
      aprobado: over.aprobado ?? true,
      correoConfirmado: over.correoConfirmado ?? true,
      fechaNacimiento: new Date("2000-05-10T12:00:00Z"),
      passwordHash: await hashed,
    },
  });
  return toSessionUser(row);
}

/** A request as the browser would send it, from our own origin by default. */
export function formRequest(
  path: string,
  fields: Record<string, string>,
  init: { cookie?: string; ip?: string; origin?: string } = {},
) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  headers.set("Origin", init.origin ?? "http://localhost:3000");
  headers.set("Host", "localhost:3000");
  if (init.cookie) headers.set("Cookie", init.cookie);
  headers.set("x-academia-client-ip", init.ip ?? `10.0.0.${Math.floor(Math.random() * 250)}`);
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function jsonRequest(
  path: string,
  body: unknown,
  init: { method?: string; token?: string; cookie?: string; origin?: string; raw?: string } = {},
) {
  const headers = new Headers({ "Content-Type": "application/json", Host: "localhost:3000" });
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.origin) headers.set("Origin", init.origin);
  headers.set("x-academia-client-ip", `10.1.0.${Math.floor(Math.random() * 250)}`);
  const method = init.method ?? "POST";
  return new Request(`http://localhost:3000${path}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : (init.raw ?? JSON.stringify(body)),
  });
}

export function getRequest(path: string, cookie?: string) {
  const headers = new Headers({ Host: "localhost:3000" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost:3000${path}`, { headers });
}

/** "name=value" of a Set-Cookie header, for the next request's Cookie header. */
export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}

/** Loader/action arguments as React Router passes them. */
export function args(request: Request, params: Record<string, string> = {}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { request, params, context: undefined } as any;
}

export async function readJson(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

export type Part = string | { bytes: Uint8Array; name: string; type?: string };

/** A multipart form as a browser sends it (files as Blobs); repeated names via an entry list. */
export function multipartRequest(
  url: string,
  parts: Record<string, Part> | Array<[string, Part]>,
  init: { cookie?: string; token?: string; method?: string; accept?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Array.isArray(parts) ? parts : Object.entries(parts)) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/pdf" }), value.name);
  }
  const headers = new Headers({ Host: "localhost:3000", Origin: "http://localhost:3000" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.accept) headers.set("Accept", init.accept);
  return new Request(`http://localhost:3000${url}`, { method: init.method ?? "POST", headers, body: form });
}

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
/** The payload and status of an action's `data(...)` (or a plain returned object). */
export function dataOf<T = { result?: Reply }>(value: unknown): { data: T; status: number } {
  const v = value as { type?: string; data?: T; init?: { status?: number } | null };
  if (v && v.type === "DataWithResponseInit") return { data: (v.data ?? {}) as T, status: v.init?.status ?? 200 };
  return { data: value as T, status: 200 };
}

/** A session cookie ("name=value") for a user, made directly (when signing in is not under test). */
export async function sessionCookie(user: { id: string }) {
  return (await createUserSession(user.id)).split(";")[0] ?? "";
}

/**
 * A new approved user signed in the way clients do: through the login form (session cookie)
 * and POST /api/auth/login (Bearer token).
 */
export async function signedIn(over: string | Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(typeof over === "string" ? { rol: over } : over);
  const credentials = { correo: user.correo, password: TEST_PASSWORD };
  const cookie = cookieFrom((await loginRoute.action(args(formRequest("/login", credentials)))) as Response);
  const token = (await readJson(await loginApi.action(args(jsonRequest("/api/auth/login", credentials)))))
    .token as string;
  return { user, cookie, token };
}

/** The Response a loader or action threw (a redirect, a 404…); fails the test if it did not throw one. */
export async function thrown(promise: Promise<unknown>): Promise<Response> {
  const value = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(value).toBeInstanceOf(Response);
  return value as Response;
}

/** A module's quiz of one question ('¿2+2?', '4' right, '5' wrong), as nested-create data. */
export function oneQuestionQuiz() {
  return {
    create: [
      {
        posicion: 0,
        texto: "¿2+2?",
        opciones: {
          create: [
            { posicion: 0, texto: "4", correcta: true },
            { posicion: 1, texto: "5" },
          ],
        },
      },
    ],
  };
}

/** A 1×1 PNG made in code (no binary fixtures in the repository). */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
