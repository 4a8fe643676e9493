// The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json, shown at /api/docs), built from
// the route modules' declarations (./api-route.server.ts, decision 034) and their Zod schemas, so
// it cannot drift from the code. A response schema other calls share goes in COMPONENTS by name.
import { z } from "zod";
import { ApiUserSchema } from "~/features/accounts/public-user.ts";
import { BAD_TOKEN, NO_TOKEN, TOKEN_ENDED } from "~/features/accounts/api-token.server.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { AUDIENCE_PAGES } from "~/features/courses/audience.ts";
import { CourseDetailSchema } from "~/features/learning/course-json.ts";
import { CourseListSchema, CourseStateSchema, CourseSummarySchema } from "~/features/courses/course-json.ts";
import { ApiModuleSchema } from "~/features/authoring/api-schema.ts";
import { QuestionSent, QuestionShown } from "~/features/quizzes/question-json.ts";
import { EnrolledCourseSchema } from "~/features/learning/enrolled-courses.server.ts";
import { PublicCertificateSchema } from "~/features/certificates/schema.ts";
import { QuizAnswersSchema, QuizResultSchema } from "~/features/quizzes/answer-api.server.ts";
import { ApiMessageSchema, ApiReceivedItemSchema, ApiSentItemSchema } from "~/features/messages/schema.ts";
import { BookJsonSchema } from "~/features/library/schema.ts";
import {
  API_NOT_FOUND,
  ApiErrorSchema,
  BODY_NOT_JSON,
  BODY_NOT_OBJECT,
  BODY_TOO_LARGE,
  BODY_UNREADABLE,
  ApiNoticeIdSchema,
  ApiNoticeSchema,
  METHOD_NOT_ALLOWED,
  QUERY_PARAMS,
  type QueryParam,
} from "~/lib/api.server.ts";
import { publicUrl } from "~/lib/env.server.ts";
import type { ApiRoute } from "./api-route.server.ts";
import {
  error,
  HEADERS,
  TAGS,
  type Access,
  type Answer,
  type ErrorDoc,
  type Method,
  type Operation,
  type Operations,
} from "~/lib/api/operation.server.ts";

/** Named schemas: shown once under components/schemas and referenced wherever they appear. */
/** A question's union and each kind's schema by name (PreguntaUnica, PreguntaNumericaDeCurso…). */
function questionComponents(name: string, suffix: string, schemas: typeof QuestionSent) {
  const kind = (tipo: string) =>
    tipo
      .split("_")
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join("");
  return {
    [name]: schemas.union,
    ...Object.fromEntries(Object.entries(schemas.kinds).map(([tipo, s]) => [`Pregunta${kind(tipo)}${suffix}`, s])),
  };
}

const COMPONENTS: Record<string, z.ZodType> = {
  Error: ApiErrorSchema,
  Aviso: ApiNoticeSchema,
  AvisoConId: ApiNoticeIdSchema,
  Usuario: ApiUserSchema,
  CursoResumen: CourseSummarySchema,
  ListaDeCursos: CourseListSchema,
  Curso: CourseDetailSchema,
  EstadoDelCurso: CourseStateSchema,
  ApiModulo: ApiModuleSchema,
  ...questionComponents("PreguntaDeApi", "", QuestionSent),
  ...questionComponents("PreguntaDeCurso", "DeCurso", QuestionShown),
  CursoInscrito: EnrolledCourseSchema,
  Certificado: PublicCertificateSchema,
  ResultadoDeEvaluacion: QuizResultSchema,
  Respuestas: QuizAnswersSchema,
  Mensaje: ApiMessageSchema,
  MensajeRecibido: ApiReceivedItemSchema,
  MensajeEnviado: ApiSentItemSchema,
  Libro: BookJsonSchema,
};

/** The query parameters the routes read and check (lib/api.server.ts: QUERY_PARAMS, apiQuery). */
const QUERY: Record<QueryParam, { schema: Record<string, unknown>; description: string; invalid: string }> =
  QUERY_PARAMS;

/**
 * The path parameters. /api/cursos/publico/{tipo} and /api/cursos/{cursoId}/… (and
 * /api/auth/approve/{userId} and /api/auth/{userId}/…) can match the same URL; the literal segment
 * wins and no id is `publico` or `approve`, which the schemas say: one path for every URL.
 */
