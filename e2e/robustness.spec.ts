// "No 500 on any malformed request": every /api call, as an admin (the deepest code paths),
// receives broken JSON, wrong shapes, wrong types, oversized and garbage bodies, through the
// whole production stack. Each answer is below 500, and an error is JSON { error: "..." }.
// HTTP only, so it runs in one project. Destructive calls only ever target ids that do not exist
// or a course this test created.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_PASSWORD } from "../prisma/demo-accounts.ts";
import { PNG_1PX } from "./support.ts";

test.describe.configure({ timeout: 120_000 });

const WEIRD = {
  correo: 1,
  password: [],
  nombre: { a: 1 },
  apellido: null,
  fechaNacimiento: "31/02/2020",
  rol: "superadmin",
  confirmarPassword: true,
  titulo: {},
  duracionHoras: "-1",
  dirigidoA: 7,
  fechaInicio: { seconds: "x" },
  herramientas: "[",
  loAprenderan: { no: "lista" },
  modulos: '[{"titulo": 5, "quiz": {"preguntas": [{"opciones": "x"}]}}]',
  cursoId: 5,
  usuarioId: [],
  moduloIndex: "abc",
  respuestas: "x",
  porcentaje: "100",
  aprobado: "true",
  progreso: "NaN",
  to: {},
  subject: 1,
  content: null,
  mensaje: [],
  title: 3,
  author: [],
  pages: "-5",
  description: {},
  imagenPerfil: 12,
};

type Body = { name: string; headers?: Record<string, string>; data?: string | Buffer };
const BODIES: Body[] = [
  { name: "JSON roto", headers: { "Content-Type": "application/json" }, data: "{" },
  { name: "JSON lista", headers: { "Content-Type": "application/json" }, data: "[1,2]" },
  { name: "JSON null", headers: { "Content-Type": "application/json" }, data: "null" },
  { name: "tipos equivocados", headers: { "Content-Type": "application/json" }, data: JSON.stringify(WEIRD) },
  // Answered (413) before the body is read; the server then drops the connection, so no keep-alive.
  {
    name: "texto enorme",
    headers: { "Content-Type": "application/json", Connection: "close" },
    data: JSON.stringify({ titulo: "a".repeat(300_000), correo: "b".repeat(300_000) }),
  },
  {
    name: "multipart basura",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    data: "garbage\r\n--x--",
  },
  { name: "multipart sin boundary", headers: { "Content-Type": "multipart/form-data" }, data: "a=1" },
  {
    name: "formulario raro",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "%%%&titulo=%E0%A4%A&modulos=%5B",
  },
  {
    name: "tipo desconocido",
    headers: { "Content-Type": "application/x-desconocido" },
    data: Buffer.from([0, 1, 2, 255]),
  },
  { name: "sin cuerpo" },
];

