// Course authoring rules (docs/product.md#course-editor): the one
// place they are written. The HTML forms (create page, editor) and the API (POST/PUT
// /api/cursos) read their input into these schemas; nothing else decides what is valid.
// Server only: Zod stays out of browser bundles (texts live in ./texts.ts).
import { z } from "zod";
import { isSingleLineText, multiLineText, singleLineText, TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { AUDIENCES } from "../audience.ts";
import { cleanStringList } from "../json-list.ts";
import {
  AUDIENCE_INVALID,
  DATE_INVALID,
  DATES_ORDER,
  DURATION_INVALID,
  INVALID_JSON,
  LINK_NAME_REQUIRED,
  LINK_URL_INVALID,
  MAX_OPTIONS,
  MAX_QUESTION_OPTIONS,
  MIN_OPTIONS,
  MIN_QUESTION_OPTIONS,
  MODULE_TITLE_REQUIRED,
  ONE_CORRECT,
  OPTIONS_REQUIRED,
  QUESTION_TEXT_REQUIRED,
  TITLE_REQUIRED,
} from "./texts.ts";

const tooLong = (max: number) => `Máximo ${max} caracteres.`;

/** Inline texts (titles, questions, options, list items) are one line: line breaks dropped. */
function singleLine(value: unknown): string {
  return typeof value === "string"
    ? value
        .replace(/[\r\n\t]+/g, " ")
        .replace(/ {2,}/g, " ")
        .trim()
    : "";
}

/** Multi-line texts (welcome, descriptions): trimmed, line endings normalised. */
function multiLine(value: unknown): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
}

// After singleLine has turned line breaks and tabs into spaces, any control character left (NUL,
// ESC…) is refused rather than dropped: the author sees what was wrong (app/lib/text.ts).
const line = (max: number, required?: string) =>
  z.preprocess(
    singleLine,
    singleLineText(required ? z.string().min(1, required).max(max, tooLong(max)) : z.string().max(max, tooLong(max))),
  );
const paragraph = (max: number) => z.preprocess(multiLine, multiLineText(z.string().max(max, tooLong(max))));

/** Hours: a number >= 0 (comma or point), or empty when allowed; anything else is invalid. */
const duration = (required: boolean) =>
  z
    .preprocess(
      (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(",", ".") : ""),
      z.string(),
    )
    .superRefine((v, ctx) => {
      if (v === "" && !required) return;
      if (!/^\d{1,5}(\.\d{1,2})?$/.test(v) || Number(v) > 10_000)
        ctx.addIssue({ code: "custom", message: DURATION_INVALID });
    })
    .transform((v) => (v === "" ? null : Number(v)))
    .meta({ description: "Horas: número mayor o igual a 0 (se acepta coma decimal)." });

/**
 * A calendar date, stored at noon UTC so that it shows the same day everywhere. Accepts
 * "YYYY-MM-DD", an ISO date-time, or a seconds-timestamp object ({ seconds } / { _seconds }),
 * the shapes API clients send (docs/product.md#api-courses); empty means no date.
 */
export function readCalendarDate(value: unknown): Date | null | "invalid" {
  if (value === null || value === undefined || value === "") return null;
  let date: Date | null = null;
  if (typeof value === "object") {
    const v = value as { seconds?: unknown; _seconds?: unknown };
    const seconds = Number(v.seconds ?? v._seconds);
    if (Number.isFinite(seconds)) date = new Date(seconds * 1000);
  } else if (typeof value === "string") {
    const s = value.trim();
    if (s === "") return null;
    if (/^\s*\{/.test(s)) {
      try {
        return readCalendarDate(JSON.parse(s));
      } catch {
        return "invalid";
      }
    }
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    date = m
      ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12))
      : /^\d{4}-\d{2}-\d{2}T/.test(s)
        ? new Date(s)
        : null;
    if (m && date && date.getUTCDate() !== Number(m[3])) return "invalid"; // 2026-02-31
  }
  if (!date || Number.isNaN(date.getTime())) return "invalid";
  const year = date.getUTCFullYear();
  if (year < 1900 || year > 2200) return "invalid";
  return new Date(Date.UTC(year, date.getUTCMonth(), date.getUTCDate(), 12));
}

const calendarDate = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const d = readCalendarDate(v);
    if (d === "invalid") {
      ctx.addIssue({ code: "custom", message: DATE_INVALID });
      return z.NEVER;
    }
    return d;
  })
  .meta({
    description: "Fecha AAAA-MM-DD, fecha-hora ISO o { seconds }; vacía: sin fecha.",
    anyOf: [
      { type: "string" },
      { type: "object", properties: { seconds: { type: "integer" } }, required: ["seconds"] },
    ],
  });

