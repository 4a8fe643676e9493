// A course submission (create page, editor's course form, POST/PUT/PATCH /api/cursos): read →
// validate → write. The multipart body streams through the upload limits (image: JPEG/PNG/WebP;
// module files: PDF, several per module), then the text fields go through the authoring schemas.
// A refused or failed submission stores nothing: files already written are removed before answering.
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { readBody } from "~/lib/api.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { asFailure, fail, FailureError, ok, type Failure, type Ok } from "~/lib/failure.ts";
import { log } from "~/lib/log.server.ts";
import {
  imageUploadOptions,
  parseUpload,
  pdfUploadOptions,
  UploadError,
  withUpload,
  type StoredUpload,
} from "~/lib/upload.server.ts";
import { FIELDS_MISSING, IMAGE_REQUIRED, UPDATE_FAILED } from "./texts.ts";
import { createCourse, updateCourse } from "./whole-course.server.ts";
import { ApiModulesField, type ApiModule } from "./api-schema.ts";
import {
  COURSE_FIELD_NAMES,
  REQUIRED_FIELD_NAMES,
  CourseFieldsSchema,
  CreateCourseSchema,
  fieldErrors,
  type CourseFields,
} from "./schema.ts";

/** The image was fine but another field was not: browsers never keep a chosen file. */
const IMAGE_CHOOSE_AGAIN = "Vuelve a elegir la imagen: el navegador no la conserva cuando el formulario tiene errores.";

const IMAGE_FIELD = "imagen";
/** The editor's per-module upload field. */
export const FILES_FIELD = "archivos";
/** The API's per-module fields (docs/product.md#api-courses): archivosModulo_{index}. */
const API_FILES = /^archivosModulo_(\d{1,2})$/;
const MAX_FILES = 20;

/**
 * A refused submission: the one Failure plus every field's errors and, so that a form comes back
 * with them, the text fields as sent.
 */
export type CourseRefusal = Failure & { fieldErrors: Record<string, string[]>; values: Record<string, string> };

export type CourseUpload = {
  ok: true;
  values: Record<string, unknown>;
  image?: StoredUpload;
  files: StoredUpload[];
  all: StoredUpload[];
};

/** The text values of a form or a JSON body (first of each name), to give back to a form. */
function textValues(values: FormData | Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = values instanceof FormData ? values.entries() : Object.entries(values);
  for (const [k, v] of entries) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

/** A refusal whose message goes under `field` (none: the whole form). */
function refusal(status: number, message: string, field?: string, values: Record<string, string> = {}): CourseRefusal {
  return {
    ...fail(status, message, { field }),
    fieldErrors: field ? { [field]: [message] } : { "": [message] },
    values,
  };
}

/**
 * Parses the body: multipart (with files), urlencoded, or JSON (API clients without files).
 * `fileFields`: which file fields this form may carry.
 */
export async function readCourseUpload(
  request: Request,
  fileFields: "editor" | "api",
): Promise<CourseUpload | CourseRefusal> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    try {
      return { ok: true, values: await readBody(request), files: [], all: [] };
    } catch (error) {
      const failure = asFailure(error);
      if (!failure) throw error;
      return refusal(failure.status, failure.message);
    }
  }
  const pdf = pdfUploadOptions("modules", []);
  const image = imageUploadOptions("courses", [IMAGE_FIELD]);
  try {
    const { form, all } = await parseUpload(request, {
      ...pdf,
      fileFields: [IMAGE_FIELD, fileFields === "api" ? API_FILES : FILES_FIELD],
      multiple: true,
      maxFiles: MAX_FILES,
      fieldRule: (field) => (field === IMAGE_FIELD ? image : undefined),
    });
    // Kept for the caller (validateCourse, then the write) unless it is refused here.
    return await withUpload(all, async (): Promise<CourseUpload | CourseRefusal> => {
      if (all.filter((f) => f.field === IMAGE_FIELD).length > 1) {
        return refusal(400, "Envía una sola imagen.", IMAGE_FIELD, textValues(form));
      }
      return {
        ok: true,
        values: textValues(form),
        image: all.find((f) => f.field === IMAGE_FIELD),
        files: all.filter((f) => f.field !== IMAGE_FIELD),
        all,
      };
    });
  } catch (error) {
    if (error instanceof UploadError) {
      const field = error.field === IMAGE_FIELD ? IMAGE_FIELD : error.field ? FILES_FIELD : undefined;
      return refusal(error.status, error.message, field, error.form ? textValues(error.form) : {});
    }
    throw error;
  }
}