const PATH_PARAMS: Record<string, { description: string; schema: Record<string, unknown> }> = {
  userId: {
    description: "Id del usuario (nunca «approve»: /api/auth/approve/{userId} es otra llamada).",
    schema: { type: "string", not: { const: "approve" } },
  },
  cursoId: {
    description: "Id del curso (nunca «publico»: /api/cursos/publico/{tipo} es otra llamada).",
    schema: { type: "string", not: { const: "publico" } },
  },
  claseId: { description: "Id de la clase (de ese curso).", schema: { type: "string" } },
  columnaId: { description: "Id de la columna de notas (de ese curso).", schema: { type: "string" } },
  libroId: { description: "Id del libro.", schema: { type: "string" } },
  moduloIndex: { description: "Índice del módulo (desde 0).", schema: { type: "integer", minimum: 0 } },
  tipo: { description: "Público del curso.", schema: { type: "string", enum: [...AUDIENCE_PAGES] } },
};

let all: Operations | undefined;
/** Every call: the route modules' declarations (./api-route.server.ts), read when first needed. */
function operations(): Operations {
  if (all) return all;
  const modules = import.meta.glob<{ loader?: Partial<ApiRoute> }>(["./*.ts", "!./*.server.ts"], { eager: true });
  all = {};
  for (const { loader } of Object.values(modules)) {
    if (!loader?.path) continue;
    if (all[loader.path]) throw new Error(`${loader.path} está dos veces en el documento de la API.`);
    all[loader.path] = loader.operations!;
  }
  // Tag by tag, in the order of TAGS (the reference page and the linter read them in this order).
  const rank = (ops: Operations[string]) => TAGS.findIndex((t) => t.name === Object.values(ops)[0]?.tag);
  all = Object.fromEntries(Object.entries(all).sort(([, a], [, b]) => rank(a) - rank(b)));
  return all;
}

// ---------------------------------------------------------------------------------------------
// The document, built once from the declarations

type JsonSchema = Record<string, unknown>;
const REF = "#/components/schemas/";

/** The errors every call of this kind can answer, beyond its own. */
function impliedErrors(op: Operation): Record<number, ErrorDoc> {
  const errors: Record<number, ErrorDoc> = {};
  if (op.body) {
    errors[400] = {
      description: "Datos inválidos (el mensaje dice cuál).",
      texts: [BODY_NOT_JSON, BODY_NOT_OBJECT, BODY_UNREADABLE],
      varies: true,
    };
    errors[413] = error("El cuerpo o un archivo supera el máximo.", BODY_TOO_LARGE);
  }
  if (op.query?.length) {
    const texts = op.query.map((name) => QUERY[name].invalid);
    errors[400] = errors[400]
      ? { ...errors[400], texts: [...errors[400].texts, ...texts] }
      : error("Un parámetro de la consulta no es válido (el mensaje dice cuál).", ...texts);
  }
  if (op.access === "user" || op.access === "token" || op.access === "admin" || op.access === "team") {
    const m = op.messages;
    const texts = m
      ? [m.missing, m.invalid, m.noUser, ...(m.ended ? [m.ended] : [])]
      : [NO_TOKEN, BAD_TOKEN, TOKEN_ENDED];
    errors[401] = error("Sin token o sesión, o token inválido o cerrado.", ...texts);
  }
  if (op.access === "optional") {
    errors[401] = error(
      "Token inválido o cerrado (sin token se responde como a un visitante).",
      BAD_TOKEN,
      TOKEN_ENDED,
    );
  }
  if (op.access === "admin") errors[403] = error("Quien llama no es administrador.", NOT_ALLOWED);
  if (op.access === "team")
    errors[403] = error("Quien llama no es administrador ni profesor/a de este curso.", NOT_ALLOWED);
  return errors;
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { bearer: [] }, { sesion: [] }],
  user: [{ bearer: [] }, { sesion: [] }],
  token: [{ bearer: [] }],
  admin: [{ bearer: [] }, { sesion: [] }],
  team: [{ bearer: [] }, { sesion: [] }],
};

function operationId(method: Method, path: string) {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/.\-_]/)
    .filter(Boolean)
    .map((w) => (w.startsWith("{") ? `por ${w.slice(1, -1)}` : w));
  return [method, ...words.flatMap((w) => w.split(" "))]
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join("");
}

