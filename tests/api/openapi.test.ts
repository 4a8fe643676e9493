// A documented, machine-checkable API (decision 012): the OpenAPI document (routes/api) has
// every /api route of app/routes.ts with the methods its module serves, no path that no route
// has, and is a sound OpenAPI 3.1 document; every documented call, made for real against this
// file's SQLite database, answers a documented status with a body its JSON Schema (draft 2020-12,
// checked by Ajv) accepts.
import { PDFDocument } from "pdf-lib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { openApiDocument } from "~/routes/api/openapi.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { newClassCode } from "~/features/classes/codes.ts";
import {
  PNG_1PX,
  args,
  createUser,
  getRequest,
  jsonRequest,
  multipartRequest,
  oneQuestionQuiz,
  type Part,
  signedIn,
  TEST_PASSWORD,
} from "../factories.ts";

type Schema = Record<string, unknown>;
type Answer = {
  $ref?: string;
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }>;
  "x-texto-variable"?: boolean;
};
type Operation = {
  responses: Record<string, Answer>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: Array<{ name: string; in: string }>;
  security?: unknown[];
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
};
type Method = "get" | "post" | "put" | "patch" | "delete";

const doc = openApiDocument() as unknown as Doc;

// ---------------------------------------------------------------------------------------------
// The /api routes of app/routes.ts

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
function flatten(entries: RouteEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}`, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}
const API_ROUTES = flatten(routes as RouteEntry[])
  .filter((r) => r.path.startsWith("/api/") && !r.path.endsWith("*"))
  .map((r) => ({ template: r.path.replace(/:(\w+)/g, "{$1}"), file: r.file }));

type RouteModule = {
  loader?: (a: unknown) => Promise<Response> | Response;
  action?: (a: unknown) => Promise<Response> | Response;
};
function routeModule(template: string): Promise<RouteModule> {
  const route = API_ROUTES.find((r) => r.template === template);
  if (!route) throw new Error(`No hay ruta para ${template}`);
  return import(/* @vite-ignore */ new URL(`../../app/${route.file}`, import.meta.url).pathname);
}

const allowOf = (response: Response) =>
  (response.headers.get("Allow") ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);

/**
 * The methods a route module serves: GET when its loader answers anything but 405, plus what
 * its 405 answers list in Allow (every API handler checks the method before anything else).
 */
async function servedMethods(template: string): Promise<string[]> {
  const mod = await routeModule(template);
  const params = Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, "no-existe"]));
  const url = template.replace(/\{(\w+)\}/g, "no-existe");
  const methods = new Set<string>();
  if (mod.loader) {
    const response = await mod.loader(args(getRequest(url), params));
    if (response.status === 405) allowOf(response).forEach((m) => methods.add(m));
    else methods.add("GET");
  }
  if (mod.action) {
    const odd = new Request(`http://localhost:3000${url}`, { method: "PROPFIND", headers: { Host: "localhost:3000" } });
    const response = await mod.action(args(odd, params));
    expect(response.status, `${template} PROPFIND`).toBe(405);
    allowOf(response).forEach((m) => methods.add(m));
    // What Allow lists is really served (a 401, 400 or 404 here, never a 405).
    for (const method of [...methods].filter((m) => m !== "GET")) {
      const served = await mod.action(args(jsonRequest(url, {}, { method }), params));
      expect(served.status, `${method} ${template}`).not.toBe(405);
    }
  }
  return [...methods].sort();
}

describe("the document and app/routes.ts", () => {
  it("has every /api route with each method its module serves, and nothing else", async () => {
    expect(API_ROUTES.length).toBeGreaterThan(30);
    const routed: Record<string, string[]> = {};
    for (const { template } of API_ROUTES) routed[template] = await servedMethods(template);
    const documented = Object.fromEntries(
      Object.entries(doc.paths).map(([path, ops]) => [
        path,
        Object.keys(ops)
          .map((m) => m.toUpperCase())
          .sort(),
      ]),
    );
    expect(documented).toEqual(routed);
  });

  it("every route answers a method it does not serve with the documented 405 (JSON, Allow)", async () => {
    const shared = (doc.components as unknown as { responses: Record<string, Answer> }).responses.MetodoNoPermitido!;
    const texts = Object.values(shared.content!["application/json"]!.examples!).map((e) => e.value);
    const wrong: string[] = [];
    for (const { template } of API_ROUTES) {
      const mod = await routeModule(template);
      const params = Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, "no-existe"]));
      const url = `http://localhost:3000${template.replace(/\{(\w+)\}/g, "no-existe")}`;
      const odd = new Request(url, { method: "PROPFIND", headers: { Host: "localhost:3000" } });
      const response = mod.action ? await mod.action(args(odd, params)) : null;
      if (!response || response.status !== 405 || !response.headers.get("Allow")) {
        wrong.push(`${template}: ${response?.status ?? "sin action"}`);
        continue;
      }
      expect(texts, template).toContainEqual(await response.json());
    }
    expect(wrong).toEqual([]);
  });

  it("is a structurally valid OpenAPI 3.1 document", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.components.securitySchemes)).toContain("bearer");
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      for (const [method, op] of Object.entries(ops)) {
        expect(["get", "post", "put", "patch", "delete"]).toContain(method);
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
        // Each {param} of the path is a required path parameter, and no other.
        const declared = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual(pathParams);
        for (const security of (op.security ?? []) as Array<Record<string, unknown>>) {
          for (const scheme of Object.keys(security)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
        }
      }
    }
    // Every $ref points at something, and every schema is valid JSON Schema 2020-12.
    const refs: string[] = [];
    const schemas: Schema[] = [];
    const walk = (node: unknown, inSchema: boolean) => {
      if (!node || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach((n) => walk(n, inSchema));
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") refs.push(value);
        if (key === "schema" && !inSchema && value && typeof value === "object") schemas.push(value as Schema);
        walk(value, inSchema || key === "schema" || key === "schemas");
      }
    };
    walk(doc, false);
    schemas.push(...Object.values(doc.components.schemas));
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\//);
      expect(resolvePointer(ref), ref).toBeDefined();
    }
    for (const schema of schemas) expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
  });
});

function resolvePointer(ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

// ---------------------------------------------------------------------------------------------
// Real answers against the document

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, "openapi.json");
const validators = new Map<string, ValidateFunction>();
function validatorAt(pointer: string) {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}
const escape = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** Error answers whose text the document does not list for their status. */
const undocumentedErrors: string[] = [];

/** Statuses seen per documented call ("get /api/cursos/{cursoId}" → [200, 404]). */
const seen = new Map<string, Set<number>>();

type Call = { token?: string; json?: unknown; form?: Array<[string, Part]>; query?: string; range?: string };

