// Course authoring rules (docs/product.md#course-editor): the one
// place they are written. The HTML forms (create page, editor) and the API (POST/PUT
// /api/cursos) read their input into these schemas; nothing else decides what is valid. What
// only the API reads (its `modulos` JSON, questions in the clients' shapes) is ./api-schema.ts,
// which maps it onto these. Server only: Zod stays out of browser bundles (texts live in ./texts.ts).
import { z } from "zod";
import { chileLocalToUtc } from "~/lib/chile-time.ts";
import { isSingleLineText, multiLineText, singleLineText, TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { AUDIENCES } from "~/features/courses/audience.ts";
import { VISIBILITIES } from "~/features/courses/rules.ts";
import { cleanStringList } from "~/features/courses/json-list.ts";
import { REVISION_CUANDO, REVISIONES } from "~/features/quizzes/review.ts";
import { EXIGENCIA_DEFAULT, EXIGENCIA_MAX, EXIGENCIA_MIN } from "~/features/quizzes/nota.ts";
import { parseDecimal, TIPOS } from "~/features/quizzes/grading.ts";
import {
  AUDIENCE_INVALID,
  VISIBILITY_INVALID,
  DATE_INVALID,
  DATES_ORDER,
  DUE_DATE_INVALID,
  DURATION_INVALID,
  ATTEMPTS_INVALID,
  ATTEMPTS_MAX,
  REVIEW_INVALID,
  DRAW_INVALID,
  MAX_MODULE_QUESTIONS,
  SHUFFLE_INVALID,
  TIME_LIMIT_INVALID,
  TIME_LIMIT_MAX,
  EXIGENCIA_INVALID,
  INVALID_JSON,
  LINK_NAME_REQUIRED,
  LINK_URL_INVALID,
  MAX_OPTIONS,
  MAX_QUESTION_OPTIONS,
  MIN_OPTIONS,
  MIN_QUESTION_OPTIONS,
  MODULE_TITLE_REQUIRED,
  ONE_CORRECT,
  SOME_CORRECT,
  TRUE_OR_FALSE,
  ANSWERS_REQUIRED,
  VALUE_INVALID,
  TOLERANCE_INVALID,
  TIPO_INVALID,
  TRUE_FALSE,
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
    .meta({
      description: "Horas: número mayor o igual a 0 (se acepta coma decimal).",
      anyOf: [{ type: "number", minimum: 0 }, { type: "string" }, { type: "null" }],
    });

/**
 * The exigencia (docs/product.md#calificaciones): a whole percentage between EXIGENCIA_MIN and
 * EXIGENCIA_MAX, a number or its text ('65', '65 %'); empty or left out is the default, 70 (the
 * specification's pass mark). It is also the course's pass mark (docs/decisions/043-one-pass-mark.md).
 */
const exigencia = z
  .preprocess(
    (v) =>
      v === undefined || v === null
        ? ""
        : typeof v === "number"
          ? String(v)
          : typeof v === "string"
            ? v.trim().replace(/\s*%$/, "")
            : "?",
    z.string(),
  )
  .superRefine((v, ctx) => {
    if (v === "") return;
    if (!/^\d{1,3}$/.test(v) || Number(v) < EXIGENCIA_MIN || Number(v) > EXIGENCIA_MAX)
      ctx.addIssue({ code: "custom", message: EXIGENCIA_INVALID });
  })
  .transform((v) => (v === "" ? EXIGENCIA_DEFAULT : Number(v)))
  .meta({
    description:
      `Exigencia: el porcentaje para aprobar, que es la nota 4,0 (entero de ${EXIGENCIA_MIN} a ${EXIGENCIA_MAX}); ` +
      `vacía u omitida, ${EXIGENCIA_DEFAULT}.`,
    anyOf: [{ type: "integer", minimum: EXIGENCIA_MIN, maximum: EXIGENCIA_MAX }, { type: "string" }, { type: "null" }],
    default: EXIGENCIA_DEFAULT,
  });

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
    description: "Fecha AAAA-MM-DD, fecha-hora ISO o { seconds }; vacía o null: sin fecha.",
    anyOf: [
      { type: "string" },
      { type: "object", properties: { seconds: { type: "integer" } }, required: ["seconds"] },
      { type: "null" },
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
      anyOf: [{ type: "array", items: { type: "string" } }, { type: "string" }, { type: "null" }],
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
      // Left out: a new course is private when a docente creates it, public when an admin does;
      // an existing one keeps its own (docs/decisions/039-private-courses.md).
      visibilidad: z
        .preprocess(
          (v) =>
            v === undefined || v === null || v === "" ? undefined : typeof v === "string" ? v.trim().toLowerCase() : v,
          z.enum(VISIBILITIES, { error: VISIBILITY_INVALID }).optional(),
        )
        .meta({
          description:
            "publico (el catálogo abierto) o privado (solo su equipo, los administradores y quienes estén " +
            "inscritos). " +
            "Omitida: privado si lo crea un docente, publico si lo crea un administrador; al editar, se mantiene.",
        }),
      fechaInicio: calendarDate,
      fechaTermino: calendarDate,
      herramientas: stringList("herramientas"),
      loAprenderan: stringList("loAprenderan"),
      exigencia,
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
/** The course's own fields (not its image or modules). */
export const COURSE_FIELD_NAMES = Object.keys(CourseFieldsSchema.shape) as Array<keyof CourseFields>;
/** Each one a PUT must send: all but the visibility, which a PUT without it keeps. */
export const REQUIRED_FIELD_NAMES = COURSE_FIELD_NAMES.filter((name) => name !== "visibilidad");

type FieldMap<T> = Record<keyof CourseFields, T>;
/** The course's own fields as a Prisma select: what a PATCH reads of the stored course. */
export const COURSE_FIELD_SELECT = Object.fromEntries(COURSE_FIELD_NAMES.map((name) => [name, true])) as FieldMap<true>;

/**
 * A stored course's fields as a client sends them (dates as yyyy-mm-dd, lists as lists): what a
 * PATCH's fields go over before CourseFieldsSchema judges the whole, as a PUT's would be.
 */
export function sentCourseFields(
  course: FieldMap<unknown> & { fechaInicio: Date | null; fechaTermino: Date | null },
): FieldMap<unknown> {
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
  const fields = Object.fromEntries(COURSE_FIELD_NAMES.map((name) => [name, course[name]])) as FieldMap<unknown>;
  return { ...fields, fechaInicio: day(course.fechaInicio), fechaTermino: day(course.fechaTermino) };
}

/** Form fields as typed, for Conform on the pages. */
export type CourseFormFields = Partial<FieldMap<string>> & { imagen?: unknown };

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

/**
 * A module's due date ('Fecha límite', docs/product.md#due-dates): Chile's date and time as a
 * datetime-local field sends it ('2026-12-05T23:59'), or an instant with its offset
 * ('2026-12-06T02:59:00Z', '…-03:00'); stored as the instant (UTC). Empty or null: no due date.
 * Left out (undefined): the API keeps the module's current date.
 */
export function readDueDate(value: unknown): Date | null | undefined | "invalid" {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string") return "invalid";
  const s = value.trim();
  if (s === "") return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(s) && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)) {
    const at = new Date(s);
    const year = at.getUTCFullYear();
    return Number.isNaN(at.getTime()) || year < 1970 || year > 2200 ? "invalid" : at;
  }
  return chileLocalToUtc(s);
}

/** How the API document shows a module's due date. */
export const DUE_DATE_DOC = {
  description:
    "Fecha límite del módulo: fecha y hora de Chile AAAA-MM-DDTHH:mm (America/Santiago), o un instante ISO con " +
    "zona (…Z, …-03:00); vacía o null: sin fecha límite; omitida: se mantiene la actual.",
  anyOf: [{ type: "string" }, { type: "null" }],
};
const dueDate = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const d = readDueDate(v);
    if (d === "invalid") {
      ctx.addIssue({ code: "custom", message: DUE_DATE_INVALID });
      return z.NEVER;
    }
    return d;
  })
  .meta(DUE_DATE_DOC);

