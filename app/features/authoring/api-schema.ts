// What POST/PUT /api/cursos accept beyond the course's fields (docs/product.md#api-courses): the
// `modulos` JSON, the questions in the shapes API clients send, and how they map onto the rules of
// ./schema.ts (the same rules the editor's forms use) before ./whole-course.server.ts writes them;
// then the bodies as the OpenAPI document (routes/api) shows them.
// Server only: Zod stays out of browser bundles.
import { z } from "zod";
import { QuestionSent } from "~/features/quizzes/question-json.ts";
import { INVALID_JSON, MAX_MODULE_QUESTIONS, MODULE_TITLE_REQUIRED } from "./texts.ts";
import {
  REQUIRED_FIELD_NAMES,
  CourseFieldsSchema,
  CreateCourseSchema,
  DUE_DATE_DOC,
  LinkSchema,
  ModuleFieldsSchema,
  QuestionSchema,
  type QuestionInput,
} from "./schema.ts";

/**
 * A question as API clients send it (docs/product.md#api-courses), by its `tipo` (left out:
 * 'unica'): `texto` or `pregunta`; options as texts or { texto, correcta }; for 'unica'
 * `respuestaCorrecta` as an index, a numeric string or the option's text; for 'verdadero_falso'
 * `respuestaCorrecta` true or false; for 'respuesta_corta' `respuestasAceptadas`; for 'numerica'
 * `valor` and `tolerancia`. Mapped to the editor's draft for QuestionSchema to judge.
 */
export function questionFromApi(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const q = raw as Record<string, unknown>;
  const kind = { tipo: q.tipo, texto: q.texto ?? q.pregunta, puntajeParcial: q.puntajeParcial === true };
  if (q.tipo === "verdadero_falso") {
    const r = q.respuestaCorrecta;
    return { ...kind, opciones: [r === true, r === false].map((correcta) => ({ texto: "", correcta })) };
  }
  if (q.tipo === "respuesta_corta") {
    const accepted = Array.isArray(q.respuestasAceptadas) ? q.respuestasAceptadas : [];
    return {
      ...kind,
      opciones: accepted.map((texto) => ({ texto: typeof texto === "string" ? texto : "", correcta: true })),
    };
  }
  if (q.tipo === "numerica") return { ...kind, valor: q.valor, tolerancia: q.tolerancia };
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
  return { ...kind, opciones };
}

/** An existing file to keep: its id, its URL, or the object GET /api/cursos/{cursoId} lists. */
const FileRef = z.union([z.string(), z.object({ id: z.string().nullish(), url: z.string().nullish() })]);

/**
 * What a client sends for a module's text and its questions: read as they come and judged by
 * ApiModuleInput below (with its Spanish messages), documented with the types a client should
 * send (the OpenAPI document, routes/api).
 */
const sentText = (description: string) => z.unknown().optional().meta({ type: "string", description });
/** A question as API clients may send it (questionFromApi), one schema per `tipo`. */
const ApiQuestionSchema = QuestionSent.union;

/** A module in the API's `modulos` JSON (docs/product.md#api-courses): existing ones carry their id (PUT). */
export const ApiModuleSchema = z.object({
  id: z.string().max(64).optional(),
  titulo: sentText("El título del módulo (hasta 200 caracteres)."),
  nombre: sentText("Lo mismo que titulo (clientes anteriores)."),
  descripcion: sentText("La descripción (hasta 5000 caracteres)."),
  fechaLimite: z.unknown().optional().meta(DUE_DATE_DOC),
  intentosMaximos: ModuleFieldsSchema.shape.intentosMaximos,
  revision: ModuleFieldsSchema.shape.revision.meta({ description: "Qué ve quien rinde; omitida: se mantiene." }),
  revisionCuando: ModuleFieldsSchema.shape.revisionCuando.meta({ description: "Cuándo lo ve; omitida: se mantiene." }),
  barajar: ModuleFieldsSchema.shape.barajar,
  preguntasPorIntento: ModuleFieldsSchema.shape.preguntasPorIntento,
  tiempoLimiteMin: ModuleFieldsSchema.shape.tiempoLimiteMin,
  enlaces: z.array(LinkSchema).max(50, "Máximo 50 enlaces por módulo.").optional(),
  /** Existing files to keep (PUT): ids or their URLs; absent = keep them all. */
  archivosModulo: z.array(FileRef).max(100).optional(),
  archivos: z.array(FileRef).max(100).optional(),
  quiz: z
    .union([z.array(ApiQuestionSchema), z.object({ preguntas: z.array(ApiQuestionSchema).optional() })])
    .nullable()
    .optional(),
});

// Read loosely (questionFromApi and QuestionSchema judge each question, with Spanish messages).
const ApiModuleInput = ApiModuleSchema.extend({
  quiz: z.union([z.array(z.unknown()), z.object({ preguntas: z.array(z.unknown()).optional() })]).nullish(),
}).transform((m, ctx) => {
  const fields = ModuleFieldsSchema.safeParse({
    titulo: m.titulo ?? m.nombre,
    descripcion: m.descripcion,
    fechaLimite: m.fechaLimite,
    intentosMaximos: m.intentosMaximos,
    revision: m.revision,
    revisionCuando: m.revisionCuando,
    barajar: m.barajar,
    preguntasPorIntento: m.preguntasPorIntento,
    tiempoLimiteMin: m.tiempoLimiteMin,
  });
  if (!fields.success) {
    for (const issue of fields.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  }
  const rawQuestions =
    m.quiz === undefined ? undefined : m.quiz === null ? [] : Array.isArray(m.quiz) ? m.quiz : (m.quiz.preguntas ?? []);
  let preguntas: Array<QuestionInput & { id?: string }> | undefined;
  if (rawQuestions) {
    if (rawQuestions.length > MAX_MODULE_QUESTIONS) {
      ctx.addIssue({ code: "custom", path: ["quiz"], message: `Máximo ${MAX_MODULE_QUESTIONS} preguntas por módulo.` });
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

// ---------------------------------------------------------------------------------------------
// The API's bodies as the OpenAPI document (routes/api) shows them: the same field schemas,
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

const updateFields = {
  ...CourseFieldsSchema.shape,
  imagen: z.file().optional().meta({ description: "Imagen nueva (opcional)." }),
  modulos: z.string().optional().meta({
    description: "JSON: lista de módulos (ApiModulo); los existentes con su id. Sin él, los módulos no cambian.",
    contentMediaType: "application/json",
  }),
};
/**
 * A PUT replaces the course: every field of it is required (empty, or null in JSON, leaves one
 * blank; submission.server.ts refuses a body without one). The image and the modules stay
 * optional: left out, they do not change.
 */
const whole = { required: [...REQUIRED_FIELD_NAMES] };

/** PUT /api/cursos/{cursoId} (multipart/form-data). */
export const CourseUpdateFormSchema = z.object(updateFields).meta({ ...moduleFiles, ...whole });

/** PUT /api/cursos/{cursoId} (application/json). */
const jsonFields = z.object({ ...CourseFieldsSchema.shape, modulos: z.array(ApiModuleSchema).max(50).optional() });
export const CourseUpdateJsonSchema = jsonFields.meta(whole);

/** PATCH /api/cursos/{cursoId}: the same fields, none required; only those sent change. */
const none = { required: [] };
export const CoursePatchFormSchema = z.object(updateFields).meta({ ...moduleFiles, ...none });
export const CoursePatchJsonSchema = jsonFields.meta(none);