/** Calls a documented operation's route handler and checks the answer against the document. */
async function call(method: Method, template: string, params: Record<string, string> = {}, init: Call = {}) {
  const op = doc.paths[template]?.[method];
  expect(op, `${method} ${template} está documentada`).toBeDefined();
  const mod = await routeModule(template);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const url = `${path}${init.query ?? ""}`;
  const verb = method.toUpperCase();
  const request = init.form
    ? multipartRequest(url, init.form, { token: init.token, method: verb })
    : jsonRequest(url, init.json ?? {}, { method: verb, token: init.token });
  if (init.range) request.headers.set("Range", init.range);
  const handler = method === "get" ? mod.loader : mod.action;
  const response = await handler!(args(request, params));
  const where = `${verb} ${url} → ${response.status}`;

  const documented = op!.responses[String(response.status)];
  expect(documented, `${where}: estado no documentado`).toBeDefined();
  // A shared answer (405, an unknown path's 404) is a $ref to components/responses.
  const answer = (documented?.$ref ? resolvePointer(documented.$ref) : documented) as Answer | undefined;
  const answerPointer = documented?.$ref
    ? documented.$ref.slice(1)
    : `/paths/${escape(template)}/${method}/responses/${response.status}`;
  const [type] = Object.keys(answer!.content ?? {});
  expect(response.headers.get("Content-Type") ?? "", where).toContain(type ?? "");
  let body: unknown = null;
  if (type === "application/json") {
    body = await response.clone().json();
    const validate = validatorAt(`${answerPointer}/content/application~1json/schema`);
    expect(validate(body), `${where}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`).toBe(
      true,
    );
  }
  // An error's text is one the document lists for that status: the same constant the code sends.
  if (response.status >= 400) {
    const texts = Object.values(answer!.content?.["application/json"]?.examples ?? {}).map(
      (e) => (e.value as { error: string }).error,
    );
    const error = (body as { error: string }).error;
    if (!texts.length || (!answer!["x-texto-variable"] && !texts.includes(error))) {
      undocumentedErrors.push(`${where}: ${JSON.stringify(error)} (documentados: ${JSON.stringify(texts)})`);
    }
  }
  for (const header of Object.keys(answer!.headers ?? {})) {
    if (header === "Link") continue; // only when there is another page
    expect(response.headers.get(header), `${where}: encabezado ${header}`).not.toBeNull();
  }
  // What the test sends is what the document says a client may send.
  if (init.json !== undefined && response.status < 300) {
    const pointer = `/paths/${escape(template)}/${method}/requestBody/content/application~1json/schema`;
    const validate = validatorAt(pointer);
    expect(validate(init.json), `${where} (cuerpo enviado): ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  const key = `${method} ${template}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(response.status));
  return { status: response.status, body: body as Record<string, unknown>, response };
}

const PNG = {
  bytes: PNG_1PX,
  name: "p.png",
  type: "image/png",
};
const modulePdf = { bytes: new TextEncoder().encode("%PDF-1.4\n% modulo\n%%EOF\n"), name: "m.pdf" };
async function bookPdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  return { bytes: await pdf.save(), name: "libro.pdf" };
}

let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
let course: { id: string };
const UNKNOWN = "no-existe";

beforeAll(async () => {
  admin = await signedIn("admin");
  student = await signedIn("estudiante");
  course = await prisma.course.create({
    data: {
      titulo: "Compostaje en casa",
      dirigidoA: "estudiante",
      estado: "publicado",
      duracionHoras: 10,
      herramientas: ["Pala"],
      loAprenderan: ["Compostar"],
      modulos: { create: [{ posicion: 0, titulo: "Uno", descripcion: "Primer módulo", preguntas: oneQuestionQuiz() }] },
    },
  });
});