/**
 * herramientas / loAprenderan: a JSON list (API, docs/product.md#api-courses) or one item per line (HTML form).
 * Items are single lines, trimmed; empties and duplicates are dropped (docs/product.md#course-editor).
 */
const stringList = (field: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      let items: unknown = v;
      if (typeof v === "string") {
        const s = v.trim();
        if (s.startsWith("[")) {
          try {
            items = JSON.parse(s);
          } catch {
            ctx.addIssue({ code: "custom", message: INVALID_JSON(field) });
            return z.NEVER;
          }
        } else items = s.split(/\r\n|\r|\n/);
      }
      if (items === undefined || items === null) return [];
      if (!Array.isArray(items) || items.some((i) => typeof i !== "string" && typeof i !== "number")) {
        ctx.addIssue({ code: "custom", message: INVALID_JSON(field) });
        return z.NEVER;
      }
      const lines = items.map((i) => singleLine(String(i)));
      if (!lines.every(isSingleLineText)) {
        ctx.addIssue({ code: "custom", message: TEXT_NOT_ALLOWED });
        return z.NEVER;
      }
      const clean = cleanStringList(lines);
      if (clean.length > 50 || clean.some((i) => i.length > 300)) {
        ctx.addIssue({ code: "custom", message: `Máximo 50 elementos de 300 caracteres en ${field}.` });
        return z.NEVER;
      }
      return clean;
    })
    .meta({
      description: "Lista JSON de textos (o un texto por línea).",
      anyOf: [{ type: "array", items: { type: "string" } }, { type: "string" }],
    });

function courseFields(opts: { requireDuration: boolean }) {
  return z
    .object({
      titulo: line(200, TITLE_REQUIRED),
      bienvenida: paragraph(5000),
      duracionHoras: duration(opts.requireDuration),
      dirigidoA: z.preprocess(
        (v) =>
          v === undefined || v === null || v === "" ? "comunidad" : typeof v === "string" ? v.trim().toLowerCase() : v,
        z.enum(AUDIENCES, { error: AUDIENCE_INVALID }),
      ),
      fechaInicio: calendarDate,
      fechaTermino: calendarDate,
      herramientas: stringList("herramientas"),
      loAprenderan: stringList("loAprenderan"),
    })
    .superRefine((c, ctx) => {
      if (c.fechaInicio && c.fechaTermino && c.fechaInicio.getTime() > c.fechaTermino.getTime()) {
        ctx.addIssue({ code: "custom", path: ["fechaInicio"], message: DATES_ORDER });
      }
    });
}

/** Creating a course: the duration is required (not empty, not negative). */
export const CreateCourseSchema = courseFields({ requireDuration: true });
/** Editing a course: the duration is a number >= 0 or empty. */
export const CourseFieldsSchema = courseFields({ requireDuration: false });
export type CourseFields = z.infer<typeof CourseFieldsSchema>;

/** Form fields as typed, for Conform on the pages. */
export type CourseFormFields = {
  titulo?: string;
  bienvenida?: string;
  duracionHoras?: string;
  dirigidoA?: string;
  fechaInicio?: string;
  fechaTermino?: string;
  herramientas?: string;
  loAprenderan?: string;
  imagen?: unknown;
};

// ---------------------------------------------------------------------------------------------
// Modules, links, questions

function isHttpUrl(value: string) {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export const LinkSchema = z.object({
  nombre: line(200, LINK_NAME_REQUIRED),
  // One line, refused rather than cleaned: new URL() would drop a line break or tab silently.
  url: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    singleLineText(z.string().max(2000, tooLong(2000))).refine(isHttpUrl, LINK_URL_INVALID),
  ),
});

export const ModuleFieldsSchema = z.object({
  titulo: line(200, MODULE_TITLE_REQUIRED),
  descripcion: paragraph(5000),
});

/**
 * A quiz question (docs/product.md#course-editor): text required, 2 to 10 options, every option text filled, exactly
 * one marked correct.
 */