/** JSON Schema (2020-12) of a Zod schema as a client sends (`input`) or receives it; COMPONENTS become $refs. */
function schemaOf(schema: z.ZodType, io: "input" | "output", defs: Record<string, JsonSchema>): JsonSchema {
  const names = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, s]) => [s, name]));
  // The .meta() descriptions of the global registry, with the components' names added.
  const metadata = {
    get: (s: z.ZodType) => {
      const meta = z.globalRegistry.get(s);
      const id = names.get(s);
      return id ? { ...meta, id } : meta;
    },
  } as unknown as typeof z.globalRegistry;
  const generated = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    metadata,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const s = jsonSchema as JsonSchema;
      const meta = z.globalRegistry.get(zodSchema);
      // A field a client may leave out (a preprocess gives it a default) is not required of it,
      // unless the schema says which are (.meta({ required }): a PUT that replaces everything).
      if (io === "input" && zodSchema._zod.def.type === "object" && Array.isArray(s.required) && !meta?.required) {
        const shape = (zodSchema as unknown as z.ZodObject).shape;
        s.required = s.required.filter((key: string) => !shape[key]?.safeParse(undefined).success);
      }
      if (Array.isArray(s.required) && !s.required.length) delete s.required;
      // What a client may send, given with .meta({ anyOf }) (exigencia: an integer or its text),
      // is the whole of it: not the type the value is read into.
      if (io === "input" && Array.isArray(meta?.anyOf)) delete s.type;
      // Zod spells out a date's regular expression beside its format: the format says it.
      if (typeof s.format === "string" && s.format.startsWith("date")) delete s.pattern;
      if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
      // A discriminated union says which field tells its options apart, and which value is which.
      const discriminator = (zodSchema._zod.def as { discriminator?: string }).discriminator;
      if (discriminator && Array.isArray(s.oneOf)) {
        const options = (zodSchema as unknown as z.ZodDiscriminatedUnion<z.ZodObject[]>).options;
        const mapping: Record<string, string> = {};
        options.forEach((option, i) => {
          const ref = (s.oneOf as JsonSchema[])[i]?.$ref;
          const value = (option.shape[discriminator] as z.ZodLiteral<string>).value;
          if (typeof ref === "string") mapping[value] = ref;
        });
        s.discriminator = { propertyName: discriminator, mapping };
      }
      if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
    },
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const body = relink(def);
    if (defs[name] && JSON.stringify(defs[name]) !== JSON.stringify(body)) {
      throw new Error(`El esquema ${name} difiere entre entrada y salida: dale dos nombres.`);
    }
    defs[name] = body;
  }
  return relink(root);
}

/** $refs to the generator's own $defs, pointed at components/schemas. */
function relink(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', `"${REF}`)) as JsonSchema;
}

/** The texts of an error answer as named examples (`error-1`, …). */
function errorExamples(texts: readonly string[]) {
  return Object.fromEntries([...new Set(texts)].map((text, i) => [`error-${i + 1}`, { value: { error: text } }]));
}

function errorAnswer({ description, texts, varies }: ErrorDoc) {
  const examples = texts.length ? { examples: errorExamples(texts) } : {};
  return {
    description,
    // The examples are some of the texts, not all: the text says what in the input is wrong.
    ...(varies ? { "x-texto-variable": true } : {}),
    content: { "application/json": { schema: { $ref: `${REF}Error` }, ...examples } },
  };
}

/** The answers every call shares: a method the path does not serve, and a path that is no call. */
const SHARED_RESPONSES = {
  MetodoNoPermitido: {
    description: "Método no admitido en esta ruta; Allow dice cuáles lo son.",
    headers: { Allow: { description: "Los métodos que la ruta admite.", schema: { type: "string" } } },
    content: {
      "application/json": { schema: { $ref: `${REF}Error` }, examples: errorExamples([METHOD_NOT_ALLOWED]) },
    },
  },
  RutaNoEncontrada: {
    description: "Ruta no encontrada: la dirección no es la de ninguna llamada (cualquier método).",
    content: { "application/json": { schema: { $ref: `${REF}Error` }, examples: errorExamples([API_NOT_FOUND]) } },
  },
};

function answerOf(answer: Answer, defs: Record<string, JsonSchema>) {
  const headers = answer.headers?.length ? Object.fromEntries(answer.headers.map((h) => [h, HEADERS[h]])) : undefined;
  const content = answer.schema
    ? { "application/json": { schema: schemaOf(answer.schema, "output", defs) } }
    : answer.pdf
      ? { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } }
      : answer.zip
        ? { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } }
        : { "text/html": { schema: { type: "string" } } };
  if (answer.example !== undefined) {
    for (const media of Object.values(content) as Array<Record<string, unknown>>) {
      media.examples = { ejemplo: { value: answer.example } };
    }
  }
  return { description: answer.description, ...(headers ? { headers } : {}), content };
}

