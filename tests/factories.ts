import crypto from "node:crypto";
import { expect } from "vitest";
import type { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { readFlash } from "~/lib/flash.server.ts";
import { storeBytes } from "~/lib/storage.server.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { createUserSession, toSessionUser } from "~/features/accounts/session.server.ts";
import { courseTitleFields, courseWordsCreate } from "~/features/courses/title-search.ts";
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

type ModuleFields = Omit<Prisma.ModuleUncheckedCreateWithoutCursoInput, "posicion"> & { posicion?: number };
type CourseFields = Partial<Omit<Prisma.CourseUncheckedCreateInput, "modulos" | "words">> & {
  modulos?: ModuleFields[];
};
let courses = 0;

/**
 * A course as the course services write it (its search column and words), published unless
 * `estado` says otherwise; `modulos` in order (`posicion` is the index); `query` adds a create's
 * `include` or `select`.
 */
export function createCourse<Q extends Omit<Prisma.CourseCreateArgs, "data"> = object>(
  fields: CourseFields = {},
  query?: Q,
): Promise<Prisma.CourseGetPayload<Q>> {
  const { modulos, ...course } = fields;
  const data = { estado: "publicado", herramientas: [], loAprenderan: [], ...course };
  const titulo = course.titulo ?? `Curso ${++courses}`;
  return prisma.course.create({
    ...(query as Q),
    data: {
      ...data,
      ...courseTitleFields(titulo),
      ...courseWordsCreate({ ...data, titulo }),
      ...(modulos && { modulos: { create: modulos.map((m, posicion) => ({ posicion, ...m })) } }),
    },
  }) as never; // Prisma's result type for `query`, which TypeScript cannot infer through the spread
}

/** `createCourse`'s query for the course with its modules in order. */
export const withModules = { include: { modulos: { orderBy: { posicion: "asc" as const } } } };

/** A module's questions without options (nested-create data), in order. */
export function questions(...texts: string[]) {
  return { create: texts.map((texto, posicion) => ({ posicion, texto })) };
}

/** `count` modules, each with `oneQuestionQuiz()` ('Módulo 1', 'Módulo 2'…). */
export function quizModules(count: number) {
  return Array.from({ length: count }, (_, i) => ({ titulo: `Módulo ${i + 1}`, preguntas: oneQuestionQuiz() }));
}

/** A module's files (nested-create data): one small PDF, 'Guía.pdf', put in storage. */
export async function storedPdf() {
  const storageKey = await storeBytes("modules", "pdf", new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
  return { create: [{ nombre: "Guía.pdf", storageKey, tamano: 15 }] };
}

/** A quiz attempt at a module, passed with 1 of 1 unless `over` says otherwise. */
export function createAttempt(
  userId: string,
  module: { id: string; cursoId: string },
  over: Partial<Prisma.QuizAttemptUncheckedCreateInput> = {},
) {
  return prisma.quizAttempt.create({
    data: {
      userId,
      cursoId: module.cursoId,
      moduloId: module.id,
      porcentaje: 100,
      aprobado: true,
      correctas: 1,
      totalPreguntas: 1,
      ...over,
    },
  });
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

/** The flash message a response's Set-Cookie carries, as the next page reads it. */
export async function flashOf(response: Response) {
  return (await readFlash(getRequest("/", cookieFrom(response)))).flash;
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
export function dataOf<T = { result?: Reply; success?: boolean }>(value: unknown): { data: T; status: number } {
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

/** A tarea of a course (for every class, no due date, graded with a nota unless `over` says otherwise). */
export function createTarea(cursoId: string, over: Partial<Prisma.AssignmentUncheckedCreateInput> = {}) {
  return prisma.assignment.create({ data: { cursoId, titulo: "Guía de fracciones", ...over } });
}

/** A learner's hand-in of a tarea, handed in now unless `over` says otherwise. */
export function createEntrega(
  tarea: { id: string; cursoId: string },
  userId: string,
  over: Partial<Prisma.SubmissionUncheckedCreateInput> = {},
) {
  return prisma.submission.create({
    data: {
      tareaId: tarea.id,
      cursoId: tarea.cursoId,
      userId,
      texto: "Mi respuesta.",
      estado: "entregada",
      entregadaEn: new Date(),
      ...over,
    },
  });
}