/** A module's whole-number setting 1–max; empty or null: none (null); left out: kept. */
const optionalWhole = (max: number, message: string, description: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return v;
      const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "?";
      if (text === "") return null;
      if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    })
    .meta({
      description,
      anyOf: [{ type: "integer", minimum: 1, maximum: max }, { type: "string" }, { type: "null" }],
    });

/** A module's attempt limit: a whole number 1–100; empty or null: unlimited; left out: kept. */
const attemptLimit = optionalWhole(
  ATTEMPTS_MAX,
  ATTEMPTS_INVALID,
  `Intentos máximos de la evaluación del módulo (1 a ${ATTEMPTS_MAX}); vacío o null: ilimitados; omitido: se mantiene.`,
);

export const ModuleFieldsSchema = z.object({
  titulo: line(200, MODULE_TITLE_REQUIRED),
  descripcion: paragraph(5000),
  fechaLimite: dueDate,
  intentosMaximos: attemptLimit,
  // What a learner sees after an attempt (features/quizzes/review.ts); left out: kept.
  revision: z.enum(REVISIONES, { error: REVIEW_INVALID }).optional(),
  revisionCuando: z.enum(REVISION_CUANDO, { error: REVIEW_INVALID }).optional(),
  // A served attempt's settings (docs/decisions/045-served-attempts.md); left out: kept.
  barajar: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], { error: SHUFFLE_INVALID })
    .optional()
    .meta({ description: "Barajar preguntas y opciones en cada intento; omitido: se mantiene." }),
  preguntasPorIntento: optionalWhole(
    MAX_MODULE_QUESTIONS,
    DRAW_INVALID,
    "Preguntas elegidas al azar en cada intento (1 al número de preguntas del módulo); vacío o null: todas; " +
      "omitido: se mantiene.",
  ),
  tiempoLimiteMin: optionalWhole(
    TIME_LIMIT_MAX,
    TIME_LIMIT_INVALID,
    `Minutos por intento (1 a ${TIME_LIMIT_MAX}); vacío o null: sin límite; omitido: se mantiene.`,
  ),
});