describe("every documented call answers as documented", () => {
  it("accounts: register, login, logout", async () => {
    const body = {
      nombre: "Pedro",
      apellido: "Ulloa",
      correo: "pedro-openapi@test.cl",
      fechaNacimiento: "1990-01-01",
      rol: "comunidad",
      password: "bosque nativo sur",
      confirmarPassword: "bosque nativo sur",
    };
    expect((await call("post", "/api/auth/register", {}, { json: body })).status).toBe(201);
    expect((await call("post", "/api/auth/register", {}, { json: {} })).status).toBe(400);

    const user = await createUser();
    const login = await call("post", "/api/auth/login", {}, { json: { correo: user.correo, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const wrong = await call("post", "/api/auth/login", {}, { json: { correo: user.correo, password: "otra-clave" } });
    expect(wrong.status).toBe(401);

    expect((await call("post", "/api/auth/logout", {}, { token: login.body.token as string })).status).toBe(200);
    expect((await call("post", "/api/auth/logout", {}, {})).status).toBe(401);
  });

  it("accounts: download one's own data (ZIP)", async () => {
    const { token } = await signedIn();
    const download = await call("get", "/api/auth/mis-datos", {}, { token });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.response.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect((await call("get", "/api/auth/mis-datos", {}, {})).status).toBe(401);
  });

  it("courses: the caller's next due dates", async () => {
    const { token } = await signedIn();
    const upcoming = await call("get", "/api/auth/proximas-fechas", {}, { token });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.fechas).toEqual([]);
    expect((await call("get", "/api/auth/proximas-fechas", {}, {})).status).toBe(401);
  });

  it("accounts: change one's own password", async () => {
    const { token } = await signedIn();
    const path = "/api/auth/change-password";
    const body = { passwordActual: TEST_PASSWORD, password: "otoño en chiloé", confirmarPassword: "otoño en chiloé" };
    const wrong = await call("post", path, {}, { token, json: { ...body, passwordActual: "no-es-la-clave" } });
    expect(wrong.status).toBe(400);
    expect((await call("post", path, {}, { token, json: body })).status).toBe(200);
    expect((await call("post", path, {}, { json: body })).status).toBe(401);
  });

  it("accounts: delete one's own account", async () => {
    const { token } = await signedIn();
    const path = "/api/auth/cuenta";
    const wrong = await call("delete", path, {}, { token, json: { password: "no-es-la-clave" } });
    expect(wrong.status).toBe(400);
    const gone = await call("delete", path, {}, { token, json: { password: TEST_PASSWORD, certificados: "revocar" } });
    expect(gone.status).toBe(200);
    expect((await call("delete", path, {}, { token, json: { password: TEST_PASSWORD } })).status).toBe(401);
  });

  it("accounts: recover a forgotten password", async () => {
    const user = await createUser();
    const forgot = "/api/auth/forgot-password";
    expect((await call("post", forgot, {}, { json: { correo: user.correo } })).status).toBe(200);
    expect((await call("post", forgot, {}, { json: { correo: "no-es-correo" } })).status).toBe(400);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: user.correo, kind: "password.reset" } });
    const token = /\/recuperar\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const body = { token, password: "marea alta en puerto montt", confirmarPassword: "marea alta en puerto montt" };
    expect((await call("post", "/api/auth/reset-password", {}, { json: body })).status).toBe(200);
    expect((await call("post", "/api/auth/reset-password", {}, { json: body })).status).toBe(400);
  });

  it("accounts: the admin's calls and the profile", async () => {
    const users = await call("get", "/api/auth/users", {}, { token: admin.token });
    expect(users.status).toBe(200);
    expect((await call("get", "/api/auth/users", {}, { token: student.token })).status).toBe(403);

    const pending = await createUser({ aprobado: false });
    expect(
      (await call("put", "/api/auth/approve/{userId}", { userId: pending.id }, { token: admin.token })).status,
    ).toBe(200);
    expect((await call("put", "/api/auth/approve/{userId}", { userId: UNKNOWN }, { token: admin.token })).status).toBe(
      404,
    );

    const other = await createUser();
    expect((await call("put", "/api/auth/suspend/{userId}", { userId: other.id }, { token: admin.token })).status).toBe(
      200,
    );
    expect(
      (await call("put", "/api/auth/suspend/{userId}", { userId: other.id }, { token: student.token })).status,
    ).toBe(403);

    expect(
      (await call("delete", "/api/auth/users/{userId}", { userId: other.id }, { token: admin.token })).status,
    ).toBe(200);
    expect((await call("delete", "/api/auth/users/{userId}", { userId: other.id }, {})).status).toBe(401);

    const target = await createUser();
    const json = { correo: `nuevo-${target.id}@test.cl` };
    const byAdmin = await call(
      "put",
      "/api/auth/users/{userId}/profile",
      { userId: target.id },
      { token: admin.token, json },
    );
    expect(byAdmin.status).toBe(200);
    const form: Array<[string, Part]> = [["imagenPerfil", PNG]];
    const own = await call(
      "put",
      "/api/auth/users/{userId}/profile",
      { userId: student.user.id },
      { token: student.token, form },
    );
    expect(own.status).toBe(200);
    expect((own.body.user as { imagenPerfil: string | null }).imagenPerfil).toBeTruthy();
    const foreign = await call(
      "put",
      "/api/auth/users/{userId}/profile",
      { userId: admin.user.id },
      { token: student.token, json },
    );
    expect(foreign.status).toBe(403);
  });

  it("courses: lists and one course", async () => {
    const featured = await call("get", "/api/cursos/destacados");
    expect(featured.status).toBe(200);
    expect((await call("get", "/api/cursos/publico/{tipo}", { tipo: "estudiante" })).status).toBe(200);
    expect((await call("get", "/api/cursos/publico/{tipo}", { tipo: "nadie" })).status).toBe(404);
    const list = await call("get", "/api/cursos/lista", {}, { token: admin.token });
    expect(list.status).toBe(200);
    expect((await call("get", "/api/cursos/lista", {}, { token: "no.es.token" })).status).toBe(401);

    expect((await call("get", "/api/cursos/{cursoId}", { cursoId: course.id })).status).toBe(200);
    // An admin also gets each module's quiz with its answers: the same schema says so.
    const asAdmin = await call("get", "/api/cursos/{cursoId}", { cursoId: course.id }, { token: admin.token });
    expect((asAdmin.body.modulos as Array<{ quiz?: unknown }>)[0]?.quiz).toBeDefined();
    expect((await call("get", "/api/cursos/{cursoId}", { cursoId: UNKNOWN })).status).toBe(404);
  });

  it("courses: create, edit, publish, delete (multipart and JSON)", async () => {
    const fields: Array<[string, Part]> = [
      ["titulo", "Curso por API"],
      ["bienvenida", "Hola"],
      ["duracionHoras", "6"],
      ["dirigidoA", "docente"],
      ["herramientas", JSON.stringify(["Planilla"])],
      [
        "modulos",
        JSON.stringify([{ titulo: "Uno", quiz: [{ texto: "¿1+1?", opciones: ["1", "2"], respuestaCorrecta: 1 }] }]),
      ],
      ["imagen", PNG],
      ["archivosModulo_0", modulePdf],
    ];
    const created = await call("post", "/api/cursos", {}, { token: admin.token, form: fields });
    expect(created.status).toBe(201);
    expect((await call("post", "/api/cursos", {}, { token: student.token, form: fields })).status).toBe(403);
    const id = created.body.id as string;

    // A PUT sends every field of the course; numbers may be JSON numbers (exigencia an integer).
    const edit = {
      titulo: "Curso por API, segunda edición",
      bienvenida: "",
      duracionHoras: 8.5,
      dirigidoA: "docente",
      fechaInicio: null,
      fechaTermino: "2027-03-01",
      herramientas: ["Planilla"],
      loAprenderan: [],
      exigencia: 65,
    };
    expect(
      (await call("put", "/api/cursos/{cursoId}", { cursoId: id }, { token: admin.token, json: edit })).status,
    ).toBe(200);
    expect(await prisma.course.findUniqueOrThrow({ where: { id } })).toMatchObject({
      exigencia: 65,
      duracionHoras: 8.5,
    });
    const partial = await call(
      "put",
      "/api/cursos/{cursoId}",
      { cursoId: id },
      { token: admin.token, json: { titulo: "Solo el título" } },
    );
    expect(partial.status).toBe(400);
    expect(partial.body.error).toMatch(/^Faltan los campos bienvenida, /);
    const patched = await call(
      "patch",
      "/api/cursos/{cursoId}",
      { cursoId: id },
      { token: admin.token, json: { titulo: "Solo el título", exigencia: 70 } },
    );
    expect(patched.status).toBe(200);
    expect(await prisma.course.findUniqueOrThrow({ where: { id } })).toMatchObject({
      titulo: "Solo el título",
      exigencia: 70,
      dirigidoA: "docente",
      duracionHoras: 8.5,
    });
    const late = await call(
      "patch",
      "/api/cursos/{cursoId}",
      { cursoId: id },
      { token: admin.token, json: { fechaInicio: "2027-04-01" } },
    );
    expect(late.status).toBe(400);
    const empty = await call(
      "put",
      "/api/cursos/{cursoId}",
      { cursoId: id },
      { token: admin.token, json: { titulo: " " } },
    );
    expect(empty.status).toBe(400);

    // Review: sent by whoever manages the course, returned to draft by an admin with a comment.
    const review = { cursoId: id };
    expect((await call("put", "/api/cursos/{cursoId}/revision", review, { token: admin.token })).status).toBe(200);
    expect((await call("put", "/api/cursos/{cursoId}/revision", review, { token: admin.token })).status).toBe(200);
    expect(
      (await call("delete", "/api/cursos/{cursoId}/revision", review, { token: admin.token, json: {} })).status,
    ).toBe(400);
    expect(
      (
        await call("delete", "/api/cursos/{cursoId}/revision", review, {
          token: admin.token,
          json: { comentario: "Falta la bienvenida." },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("delete", "/api/cursos/{cursoId}/revision", review, {
          token: admin.token,
          json: { comentario: "x" },
        })
      ).status,
    ).toBe(409);
    expect((await call("put", "/api/cursos/{cursoId}/publicar", { cursoId: id }, { token: admin.token })).status).toBe(
      200,
    );
    expect((await call("put", "/api/cursos/{cursoId}/revision", review, { token: admin.token })).status).toBe(409);
    expect(
      (await call("put", "/api/cursos/{cursoId}/publicar", { cursoId: UNKNOWN }, { token: admin.token })).status,
    ).toBe(404);

    // 'Lista para la clase': a private course's only (docs/decisions/039-private-courses.md).
    const ready = "/api/cursos/{cursoId}/lista-para-la-clase";
    const asAdmin = { token: admin.token };
    expect((await call("put", ready, review, asAdmin)).status).toBe(409);
    await prisma.course.update({ where: { id }, data: { visibilidad: "privado", estado: "borrador" } });
    expect((await call("put", ready, review, asAdmin)).status).toBe(200);
    expect((await call("delete", ready, review, asAdmin)).status).toBe(200);
    expect((await call("delete", ready, { cursoId: UNKNOWN }, asAdmin)).status).toBe(404);
    expect((await call("put", "/api/cursos/{cursoId}/publicar", review, asAdmin)).status).toBe(200);
    expect(await prisma.course.findUniqueOrThrow({ where: { id } })).toMatchObject({
      estado: "publicado",
      visibilidad: "publico",
    });

    expect(
      (await call("get", "/api/cursos/{cursoId}/participantes", { cursoId: id }, { token: admin.token })).status,
    ).toBe(200);
    const none = await call("get", "/api/cursos/{cursoId}/participantes", { cursoId: UNKNOWN }, { token: admin.token });
    expect(none.status).toBe(404);

    // The teaching team: read, replaced by the admin (a docente of the academy), refused when not a docente.
    const docente = await signedIn("docente");
    const team = { cursoId: id };
    expect((await call("get", "/api/cursos/{cursoId}/equipo", team, { token: admin.token })).status).toBe(200);
    expect((await call("get", "/api/cursos/{cursoId}/equipo", team, { token: docente.token })).status).toBe(403);
    expect(
      (
        await call("put", "/api/cursos/{cursoId}/equipo", team, {
          token: admin.token,
          json: { profesores: [docente.user.id] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("put", "/api/cursos/{cursoId}/equipo", team, {
          token: admin.token,
          json: { profesores: [student.user.id] },
        })
      ).status,
    ).toBe(400);
    expect((await call("get", "/api/cursos/{cursoId}/equipo", team, { token: docente.token })).status).toBe(200);
    // The team's docente adds a colleague by e-mail; an unknown address is refused.
    const colleague = await createUser({ rol: "docente" });
    const add = (correo: string) =>
      call("post", "/api/cursos/{cursoId}/equipo", team, { token: docente.token, json: { correo } });
    expect((await add(colleague.correo)).status).toBe(201);
    expect((await add("nadie.equipo@test.cl")).status).toBe(400);

    // A class of the course: its team imports a list (the preview, then the confirmation), one row without e-mail.
    const forAll = await prisma.course.create({
      data: {
        titulo: "Curso de una clase",
        estado: "publicado",
        herramientas: [],
        loAprenderan: [],
        teachers: { create: { userId: docente.user.id } },
        classes: { create: { nombre: "3° B", codigo: newClassCode(), createdById: docente.user.id } },
      },
      select: { id: true, classes: { select: { id: true } } },
    });
    const classPath = "/api/cursos/{cursoId}/clases/{claseId}/importar";
    const classParams = { cursoId: forAll.id, claseId: forAll.classes[0]!.id };
    const classList = "openapi.clase@colegio.cl;Eva;Lagos\n;Tomás;Rojas";
    const classPreview = await call("post", classPath, classParams, {
      token: docente.token,
      json: { lista: classList },
    });
    expect(classPreview.status).toBe(200);
    const classDone = await call("post", classPath, classParams, {
      token: docente.token,
      json: { lista: classList, confirmar: true, huella: classPreview.body.huella },
    });
    expect(classDone.status).toBe(201);
    expect(
      (
        await call(
          "post",
          classPath,
          { cursoId: id, claseId: UNKNOWN },
          { token: docente.token, json: { lista: classList } },
        )
      ).status,
    ).toBe(404);

    // The admin reports of the same course (the resumen has nothing to refuse an admin: a student is refused).
    expect((await call("get", "/api/admin/resumen", {}, { token: admin.token })).status).toBe(200);
    expect((await call("get", "/api/admin/resumen", {}, { token: student.token })).status).toBe(403);

    // 'Importar usuarios': the preview, then the confirmation with its fingerprint; the bulk calls.
    const lista = "correo;nombre;apellido;rut\nopenapi.importada@colegio.cl;Ana;Rojas;12.345.678-5";
    const preview = await call(
      "post",
      "/api/admin/usuarios/importar",
      {},
      {
        token: admin.token,
        json: { lista, rol: "estudiante", confirmar: false },
      },
    );
    expect(preview.status).toBe(200);
    const huella = preview.body.huella as string;
    const changed = await call(
      "post",
      "/api/admin/usuarios/importar",
      {},
      {
        token: admin.token,
        json: { lista, rol: "docente", confirmar: true, huella },
      },
    );
    expect(changed.status).toBe(409);
    const imported = await call(
      "post",
      "/api/admin/usuarios/importar",
      {},
      {
        token: admin.token,
        form: [
          ["lista", lista],
          ["rol", "estudiante"],
          ["confirmar", "true"],
          ["huella", huella],
        ],
      },
    );
    expect(imported.status).toBe(201);
    const [importedId] = imported.body.ids as string[];
    const noList = await call(
      "post",
      "/api/admin/usuarios/importar",
      {},
      { token: admin.token, json: { rol: "estudiante" } },
    );
    expect(noList.status).toBe(400);
    const suspended = await call(
      "post",
      "/api/admin/usuarios/suspender",
      {},
      { token: admin.token, json: { ids: [importedId] } },
    );
    expect(suspended.status).toBe(200);
    expect(
      (await call("post", "/api/admin/usuarios/suspender", {}, { token: admin.token, json: { ids: [] } })).status,
    ).toBe(400);
    const approved = await call(
      "post",
      "/api/admin/usuarios/aprobar",
      {},
      { token: admin.token, json: { ids: [importedId] } },
    );
    expect(approved.body).toMatchObject({ hechas: [importedId], omitidas: [] });
    expect((await call("post", "/api/admin/usuarios/aprobar", {}, { token: admin.token, json: {} })).status).toBe(400);
    expect(
      (await call("post", "/api/admin/usuarios/aprobar", {}, { token: student.token, json: { ids: [importedId] } }))
        .status,
    ).toBe(403);
    expect(
      (await call("get", "/api/admin/cursos/{cursoId}/reporte", { cursoId: id }, { token: admin.token })).status,
    ).toBe(200);
    const noReport = await call(
      "get",
      "/api/admin/cursos/{cursoId}/reporte",
      { cursoId: UNKNOWN },
      { token: admin.token },
    );
    expect(noReport.status).toBe(404);
    const grades = await call(
      "get",
      "/api/admin/cursos/{cursoId}/calificaciones",
      { cursoId: id },
      { token: admin.token },
    );
    expect(grades.status).toBe(200);
    const noGrades = await call(
      "get",
      "/api/admin/cursos/{cursoId}/calificaciones",
      { cursoId: UNKNOWN },
      { token: admin.token },
    );
    expect(noGrades.status).toBe(404);
    // A class's progress: 200 for its course, 404 for a class id of no class of the course.
    const clase = await prisma.courseClass.create({
      data: { cursoId: id, nombre: "3°B", codigo: newClassCode() },
    });
    const progress = { cursoId: id, claseId: clase.id };
    const classProgressPath = "/api/cursos/{cursoId}/clases/{claseId}/progreso";
    expect((await call("get", classProgressPath, progress, { token: admin.token })).status).toBe(200);
    expect(
      (await call("get", classProgressPath, { cursoId: id, claseId: UNKNOWN }, { token: admin.token })).status,
    ).toBe(404);

    expect((await call("delete", "/api/cursos/{cursoId}", { cursoId: id }, { token: admin.token })).status).toBe(200);
    expect((await call("delete", "/api/cursos/{cursoId}", { cursoId: id }, { token: admin.token })).status).toBe(404);
  });

  it("enrolment, quizzes, progress and the certificate", async () => {
    const token = student.token;
    const id = course.id;
    expect((await call("post", "/api/cursos/{cursoId}/registrarParticipante", { cursoId: id }, { token })).status).toBe(
      201,
    );
    expect((await call("post", "/api/cursos/{cursoId}/registrarParticipante", { cursoId: id }, { token })).status).toBe(
      200,
    );
    const missing = await call("post", "/api/cursos/{cursoId}/registrarParticipante", { cursoId: UNKNOWN }, { token });
    expect(missing.status).toBe(404);

    expect((await call("get", "/api/cursos/{cursoId}/cantidadParticipantes", { cursoId: id }, { token })).status).toBe(
      200,
    );
    const noCount = await call("get", "/api/cursos/{cursoId}/cantidadParticipantes", { cursoId: UNKNOWN }, { token });
    expect(noCount.status).toBe(404);

    const mine = { userId: student.user.id };
    expect((await call("get", "/api/auth/{userId}/cursos-inscritos", mine, { token })).status).toBe(200);
    const others = await call("get", "/api/auth/{userId}/cursos-inscritos", { userId: admin.user.id }, { token });
    expect(others.status).toBe(403);

    const wrong = await call(
      "post",
      "/api/quiz/respuestas",
      {},
      { token, json: { cursoId: id, moduloIndex: 0, respuestas: [1] } },
    );
    expect(wrong.status).toBe(200);
    expect((await call("post", "/api/quiz/respuestas", {}, { token, json: { respuestas: [] } })).status).toBe(400);
    const right = await call(
      "post",
      "/api/cursos/{cursoId}/modulos/{moduloIndex}/responder",
      { cursoId: id, moduloIndex: "0" },
      {
        token,
        json: { respuestas: [0] },
      },
    );
    expect(right.body).toMatchObject({ aprobado: true, progreso: 100 });
    const noQuiz = await call(
      "post",
      "/api/cursos/{cursoId}/modulos/{moduloIndex}/responder",
      { cursoId: id, moduloIndex: "7" },
      {
        token,
        json: { respuestas: [0] },
      },
    );
    expect(noQuiz.status).toBe(404);

    const attempts = { cursoId: id, moduloIndex: "0" };
    expect((await call("get", "/api/quiz/intentos/{cursoId}/{moduloIndex}", attempts, { token })).status).toBe(200);
    const noAttempts = { cursoId: UNKNOWN, moduloIndex: "0" };
    expect((await call("get", "/api/quiz/intentos/{cursoId}/{moduloIndex}", noAttempts, { token })).status).toBe(404);
    // A served attempt (docs/decisions/045-served-attempts.md): 409 where the module serves none.
    const start = "/api/cursos/{cursoId}/modulos/{moduloIndex}/intentos";
    expect((await call("post", start, attempts, { token })).status).toBe(409);
    await prisma.module.updateMany({ where: { cursoId: id }, data: { barajar: true } });
    expect((await call("post", start, attempts, { token })).status).toBe(200);
    await prisma.module.updateMany({ where: { cursoId: id }, data: { barajar: false } });

    const progress = "/api/cursos/{cursoId}/usuarios/{userId}/progreso";
    expect((await call("post", progress, { cursoId: id, userId: student.user.id }, { token })).status).toBe(200);
    expect((await call("post", progress, { cursoId: id, userId: admin.user.id }, { token })).status).toBe(403);

    expect((await call("post", "/api/cursos/finalizar", {}, { token, json: { cursoId: id } })).status).toBe(201);
    expect((await call("post", "/api/cursos/finalizar", {}, { token, json: { cursoId: id } })).status).toBe(200);
    expect((await call("post", "/api/cursos/finalizar", {}, { token, json: {} })).status).toBe(400);

    const certificates = await call("get", "/api/certificados/usuario/{userId}", mine, { token });
    expect((certificates.body.certificados as unknown[]).length).toBe(1);
    const foreign = await call("get", "/api/certificados/usuario/{userId}", { userId: admin.user.id }, { token });
    expect(foreign.status).toBe(403);
    // The holder's name, rectified: nothing to change here (the name is the same), and no token: 401.
    const rename = await call("post", "/api/certificados/actualizar-nombre", {}, { token });
    expect(rename.body).toMatchObject({ actualizados: 0 });
    expect((await call("post", "/api/certificados/actualizar-nombre", {}, {})).status).toBe(401);

    const leave = "/api/auth/usuario/cursos-inscritos/{cursoId}";
    expect((await call("delete", leave, { cursoId: id }, { token })).status).toBe(200);
    expect((await call("delete", leave, { cursoId: id }, { token })).status).toBe(404);
  });

  it("messages and the contact form", async () => {
    const message = { to: admin.user.correo, subject: "Consulta", content: "¿Cuándo empieza?" };
    expect((await call("post", "/api/mensajes", {}, { token: student.token, json: message })).status).toBe(201);
    expect((await call("post", "/api/mensajes", {}, { token: student.token, json: {} })).status).toBe(400);
    const inbox = await call("get", "/api/mensajes", {}, { token: admin.token });
    expect((inbox.body as unknown as unknown[]).length).toBe(1);
    const sent = await call("get", "/api/mensajes", {}, { token: student.token, query: "?carpeta=enviados" });
    expect((sent.body as unknown as Array<{ toName: string }>)[0]?.toName).toBeTruthy();
    const foreign = await call(
      "get",
      "/api/mensajes",
      {},
      { token: student.token, query: `?correo=${admin.user.correo}` },
    );
    expect(foreign.status).toBe(403);

    const contact = { nombre: "Rosa Díaz", correo: "rosa@test.cl", mensaje: "Quisiera información." };
    expect((await call("post", "/api/mail/send", {}, { json: contact })).status).toBe(200);
    expect((await call("post", "/api/mail/send", {}, { json: {} })).status).toBe(400);
  });

  it("notifications", async () => {
    // The message above notified the admin: one to read, then all.
    const list = await call("get", "/api/notificaciones", {}, { token: admin.token });
    const first = (list.body.notificaciones as Array<{ id: string }>)[0]!;
    expect((await call("get", "/api/notificaciones", {}, { token: admin.token, query: "?desde=x" })).status).toBe(400);
    const read = "/api/notificaciones/leidas";
    expect((await call("post", read, {}, { token: admin.token, json: { id: first.id } })).status).toBe(200);
    expect((await call("post", read, {}, { token: student.token, json: { id: first.id } })).status).toBe(404);
    expect((await call("post", read, {}, { token: admin.token, json: {} })).status).toBe(400);
    expect((await call("post", read, {}, { token: admin.token, json: { todas: true } })).body).toEqual({ sinLeer: 0 });
    const prefs = "/api/notificaciones/preferencias";
    expect((await call("get", prefs, {}, { token: student.token })).status).toBe(200);
    expect((await call("get", prefs, {}, {})).status).toBe(401);
    const mine = await call("get", prefs, {}, { token: student.token });
    const sentBack = { preferencias: { ...(mine.body.preferencias as object), aviso: "digest" } };
    expect((await call("put", prefs, {}, { token: student.token, json: sentBack })).status).toBe(200);
    const bad = { preferencias: { aviso: "nunca" } };
    expect((await call("put", prefs, {}, { token: student.token, json: bad })).status).toBe(400);
  });

  it("the library", async () => {
    const book: Array<[string, Part]> = [
      ["title", "Suelos vivos"],
      ["author", "Autora Prueba"],
      ["description", "Un libro sobre suelos."],
      ["pdf", await bookPdf()],
    ];
    const uploaded = await call("post", "/api/books/upload", {}, { token: admin.token, form: book });
    expect(uploaded.status).toBe(201);
    const noFile = await call("post", "/api/books/upload", {}, { token: admin.token, form: book.slice(0, 3) });
    expect(noFile.status).toBe(400);
    const id = (uploaded.body.book as { id: string }).id;

    const books = await call("get", "/api/books/libros", {}, { token: student.token, query: "?q=suelos" });
    expect((books.body as unknown as unknown[]).length).toBe(1);
    expect((await call("get", "/api/books/libros", {}, {})).status).toBe(401);

    expect((await call("get", "/api/books/download/{libroId}", { libroId: id }, { token: student.token })).status).toBe(
      200,
    );
    const part = await call(
      "get",
      "/api/books/download/{libroId}",
      { libroId: id },
      { token: student.token, range: "bytes=0-3" },
    );
    expect(part.status).toBe(206);
    const none = await call("get", "/api/books/download/{libroId}", { libroId: UNKNOWN }, { token: student.token });
    expect(none.status).toBe(404);

    expect((await call("delete", "/api/books/{libroId}", { libroId: id }, { token: admin.token })).status).toBe(200);
    expect((await call("delete", "/api/books/{libroId}", { libroId: id }, { token: admin.token })).status).toBe(404);
  });

  it("the documentation itself", async () => {
    const openapi = await call("get", "/api/openapi.json");
    expect(openapi.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const page = await call("get", "/api/docs");
    const html = await page.response.text();
    expect(page.response.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="es-CL">');
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path);
  });

  it("classes: list, create, join with the code", async () => {
    const clases = { cursoId: course.id };
    const created = await call("post", "/api/cursos/{cursoId}/clases", clases, {
      token: admin.token,
      json: { nombre: "Curso 3°B 2026" },
    });
    expect(created.status).toBe(201);
    expect(
      (
        await call("post", "/api/cursos/{cursoId}/clases", clases, {
          token: admin.token,
          json: { nombre: "Curso 3°B 2026" },
        })
      ).status,
    ).toBe(409);
    expect((await call("post", "/api/cursos/{cursoId}/clases", clases, { token: admin.token, json: {} })).status).toBe(
      400,
    );
    expect((await call("get", "/api/cursos/{cursoId}/clases", clases, { token: admin.token })).status).toBe(200);
    expect((await call("get", "/api/cursos/{cursoId}/clases", clases, { token: student.token })).status).toBe(403);
    expect(
      (await call("get", "/api/cursos/{cursoId}/clases", { cursoId: UNKNOWN }, { token: admin.token })).status,
    ).toBe(404);
    const codigo = created.body.codigo as string;
    expect((await call("post", "/api/clases/unirse", {}, { token: student.token, json: { codigo } })).status).toBe(201);
    expect((await call("post", "/api/clases/unirse", {}, { token: student.token, json: { codigo } })).status).toBe(409);
    expect(
      (await call("post", "/api/clases/unirse", {}, { token: student.token, json: { codigo: "QQQQ-QQQQ" } })).status,
    ).toBe(404);
    expect((await call("post", "/api/clases/unirse", {}, { token: student.token, json: { codigo: "x" } })).status).toBe(
      400,
    );

    // An account named in the class's list is invited; it answers its invitation.
    const invitee = await signedIn("estudiante");
    const importPath = "/api/cursos/{cursoId}/clases/{claseId}/importar";
    const importParams = { cursoId: course.id, claseId: created.body.id as string };
    const lista = `${invitee.user.correo};Ivi;Tada`;
    const previewed = await call("post", importPath, importParams, { token: admin.token, json: { lista } });
    const confirmed = await call("post", importPath, importParams, {
      token: admin.token,
      json: { lista, confirmar: true, huella: previewed.body.huella },
    });
    expect(confirmed.status).toBe(201);
    const invitation = await prisma.classInvitation.findFirstOrThrow({ where: { userId: invitee.user.id } });
    const answerPath = "/api/clases/invitaciones/{invitacionId}";
    const answer = (invitacionId: string, json: unknown) =>
      call("post", answerPath, { invitacionId }, { token: invitee.token, json });
    expect((await answer(invitation.id, {})).status).toBe(400);
    expect((await answer(UNKNOWN, { respuesta: "aceptar" })).status).toBe(404);
    expect((await answer(invitation.id, { respuesta: "rechazar" })).status).toBe(200);
    expect((await answer(invitation.id, { respuesta: "aceptar" })).status).toBe(200);

    // A pupil made without e-mail: a new password and a new card, one at a time.
    const sinCorreo = ";Pía;Sin Correo Api";
    const seen = await call("post", importPath, importParams, { token: admin.token, json: { lista: sinCorreo } });
    await call("post", importPath, importParams, {
      token: admin.token,
      json: { lista: sinCorreo, confirmar: true, huella: seen.body.huella },
    });
    const pupil = await prisma.user.findFirstOrThrow({ where: { creadoParaClaseId: importParams.claseId } });
    for (const what of ["clave", "tarjeta"]) {
      const path = `/api/clases/{claseId}/estudiantes/{userId}/${what}`;
      const one = { claseId: importParams.claseId, userId: pupil.id };
      expect((await call("post", path, one, { token: admin.token })).status).toBe(200);
      expect((await call("post", path, { ...one, userId: invitee.user.id }, { token: admin.token })).status).toBe(403);
      expect((await call("post", path, { ...one, userId: UNKNOWN }, { token: admin.token })).status).toBe(404);
    }
  });

  it("announcements: post, read, edit, delete", async () => {
    const avisos = { cursoId: course.id };
    const body = { titulo: "Cambió la fecha del módulo 2", texto: "Detalles: https://ejemplo.cl/guia" };
    const created = await call("post", "/api/cursos/{cursoId}/avisos", avisos, { token: admin.token, json: body });
    expect(created.status).toBe(201);
    expect(
      (await call("post", "/api/cursos/{cursoId}/avisos", avisos, { token: admin.token, json: { titulo: "" } })).status,
    ).toBe(400);
    expect(
      (await call("post", "/api/cursos/{cursoId}/avisos", { cursoId: UNKNOWN }, { token: admin.token, json: body }))
        .status,
    ).toBe(404);
    // The student enrolled in the course reads them; an unknown course is a 404.
    expect((await call("get", "/api/cursos/{cursoId}/avisos", avisos, { token: student.token })).status).toBe(200);
    expect(
      (await call("get", "/api/cursos/{cursoId}/avisos", { cursoId: UNKNOWN }, { token: student.token })).status,
    ).toBe(404);
    const outsider = await signedIn("estudiante");
    expect((await call("get", "/api/cursos/{cursoId}/avisos", avisos, { token: outsider.token })).status).toBe(403);
    const one = { cursoId: course.id, avisoId: created.body.id as string };
    const path = "/api/cursos/{cursoId}/avisos/{avisoId}";
    expect((await call("put", path, one, { token: admin.token, json: { ...body, texto: "Otro" } })).status).toBe(200);
    expect((await call("put", path, one, { token: admin.token, json: { titulo: "x" } })).status).toBe(400);
    expect((await call("put", path, { ...one, avisoId: UNKNOWN }, { token: admin.token, json: body })).status).toBe(
      404,
    );
    expect((await call("delete", path, one, { token: admin.token })).status).toBe(200);
    expect((await call("delete", path, one, { token: admin.token })).status).toBe(404);
  });

  it("tareas: set, list, read, edit, delete", async () => {
    const tareas = { cursoId: course.id };
    const body = { titulo: "Guía de fracciones", fechaLimite: "2026-12-05T23:59", calificacion: "nota" };
    const created = await call("post", "/api/cursos/{cursoId}/tareas", tareas, { token: admin.token, json: body });
    expect(created.status).toBe(201);
    expect(
      (await call("post", "/api/cursos/{cursoId}/tareas", tareas, { token: admin.token, json: { titulo: "" } })).status,
    ).toBe(400);
    expect(
      (await call("post", "/api/cursos/{cursoId}/tareas", { cursoId: UNKNOWN }, { token: admin.token, json: body }))
        .status,
    ).toBe(404);
    expect((await call("get", "/api/cursos/{cursoId}/tareas", tareas, { token: admin.token })).status).toBe(200);
    const outsider = await signedIn("estudiante");
    expect((await call("get", "/api/cursos/{cursoId}/tareas", tareas, { token: outsider.token })).status).toBe(403);
    const one = { tareaId: created.body.id as string };
    const path = "/api/tareas/{tareaId}";
    expect((await call("get", path, one, { token: admin.token })).status).toBe(200);
    expect((await call("get", path, { tareaId: UNKNOWN }, { token: admin.token })).status).toBe(404);
    expect((await call("put", path, one, { token: admin.token, json: { ...body, titulo: "Otra" } })).status).toBe(200);
    expect((await call("put", path, one, { token: admin.token, json: { titulo: "" } })).status).toBe(400);
    expect((await call("delete", path, one, { token: outsider.token })).status).toBe(403);
    expect((await call("delete", path, one, { token: admin.token })).status).toBe(200);
    expect((await call("delete", path, one, { token: admin.token })).status).toBe(404);
  });

  it("gradebook columns: add, list, rename, grade, delete", async () => {
    const list = "/api/cursos/{cursoId}/calificaciones/columnas";
    const here = { cursoId: course.id };
    const token = admin.token;
    const created = await call("post", list, here, { token, json: { nombre: "Disertación" } });
    expect(created.status).toBe(201);
    expect((await call("post", list, here, { token, json: { nombre: "Disertación" } })).status).toBe(409);
    expect((await call("post", list, here, { token, json: { nombre: "" } })).status).toBe(400);
    expect((await call("get", list, here, { token })).status).toBe(200);
    expect((await call("get", list, { cursoId: UNKNOWN }, { token })).status).toBe(404);
    const one = { cursoId: course.id, columnaId: created.body.id as string };
    const path = "/api/cursos/{cursoId}/calificaciones/columnas/{columnaId}";
    expect((await call("put", path, one, { token, json: { nombre: "Disertación oral" } })).status).toBe(200);
    expect((await call("put", path, one, { token, json: { nombre: "" } })).status).toBe(400);
    const learner = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: learner.user.id, cursoId: course.id } });
    const grade = "/api/cursos/{cursoId}/calificaciones/columnas/{columnaId}/notas/{userId}";
    const mine = { ...one, userId: learner.user.id };
    expect((await call("put", grade, mine, { token, json: { nota: "5,5", comentario: "Bien." } })).status).toBe(200);
    expect((await call("put", grade, mine, { token, json: { nota: "7,5" } })).status).toBe(400);
    expect((await call("put", grade, { ...mine, userId: admin.user.id }, { token, json: { nota: 6 } })).status).toBe(
      404,
    );
    // Importing the column's notas from a CSV: a preview, then the confirmation with its huella.
    const imp = "/api/cursos/{cursoId}/calificaciones/columnas/{columnaId}/importar";
    const lista = `Correo;Nota;Comentario\r\n${learner.user.correo};"6,5";Muy bien.\r\nnadie@colegio.cl;5;\r\n`;
    const preview = await call("post", imp, one, { token, json: { lista } });
    expect(preview.status).toBe(200);
    const huella = preview.body.huella as string;
    expect((await call("post", imp, one, { token, json: { lista: "Nombre;Nota\r\nAna;5" } })).status).toBe(400);
    expect((await call("post", imp, one, { token, json: { lista, confirmar: true, huella: "otra" } })).status).toBe(
      409,
    );
    expect((await call("post", imp, { ...one, columnaId: UNKNOWN }, { token, json: { lista } })).status).toBe(404);
    expect((await call("post", imp, one, { token, json: { lista, confirmar: true, huella } })).status).toBe(201);
    // The weights of the final nota.
    const weights = "/api/cursos/{cursoId}/calificaciones/ponderacion";
    expect((await call("put", weights, here, { token, json: { evaluaciones: 40 } })).status).toBe(200);
    expect((await call("put", weights, here, { token, json: { evaluaciones: 140 } })).status).toBe(400);
    expect((await call("get", weights, here, { token })).body).toEqual({ cursoId: course.id, evaluaciones: 40 });
    expect((await call("put", weights, here, { token, json: { evaluaciones: null } })).status).toBe(200);
    expect((await call("get", weights, { cursoId: UNKNOWN }, { token })).status).toBe(404);
    expect((await call("delete", path, one, { token })).status).toBe(200);
    expect((await call("delete", path, one, { token })).status).toBe(404);
  });

  it("questions: ask, read, edit, answer, mark, delete", async () => {
    await prisma.enrolment.upsert({
      where: { userId_cursoId: { userId: student.user.id, cursoId: course.id } },
      create: { userId: student.user.id, cursoId: course.id },
      update: {},
    });
    const list = "/api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas";
    const here = { cursoId: course.id, moduloIndex: "0" };
    const token = student.token;
    const created = await call("post", list, here, { token, json: { texto: "¿Sirve la ceniza?" } });
    expect(created.status).toBe(201);
    expect((await call("post", list, here, { token, json: { texto: "" } })).status).toBe(400);
    expect((await call("post", list, here, { token: admin.token, json: { texto: "¿Yo?" } })).status).toBe(403);
    expect((await call("post", list, { ...here, moduloIndex: "7" }, { token, json: { texto: "¿?" } })).status).toBe(
      404,
    );
    expect((await call("get", list, here, { token, query: "?filtro=sin-responder" })).status).toBe(200);
    // 'Para revisar': the unanswered questions of a docente's courses; nobody else's.
    const reviewer = await signedIn("docente");
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: reviewer.user.id } });
    expect((await call("get", "/api/docente/revisar", {}, { token: reviewer.token })).body.preguntas).toHaveLength(1);
    expect((await call("get", "/api/docente/revisar", {}, { token })).status).toBe(403);
    expect((await call("get", list, { ...here, cursoId: UNKNOWN }, { token })).status).toBe(404);
    const outsider = await signedIn("estudiante");
    expect((await call("get", list, here, { token: outsider.token })).status).toBe(403);

    const one = { preguntaId: created.body.id as string };
    const path = "/api/preguntas/{preguntaId}";
    expect((await call("put", path, one, { token, json: { texto: "¿Sirve la ceniza fría?" } })).status).toBe(200);
    expect((await call("put", path, one, { token: admin.token, json: { texto: "x" } })).status).toBe(403);
    expect((await call("put", path, one, { token, json: { texto: "" } })).status).toBe(400);
    expect((await call("put", path, { preguntaId: UNKNOWN }, { token, json: { texto: "x" } })).status).toBe(404);

    const answers = "/api/preguntas/{preguntaId}/respuestas";
    expect((await call("post", answers, one, { token, json: { texto: "Me respondo" } })).status).toBe(403);
    expect((await call("post", answers, one, { token: admin.token, json: { texto: "" } })).status).toBe(400);
    expect(
      (await call("post", answers, { preguntaId: UNKNOWN }, { token: admin.token, json: { texto: "x" } })).status,
    ).toBe(404);
    expect((await call("post", answers, one, { token: admin.token, json: { texto: "Sí, fría." } })).status).toBe(201);
    expect((await call("put", path, one, { token, json: { texto: "¿Otra?" } })).status).toBe(409);
    expect((await call("delete", path, one, { token })).status).toBe(409);

    const state = "/api/preguntas/{preguntaId}/estado";
    expect((await call("put", state, one, { token: admin.token, json: { resuelta: true } })).status).toBe(200);
    expect((await call("put", state, one, { token: admin.token, json: {} })).status).toBe(400);
    expect((await call("put", state, one, { token, json: { oculta: true } })).status).toBe(403);
    expect(
      (await call("put", state, { preguntaId: UNKNOWN }, { token: admin.token, json: { oculta: true } })).status,
    ).toBe(404);

    const answered = await call("post", answers, one, { token: admin.token, json: { texto: "Otra respuesta." } });
    const respuestaId = (answered.body.respuestas as Array<{ id: string }>).at(-1)!.id;
    const answer = "/api/respuestas/{respuestaId}";
    expect((await call("delete", answer, { respuestaId }, { token })).status).toBe(403);
    expect((await call("delete", answer, { respuestaId }, { token: admin.token })).status).toBe(200);
    expect((await call("delete", answer, { respuestaId }, { token: admin.token })).status).toBe(404);

    expect((await call("delete", path, one, { token: outsider.token })).status).toBe(404);
    const mine = await call("post", list, here, { token, json: { texto: "¿La borro?" } });
    const other = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: other.user.id, cursoId: course.id } });
    expect((await call("delete", path, { preguntaId: mine.body.id as string }, { token: other.token })).status).toBe(
      403,
    );
    expect((await call("delete", path, { preguntaId: mine.body.id as string }, { token })).status).toBe(200);
    expect((await call("delete", path, one, { token: admin.token })).status).toBe(200);
  });

  it("tareas: the hand-ins waiting, a review, its return and reopening", async () => {
    const teacher = await signedIn("docente");
    const learner = await signedIn("estudiante");
    await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
    await prisma.enrolment.upsert({
      where: { userId_cursoId: { userId: learner.user.id, cursoId: course.id } },
      create: { userId: learner.user.id, cursoId: course.id },
      update: {},
    });
    const tarea = await prisma.assignment.create({ data: { cursoId: course.id, titulo: "Guía 1" } });
    const entrega = await prisma.submission.create({
      data: {
        tareaId: tarea.id,
        cursoId: course.id,
        userId: learner.user.id,
        estado: "entregada",
        entregadaEn: new Date(),
      },
    });
    const queue = "/api/docente/entregas";
    expect((await call("get", queue, {}, { token: teacher.token })).body.entregas).toHaveLength(1);
    expect((await call("get", queue, {}, { token: learner.token })).status).toBe(403);
    expect((await call("get", queue, {}, { token: teacher.token, query: `?clase=${"c".repeat(25)}` })).status).toBe(
      404,
    );
    const revision = "/api/entregas/{entregaId}/revision";
    const one = { entregaId: entrega.id };
    const token = teacher.token;
    expect((await call("put", revision, one, { token, json: { nota: "5,5", comentario: "Bien." } })).status).toBe(200);
    expect((await call("put", revision, one, { token, json: { devolver: true } })).status).toBe(400);
    expect((await call("put", revision, one, { token: learner.token, json: { nota: 7 } })).status).toBe(403);
    expect((await call("put", revision, { entregaId: UNKNOWN }, { token, json: { nota: 7 } })).status).toBe(404);
    expect((await call("put", revision, one, { token, json: { reabrir: true } })).status).toBe(409);
    const done = await call("put", revision, one, { token, json: { nota: 6.2, devolver: true } });
    expect(done.body).toMatchObject({ estado: "devuelta", nota: 6.2 });
    expect((await call("put", revision, one, { token, json: { reabrir: true } })).body.estado).toBe("borrador");
  });

  it("tareas: hand in, list, remove a file, withdraw", async () => {
    const tarea = await prisma.assignment.create({ data: { cursoId: course.id, titulo: "Guía" } });
    const { token, user } = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
    const list = "/api/tareas/{tareaId}/entregas";
    const here = { tareaId: tarea.id };
    expect((await call("get", list, here, { token })).status).toBe(200);
    expect((await call("get", list, here, { token: admin.token })).status).toBe(200);
    expect((await call("get", list, { tareaId: UNKNOWN }, { token })).status).toBe(404);
    const outsider = await signedIn("estudiante");
    expect((await call("get", list, here, { token: outsider.token })).status).toBe(403);
    const form: Array<[string, Part]> = [
      ["texto", "Mi respuesta"],
      ["archivos", PNG],
      ["entregar", "true"],
    ];
    const sent = await call("post", list, here, { token, form });
    expect(sent.status).toBe(200);
    expect(
      (
        await call("post", list, here, {
          token,
          form: [
            ["archivos", modulePdf],
            ["archivos", { ...modulePdf, bytes: new TextEncoder().encode("hola") }],
          ],
        })
      ).status,
    ).toBe(400);
    expect((await call("post", list, here, { token: admin.token, form: [["texto", "x"]] })).status).toBe(403);
    expect((await call("post", list, { tareaId: UNKNOWN }, { token, form: [["texto", "x"]] })).status).toBe(404);
    const entrega = sent.body.entrega as { id: string; archivos: Array<{ id: string }> };
    const file = "/api/entregas/{entregaId}/archivos/{archivoId}";
    const ids = { entregaId: entrega.id, archivoId: entrega.archivos[0]!.id };
    expect((await call("delete", file, ids, { token })).status).toBe(200);
    expect((await call("delete", file, ids, { token })).status).toBe(404);
    const anular = "/api/entregas/{entregaId}/anular";
    expect((await call("post", anular, { entregaId: entrega.id }, { token })).status).toBe(200);
    expect((await call("post", anular, { entregaId: entrega.id }, { token })).status).toBe(409);
    expect((await call("post", anular, { entregaId: UNKNOWN }, { token })).status).toBe(404);
    await prisma.submission.update({ where: { id: entrega.id }, data: { estado: "devuelta" } });
    expect((await call("post", list, here, { token, form: [["texto", "x"]] })).status).toBe(409);
  });

  it("checked a success of every documented call, and an error of nearly all", () => {
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    // Public reads with nothing to refuse.
    const noError = new Set(["get /api/cursos/destacados", "get /api/openapi.json", "get /api/docs"]);
    for (const key of calls) {
      const statuses = [...(seen.get(key) ?? [])];
      expect(
        statuses.some((s) => s < 300),
        `${key}: ningún 2xx`,
      ).toBe(true);
      if (!noError.has(key))
        expect(
          statuses.some((s) => s >= 400 && s < 500),
          `${key}: ningún 4xx`,
        ).toBe(true);
    }
  });

  it("every error answered is documented with the very text the code sends", () => {
    expect(undocumentedErrors).toEqual([]);
  });
});