function operationOf(method: Method, path: string, op: Operation, defs: Record<string, JsonSchema>) {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    ...(PATH_PARAMS[name!] ?? { schema: { type: "string" } }),
  }));
  const queryParams = (op.query ?? []).map((name) => ({
    name,
    in: "query",
    required: false,
    description: QUERY[name].description,
    schema: QUERY[name].schema,
  }));
  const body = op.body && {
    required: !op.body.optional,
    content: {
      ...(op.body.json ? { "application/json": { schema: schemaOf(op.body.json, "input", defs) } } : {}),
      ...(op.body.form ? { "multipart/form-data": { schema: schemaOf(op.body.form, "input", defs) } } : {}),
    },
  };
  // A call's own error of a status the implied ones have too adds its texts to theirs.
  const errors = impliedErrors(op);
  for (const [status, own] of Object.entries(op.errors ?? {}) as unknown as Array<[number, ErrorDoc]>) {
    const implied = errors[status];
    errors[status] = implied
      ? { description: own.description, texts: [...own.texts, ...implied.texts], varies: own.varies || implied.varies }
      : own;
  }
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.ok)) responses[status] = answerOf(answer, defs);
  for (const [status, doc] of Object.entries(errors)) {
    const answer = errorAnswer(doc);
    // A 429 says when to come back.
    responses[status] = status === "429" ? { ...answer, headers: { "Retry-After": HEADERS["Retry-After"] } } : answer;
  }
  // A path with a typo answers 404 for any call; a call with its own 404 says so above.
  responses["404"] ??= { $ref: "#/components/responses/RutaNoEncontrada" };
  responses["405"] = { $ref: "#/components/responses/MetodoNoPermitido" };
  const roles =
    op.access === "admin"
      ? " Requiere el rol admin."
      : op.access === "team"
        ? " Requiere el rol admin o ser profesor/a del curso (su equipo docente)."
        : "";
  return {
    operationId: operationId(method, path),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || roles ? { description: `${op.description ?? ""}${roles}`.trim() } : {}),
    security: SECURITY[op.access],
    ...(pathParams.length || queryParams.length ? { parameters: [...pathParams, ...queryParams] } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

const DESCRIPTION = [
  "La API JSON de la academia: las mismas reglas que el sitio (docs/product.md#json-api).",
  "",
  "- **Autenticación**: `Authorization: Bearer <token>` con el token de `POST /api/auth/login`. Desde el " +
    "navegador también sirve la cookie de sesión del sitio, pero un cambio (POST, PUT, DELETE) con cookie " +
    "debe venir del propio sitio (Origin).",
  '- **Errores**: todo 4xx y 5xx responde `{ "error": "…" }` en español. Un método no admitido responde 405 ' +
    "con `Allow`; una ruta desconocida, 404.",
  "- **Cuerpos**: JSON; donde se indica, `multipart/form-data` para subir archivos. Un formulario " +
    "(`application/x-www-form-urlencoded`) con los mismos campos también se acepta.",
  "- **Listas**: paginadas con `?page=N`; el encabezado `Link` da las páginas siguiente y anterior.",
].join("\n");

let cached: JsonSchema | undefined;

/** The OpenAPI 3.1 document of every /api call. */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const defs: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(operations())) {
    paths[path] = {};
    for (const [method, op] of Object.entries(methods) as Array<[Method, Operation]>) {
      paths[path][method] = operationOf(method, path, op, defs);
    }
  }
  // The error shape is always a component, even if no call named it through a schema.
  schemaOf(ApiErrorSchema, "output", defs);
  const sorted = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  cached = {
    openapi: "3.1.1",
    info: { title: "API de la academia", version: "1.0.0", description: DESCRIPTION },
    // The public address (APP_URL), never a request's Host header: generated clients take it as
    // their base URL.
    servers: [{ url: publicUrl(), description: "Esta academia." }],
    tags: TAGS,
    paths,
    components: {
      schemas: sorted,
      responses: SHARED_RESPONSES,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "El token de POST /api/auth/login.",
        },
        sesion: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-academia_session",
          description:
            "La sesión del sitio (navegador; academia_session cuando el sitio no usa HTTPS). Los cambios solo " +
            "desde el propio sitio.",
        },
      },
    },
  };
  return cached;
}