/** A numeric question's value or tolerance: a number or its text (comma or dot), kept as its exact text. */
const decimal = (message: string, min0 = false) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return null;
      const text = typeof v === "number" || typeof v === "string" ? parseDecimal(String(v)) : null;
      if (text === null || (min0 && text.startsWith("-"))) ctx.addIssue({ code: "custom", message });
      return text;
    });

/**
 * A quiz question (docs/product.md#course-editor, docs/decisions/046-kinds-of-question.md), by its
 * `tipo` (left out: 'unica'): text required; 'unica' and 'multiple' 2 to 10 options, every option
 * text filled, exactly one (at least one) marked correct; 'verdadero_falso' its two options, one
 * correct; 'respuesta_corta' 1 to 10 accepted answers (stored as correct options; empty ones
 * dropped); 'numerica' a value and a tolerance ≥ 0 (empty: 0), as exact decimal texts.
 */
export const QuestionSchema = z
  .object({
    tipo: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? "unica" : v),
      z.enum(TIPOS, { error: TIPO_INVALID }),
    ),
    texto: line(1000, QUESTION_TEXT_REQUIRED),
    opciones: z
      .array(z.object({ texto: line(500), correcta: z.boolean() }))
      .max(MAX_QUESTION_OPTIONS, MAX_OPTIONS)
      .default([]),
    puntajeParcial: z.boolean().default(false),
    valor: decimal(VALUE_INVALID),
    tolerancia: decimal(TOLERANCE_INVALID, true),
  })
  .transform((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const right = q.opciones.filter((o) => o.correcta).length;
    const base = { tipo: q.tipo, texto: q.texto, puntajeParcial: false, valor: null, tolerancia: null };
    switch (q.tipo) {
      case "numerica":
        if (q.valor === null) issue("valor", VALUE_INVALID);
        return { ...base, opciones: [], valor: q.valor, tolerancia: q.tolerancia ?? "0" };
      case "respuesta_corta": {
        const opciones = q.opciones.filter((o) => o.texto !== "").map((o) => ({ texto: o.texto, correcta: true }));
        if (opciones.length === 0) issue("opciones", ANSWERS_REQUIRED);
        return { ...base, opciones };
      }
      case "verdadero_falso":
        if (q.opciones.length !== 2 || right !== 1) issue("opciones", TRUE_OR_FALSE);
        return {
          ...base,
          opciones: TRUE_FALSE.map((texto, i) => ({ texto, correcta: q.opciones[i]?.correcta === true })),
        };
      default:
        if (q.opciones.length < MIN_QUESTION_OPTIONS) issue("opciones", MIN_OPTIONS);
        if (q.opciones.some((o) => o.texto === "")) issue("opciones", OPTIONS_REQUIRED);
        if (q.tipo === "unica" ? right !== 1 : right === 0)
          issue("opciones", q.tipo === "unica" ? ONE_CORRECT : SOME_CORRECT);
        return { ...base, opciones: q.opciones, puntajeParcial: q.tipo === "multiple" && q.puntajeParcial };
    }
  });
export type QuestionInput = z.output<typeof QuestionSchema>;

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