test("ninguna llamada a /api responde 500 ante una solicitud mal formada @sin-js", async ({ baseURL }) => {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const login = await ctx.post("/api/auth/login", { data: { correo: DEMO_ADMIN.correo, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { id: string } };
  const auth = { Authorization: `Bearer ${token}` };

  // A course of this test's own, for the calls that need a real one.
  const created = await ctx.post("/api/cursos", {
    headers: auth,
    multipart: {
      titulo: "Curso para robustez",
      duracionHoras: "1",
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { id: string }).id;

  const calls: Array<[string, string]> = [
    ["POST", "/api/auth/login"],
    ["POST", "/api/auth/register"],
    ["GET", "/api/auth/users"],
    ["PUT", "/api/auth/approve/no-existe"],
    ["DELETE", "/api/auth/users/no-existe"],
    ["GET", `/api/auth/users/${user.id}`],
    ["PUT", `/api/auth/users/${user.id}/profile`],
    ["GET", `/api/auth/${user.id}/cursos-inscritos`],
    ["DELETE", "/api/auth/usuario/cursos-inscritos/no-existe"],
    ["GET", "/api/cursos/destacados?pagina=-1&limite=abc"],
    ["GET", "/api/cursos/publico/%00"],
    ["GET", "/api/cursos/lista?page=99999999999999999999"],
    ["POST", "/api/cursos"],
    ["PUT", `/api/cursos/${courseId}`],
    ["DELETE", "/api/cursos/no-existe"],
    ["GET", `/api/cursos/${courseId}/cantidadParticipantes`],
    ["POST", `/api/cursos/${courseId}/registrarParticipante`],
    ["PUT", "/api/cursos/no-existe/publicar"],
    ["GET", `/api/cursos/${courseId}/participantes`],
    ["POST", "/api/cursos/finalizar"],
    ["GET", `/api/certificados/usuario/${user.id}`],
    ["POST", `/api/cursos/${courseId}/modulos/abc/responder`],
    ["POST", `/api/cursos/${courseId}/modulos/0/responder`],
    ["POST", `/api/cursos/${courseId}/usuarios/${user.id}/progreso`],
    ["POST", "/api/quiz/respuestas"],
    ["GET", `/api/quiz/intentos/${courseId}/-1`],
    ["GET", "/api/mensajes?correo=%ZZ"],
    ["POST", "/api/mensajes"],
    ["POST", "/api/mail/send"],
    ["GET", "/api/books/libros?q=%E0%A4%A"],
    ["POST", "/api/books/upload"],
    ["GET", "/api/books/download/no-existe"],
    ["DELETE", "/api/books/no-existe"],
    ["PATCH", `/api/cursos/${courseId}`],
    ["POST", "/api/no-existe"],
  ];

  const failures: string[] = [];
  for (const [method, path] of calls) {
    for (const body of method === "GET" ? [BODIES.at(-1)!] : BODIES) {
      const response = await ctx.fetch(path, {
        method,
        headers: { ...auth, ...body.headers },
        data: body.data,
        maxRedirects: 0,
      });
      const status = response.status();
      const label = `${method} ${path} · ${body.name} → ${status}`;
      if (status >= 500) failures.push(label);
      if (status >= 400) {
        const json = (await response.json().catch(() => null)) as { error?: unknown } | null;
        if (typeof json?.error !== "string" || json.error === "") failures.push(`${label}: sin { error }`);
      }
    }
  }
  expect(failures).toEqual([]);

  // The course was not changed by any of it, and it can still be deleted.
  const course = (await (await ctx.get(`/api/cursos/${courseId}`, { headers: auth })).json()) as {
    titulo: string;
    estado: string;
  };
  expect(course).toMatchObject({ titulo: "Curso para robustez", estado: "borrador" });
  expect((await ctx.delete(`/api/cursos/${courseId}`, { headers: auth })).status()).toBe(200);
  await ctx.dispose();
});

test("ningún formulario de página responde 500 ante un envío mal formado @sin-js", async ({ baseURL }) => {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const login = await ctx.post("/login", {
    form: { correo: DEMO_ADMIN.correo, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const created = await ctx.post("/docente/cursos/nuevo", {
    multipart: {
      titulo: "Curso para robustez de formularios",
      duracionHoras: "1",
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const editor = created.headers()["location"]!;
  const courseId = editor.split("/").at(-2)!;

  const pages = [
    "/contacto",
    "/admin/records",
    "/admin/courses",
    "/docente/cursos/nuevo",
    editor,
    `${editor}/archivos`,
    "/admin/library",
    "/admin/messages",
    "/admin/profile",
    `/cursos/${courseId}`,
    `/cursos/${courseId}/modulos/0/evaluacion`,
    `/cursos/${courseId}/finalizar`,
    "/registro",
  ];
  const failures: string[] = [];
  for (const path of pages) {
    for (const body of BODIES.slice(0, -1)) {
      const response = await ctx.fetch(path, {
        method: "POST",
        headers: body.headers,
        data: body.data,
        maxRedirects: 0,
      });
      if (response.status() >= 500) failures.push(`POST ${path} · ${body.name} → ${response.status()}`);
    }
  }
  expect(failures).toEqual([]);
  const still = await ctx.get(editor);
  expect(still.status()).toBe(200);
  expect(await still.text()).toContain("Curso para robustez de formularios");
  await ctx.dispose();
});

test("TRACE y los métodos desconocidos responden 405 con Allow, nunca 5xx; los de siempre siguen igual @sin-js", async ({
  baseURL,
}) => {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const failures: string[] = [];
  for (const path of ["/", "/cursos", "/api/cursos/lista", "/admin", "/no-existe"]) {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "SEARCH", "QUERY"]) {
      const response = await ctx.fetch(path, { method, maxRedirects: 0 });
      if (response.status() !== 405 || !response.headers()["allow"]?.includes("GET"))
        failures.push(`${method} ${path} → ${response.status()} Allow=${response.headers()["allow"]}`);
    }
    // Methods Node's HTTP parser does not know are refused by Node itself (400), before the app.
    const unknown = await ctx.fetch(path, { method: "FOO", maxRedirects: 0 });
    if (unknown.status() !== 400) failures.push(`FOO ${path} → ${unknown.status()}`);
    // CONNECT has no listener: Node closes the connection (no answer at all, certainly no 5xx).
    const connect = await ctx.fetch(path, { method: "CONNECT", maxRedirects: 0, timeout: 5_000 }).catch(() => null);
    if (connect && connect.status() >= 500) failures.push(`CONNECT ${path} → ${connect.status()}`);
    // OPTIONS is answered by the method guard (204 with Allow): never a 5xx.
    const options = await ctx.fetch(path, { method: "OPTIONS", maxRedirects: 0 });
    if (options.status() >= 500) failures.push(`OPTIONS ${path} → ${options.status()}`);
  }
  expect(failures).toEqual([]);
  const api = await ctx.fetch("/api/cursos/lista", { method: "TRACE" });
  expect(await api.json()).toEqual({ error: "Método no permitido." });
  expect((await ctx.get("/cursos")).status()).toBe(200);
  expect((await ctx.head("/cursos")).status()).toBe(200);
  await ctx.dispose();
});

test("ningún id de la solicitud llega a un encabezado: moduloId y rutas con texto raro no dan 500 @sin-js", async ({
  baseURL,
}) => {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect(
    (
      await ctx.post("/login", { form: { correo: DEMO_ADMIN.correo, password: DEMO_PASSWORD }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  const created = await ctx.post("/docente/cursos/nuevo", {
    multipart: {
      titulo: "Curso para ids raros",
      duracionHoras: "1",
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
    maxRedirects: 0,
  });
  const editor = created.headers()["location"]!;
  const failures: string[] = [];
  for (const moduloId of ["módulo✓", "a\u0000b", "a\r\nSet-Cookie: x=1", "x".repeat(70_000)]) {
    const label = `add-link ${JSON.stringify(moduloId.slice(0, 20))}`;
    // A 70 KB Location header is more than an HTTP client accepts: that, too, is a failure.
    const response = await ctx
      .post(editor, {
        form: { intent: "add-link", moduloId, nombre: "Docs", url: "https://ejemplo.cl" },
        maxRedirects: 0,
      })
      .catch((e: Error) => e);
    if (response instanceof Error) failures.push(`${label} → ${response.message.split("\n")[0]}`);
    else if (response.status() !== 302 || response.headers()["location"] !== editor)
      failures.push(`${label} → ${response.status()} ${(response.headers()["location"] ?? "").slice(0, 80)}`);
  }
  for (const path of [
    "/cursos/%E2%9C%93/finalizar",
    "/cursos/a%0D%0Ab/finalizar",
    "/docente/cursos/%E2%9C%93/editar/archivos",
    "/docente/cursos/a%00b/editar/archivos",
  ]) {
    const response = await ctx.get(path, { maxRedirects: 0 });
    if (response.status() !== 404) failures.push(`GET ${path} → ${response.status()}`);
  }
  expect(failures).toEqual([]);
  await ctx.dispose();
});