function firstMessage(errors: Record<string, string[]>) {
  return Object.values(errors).flat()[0] ?? "Datos inválidos.";
}

/** A PATCH's course fields, as sent. */
type SentFields = { over: Partial<Record<keyof CourseFields, unknown>> };

type CourseSubmission<F = CourseFields | SentFields> = {
  ok: true;
  /**
   * The course's fields, judged; for a PATCH (`mode: "patch"`), the fields sent, as sent: they go
   * over the stored ones and CourseFieldsSchema judges the whole when the course is written
   * (whole-course.server.ts, in its transaction).
   */
  fields: F;
  image?: StoredUpload;
  modules?: ApiModule[];
  moduleFiles: Map<number, StoredUpload[]>;
  /** Every stored file: the caller discards them if the change fails. */
  uploads: StoredUpload[];
};

type CheckOptions = {
  /**
   * create: duration and image required, defaults for what is left out. update: the course's
   * fields replaced (the editor's form sends them all); `whole` (PUT /api/cursos/{cursoId}): each
   * must be sent, a missing one is refused, never reset to a default. patch (PATCH): only the
   * fields sent change.
   */
  mode: "create" | "update" | "patch";
  whole?: boolean;
  /** Read the API's `modulos` JSON and its `archivosModulo_{index}` files. */
  modules: boolean;
};

/** Validates a course submission (after `readCourseUpload`; the caller's withUpload removes a refusal's files). */
function validateCourse(
  upload: CourseUpload,
  opts: CheckOptions & { mode: "create" | "update" },
): CourseSubmission<CourseFields> | CourseRefusal;
function validateCourse(upload: CourseUpload, opts: CheckOptions): CourseSubmission | CourseRefusal;
function validateCourse(upload: CourseUpload, opts: CheckOptions): CourseSubmission | CourseRefusal {
  const values = upload.values;
  const sent = COURSE_FIELD_NAMES.filter((name) => values[name] !== undefined);
  const schema: z.ZodType<CourseFields> = opts.mode === "create" ? CreateCourseSchema : CourseFieldsSchema;
  const parsed =
    opts.mode === "patch"
      ? ({ success: true, data: { over: Object.fromEntries(sent.map((name) => [name, values[name]])) } } as const)
      : schema.safeParse(values);
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
  const missing = opts.whole ? REQUIRED_FIELD_NAMES.filter((name) => !sent.includes(name)) : [];
  if (missing.length) {
    // Said first: a body that leaves fields out is refused whatever the others hold.
    const message = FIELDS_MISSING(missing);
    for (const name of missing) errors[name] = [message];
    return { ...fail(400, message), fieldErrors: errors, values: textValues(values) };
  }
  if (opts.mode === "create" && !upload.image) (errors[IMAGE_FIELD] ??= []).push(IMAGE_REQUIRED);

  let modules: ApiModule[] | undefined;
  const moduleFiles = new Map<number, StoredUpload[]>();
  if (opts.modules) {
    const m = ApiModulesField.safeParse(values.modulos);
    if (!m.success) (errors.modulos ??= []).push(m.error.issues[0]?.message ?? "Módulos inválidos.");
    else modules = m.data;
    for (const f of upload.files) {
      const index = Number(/_(\d+)$/.exec(f.field)?.[1] ?? -1);
      if (!modules || index >= modules.length) {
        // Only when `modulos` was read: a refused `modulos` already explains the request.
        if (m.success)
          (errors.modulos ??= []).push(`Se enviaron archivos para el módulo ${index + 1}, que no está en la lista.`);
        continue;
      }
      moduleFiles.set(index, [...(moduleFiles.get(index) ?? []), f]);
    }
  } else if (upload.files.length) {
    (errors[FILES_FIELD] ??= []).push("Los archivos de un módulo se suben desde el editor del curso.");
  }

  if (!parsed.success || Object.keys(errors).length) {
    const message = firstMessage(errors);
    // The image was fine but is gone with the refusal: say so next to its field.
    if (upload.image && !errors[IMAGE_FIELD]) errors[IMAGE_FIELD] = [IMAGE_CHOOSE_AGAIN];
    return { ...fail(400, message), fieldErrors: errors, values: textValues(values) };
  }
  return { ok: true, fields: parsed.data, image: upload.image, modules, moduleFiles, uploads: upload.all };
}