export const QuestionSchema = z
  .object({
    texto: line(1000, QUESTION_TEXT_REQUIRED),
    opciones: z
      .array(z.object({ texto: line(500), correcta: z.boolean() }))
      .min(MIN_QUESTION_OPTIONS, MIN_OPTIONS)
      .max(MAX_QUESTION_OPTIONS, MAX_OPTIONS),
  })
  .superRefine((q, ctx) => {
    if (q.opciones.some((o) => o.texto === ""))
      ctx.addIssue({ code: "custom", path: ["opciones"], message: OPTIONS_REQUIRED });
    if (q.opciones.filter((o) => o.correcta).length !== 1)
      ctx.addIssue({ code: "custom", path: ["opciones"], message: ONE_CORRECT });
  });
export type QuestionInput = z.infer<typeof QuestionSchema>;

/**
 * A question as API clients send it (docs/product.md#api-courses): `texto` or `pregunta`; options as texts or
 * { texto, correcta }; `respuestaCorrecta` as an index, a numeric string or the option's text.
 * Mapped to { texto, opciones: [{ texto, correcta }] } for QuestionSchema to judge.
 */
export function questionFromApi(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const q = raw as Record<string, unknown>;
  const rawOptions = Array.isArray(q.opciones) ? q.opciones : [];
  const opciones = rawOptions.map((o) => {
    if (typeof o === "string" || typeof o === "number") return { texto: String(o), correcta: false };
    const obj = (o ?? {}) as Record<string, unknown>;
    return { texto: typeof obj.texto === "string" ? obj.texto : "", correcta: obj.correcta === true };
  });
  if (!opciones.some((o) => o.correcta) && q.respuestaCorrecta !== undefined && q.respuestaCorrecta !== null) {
    const r = q.respuestaCorrecta;
    const index =
      typeof r === "number"
        ? r
        : typeof r === "string" && /^\d+$/.test(r.trim())
          ? Number(r.trim())
          : opciones.findIndex((o) => o.texto.trim() === String(r).trim());
    if (Number.isInteger(index) && opciones[index]) opciones[index].correcta = true;
  }
  return { texto: q.texto ?? q.pregunta, opciones };
}

/** An existing file to keep: its id, its URL, or the object GET /api/cursos/{cursoId} lists. */
const FileRef = z.union([z.string(), z.object({ id: z.string().nullish(), url: z.string().nullish() })]);

/**
 * What a client sends for a module's text and its questions: read as they come and judged by
 * ApiModuleInput below (with its Spanish messages), documented with the types a client should
 * send (the OpenAPI document, features/api-docs).
 */
const sentText = (description: string) => z.unknown().optional().meta({ type: "string", description });
/** A question as API clients may send it (questionFromApi). */
export const ApiQuestionSchema = z.unknown().meta({
  type: "object",
  description:
    "texto (o pregunta), de 2 a 10 opciones (textos, o { texto, correcta }) y la correcta: marcada con " +
    "correcta, o en respuestaCorrecta (su índice desde 0, o su texto). Con id, la pregunta existente (PUT).",
  properties: {
    id: { type: "string", maxLength: 64 },
    texto: { type: "string", maxLength: 1000 },
    pregunta: { type: "string", maxLength: 1000, description: "Lo mismo que texto (clientes anteriores)." },
    opciones: {
      type: "array",
      minItems: MIN_QUESTION_OPTIONS,
      maxItems: MAX_QUESTION_OPTIONS,
      items: {
        anyOf: [
          { type: "string", maxLength: 500 },
          {
            type: "object",
            properties: { texto: { type: "string", maxLength: 500 }, correcta: { type: "boolean" } },
            required: ["texto"],
          },
        ],
      },
    },
    respuestaCorrecta: { anyOf: [{ type: "integer", minimum: 0 }, { type: "string" }] },
  },
  required: ["opciones"],
});

/** A module in the API's `modulos` JSON (docs/product.md#api-courses): existing ones carry their id (PUT). */
export const ApiModuleSchema = z.object({
  id: z.string().max(64).optional(),
  titulo: sentText("El título del módulo (hasta 200 caracteres)."),
  nombre: sentText("Lo mismo que titulo (clientes anteriores)."),
  descripcion: sentText("La descripción (hasta 5000 caracteres)."),
  enlaces: z.array(LinkSchema).max(50, "Máximo 50 enlaces por módulo.").optional(),
  /** Existing files to keep (PUT): ids or their URLs; absent = keep them all. */
  archivosModulo: z.array(FileRef).max(100).optional(),
  archivos: z.array(FileRef).max(100).optional(),
  quiz: z
    .union([z.array(ApiQuestionSchema), z.object({ preguntas: z.array(ApiQuestionSchema).optional() })])
    .nullable()
    .optional(),
});