/** A refused submission as Conform's lastResult: the typed values and the errors per field. */
export function toFormReply(r: CourseRefusal): SubmissionResult<string[]> {
  const { intent: _intent, ...values } = r.values;
  return { status: "error", initialValue: values, error: r.fieldErrors };
}

/** POST /api/cursos and /docente/cursos/nuevo. New courses are borradores. */
export async function submitNewCourse(
  admin: SessionUser,
  request: Request,
  source: "page" | "api",
): Promise<Ok<{ id: string; visibilidad: string }> | CourseRefusal> {
  const upload = await readCourseUpload(request, source === "api" ? "api" : "editor");
  if (!upload.ok) return upload;
  // The files are kept only when the course is created.
  return withUpload(upload.all, async (): Promise<Ok<{ id: string; visibilidad: string }> | CourseRefusal> => {
    const sub = validateCourse(upload, { mode: "create", modules: source === "api" });
    if (!sub.ok) return sub;
    try {
      const created = await createCourse(
        admin,
        { fields: sub.fields, image: sub.image!, modules: sub.modules, moduleFiles: sub.moduleFiles },
        request,
      );
      return ok(created);
    } catch (error) {
      log.error({ err: error }, "No se pudo crear el curso");
      return refusal(500, "Hubo un error al crear el curso.");
    }
  });
}

/**
 * The editor's course form (fields and image), PUT /api/cursos/{cursoId} (every field of the course,
 * optionally `modulos`) and PATCH (only the fields sent change).
 */
export async function submitCourseUpdate(
  admin: SessionUser,
  id: string,
  request: Request,
  source: "page" | "put" | "patch",
  /** The body, when the caller already read it (the editor reads it to learn the intent). */
  preread?: CourseUpload,
): Promise<Ok | CourseRefusal> {
  const api = source !== "page";
  const upload = preread ?? (await readCourseUpload(request, api ? "api" : "editor"));
  if (!upload.ok) return upload;
  const hasModules = api && (upload.values.modulos !== undefined || upload.files.length > 0);
  // The files are kept only when the course is updated.
  return withUpload(upload.all, async (): Promise<Ok | CourseRefusal> => {
    const sub = validateCourse(upload, {
      mode: source === "patch" ? "patch" : "update",
      whole: source === "put",
      modules: hasModules,
    });
    if (!sub.ok) return sub;
    try {
      const outcome = await updateCourse(
        admin,
        id,
        { fields: sub.fields, image: sub.image, modules: sub.modules, moduleFiles: sub.moduleFiles },
        request,
      );
      // A refusal of the stored course (a locked exigencia) under its field, the typed values kept.
      return outcome.ok ? ok() : refusal(outcome.status, outcome.message, outcome.field, textValues(upload.values));
    } catch (error) {
      // A module's list refused inside the write (a bank draw above its questions): rolled back.
      if (error instanceof FailureError) {
        const { status, message, field } = error.failure;
        return refusal(status, message, field, textValues(upload.values));
      }
      log.error({ err: error }, "No se pudo actualizar el curso");
      return refusal(500, UPDATE_FAILED);
    }
  });
}