const ApiModuleInput = ApiModuleSchema.transform((m, ctx) => {
  const fields = ModuleFieldsSchema.safeParse({ titulo: m.titulo ?? m.nombre, descripcion: m.descripcion });
  if (!fields.success) {
    for (const issue of fields.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  }
  const rawQuestions =
    m.quiz === undefined ? undefined : m.quiz === null ? [] : Array.isArray(m.quiz) ? m.quiz : (m.quiz.preguntas ?? []);
  let preguntas: Array<QuestionInput & { id?: string }> | undefined;
  if (rawQuestions) {
    if (rawQuestions.length > 100) {
      ctx.addIssue({ code: "custom", path: ["quiz"], message: "Máximo 100 preguntas por módulo." });
      return z.NEVER;
    }
    preguntas = [];
    for (const [i, raw] of rawQuestions.entries()) {
      const q = QuestionSchema.safeParse(questionFromApi(raw));
      if (!q.success) {
        ctx.addIssue({
          code: "custom",
          path: ["quiz", i],
          message: `Pregunta ${i + 1}: ${q.error.issues[0]?.message}`,
        });
        return z.NEVER;
      }
      const id = (raw as { id?: unknown } | null)?.id;
      preguntas.push(typeof id === "string" && id.length <= 64 ? { ...q.data, id } : q.data);
    }
  }
  const keep = m.archivosModulo ?? m.archivos;
  return {
    id: m.id,
    ...fields.data,
    enlaces: m.enlaces,
    preguntas,
    keepFiles: keep?.map((f) => (typeof f === "string" ? f : (f.id ?? f.url ?? ""))).filter(Boolean),
  };
});
export type ApiModule = z.output<typeof ApiModuleInput>;

/** The `modulos` field: a JSON list of modules (at most 50). */
export const ApiModulesField = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === "") return undefined;
    let list: unknown = v;
    if (typeof v === "string") {
      try {
        list = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: "custom", message: INVALID_JSON("modulos") });
        return z.NEVER;
      }
    }
    if (!Array.isArray(list) || list.length > 50) {
      ctx.addIssue({ code: "custom", message: INVALID_JSON("modulos") });
      return z.NEVER;
    }
    const out: ApiModule[] = [];
    for (const [i, raw] of list.entries()) {
      const m = ApiModuleInput.safeParse(raw);
      if (!m.success) {
        const issue = m.error.issues[0];
        const msg = issue?.message ?? MODULE_TITLE_REQUIRED;
        ctx.addIssue({ code: "custom", message: `Módulo ${i + 1}: ${msg}` });
        return z.NEVER;
      }
      out.push(m.data);
    }
    return out;
  });

/** First message per field, for forms and for the API's { error }. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "";
    const messages = (out[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The API's bodies as the OpenAPI document (features/api-docs) shows them: the same field schemas,
// plus the files the upload parser reads (submission.server.ts) and `modulos` as JSON.

const moduleFiles = {
  patternProperties: {
    "^archivosModulo_\\d{1,2}$": {
      type: "array",
      items: { type: "string", format: "binary", contentMediaType: "application/pdf" },
      description: "PDF del módulo con ese índice (desde 0); el campo se puede repetir.",
    },
  },
};

/** POST /api/cursos (multipart/form-data). */
export const CourseCreateFormSchema = z
  .object({
    ...CreateCourseSchema.shape,
    imagen: z.file().meta({ description: "Imagen del curso (JPEG, PNG o WebP)." }),
    modulos: z.string().optional().meta({
      description: "JSON: lista de módulos (ApiModulo).",
      contentMediaType: "application/json",
    }),
  })
  .meta(moduleFiles);

/** PUT /api/cursos/{cursoId} (multipart/form-data): every field optional but the title. */
export const CourseUpdateFormSchema = z
  .object({
    ...CourseFieldsSchema.shape,
    imagen: z.file().optional().meta({ description: "Imagen nueva (opcional)." }),
    modulos: z.string().optional().meta({
      description: "JSON: lista de módulos (ApiModulo); los existentes con su id. Sin él, los módulos no cambian.",
      contentMediaType: "application/json",
    }),
  })
  .meta(moduleFiles);

/** PUT /api/cursos/{cursoId} (application/json). */
export const CourseUpdateJsonSchema = z.object({
  ...CourseFieldsSchema.shape,
  modulos: z.array(ApiModuleSchema).max(50).optional(),
});
