// The course editor's action (/docente/cursos/{cursoId}/editar):
// every small form of the page posts here with an `intent`. Saved changes answer with a redirect + flash (works without
// JavaScript); a refused form comes back with its values and errors. The question form's
// "add option" / "remove option" buttons return the edited draft without saving, so the
// question rules (docs/product.md#course-editor) are applied by the server with or without JavaScript.
import { data } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { fail, type Result } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { isRecordId, recordIdOr404 } from "~/lib/ids.ts";
import { publishCourse, PUBLISH_FAILED } from "~/features/courses/admin-courses.server.ts";
import { addTeacherByEmail, mayPublishCourse, removeTeacher } from "~/features/courses/team.server.ts";
import { markReadyForClass, returnToDraft, sendForReview } from "~/features/courses/review.server.ts";
import { ReturnToDraftSchema, TeamAddSchema, TeamRemoveSchema } from "~/features/courses/team-schema.ts";
import {
  CLASS_NOT_READY,
  CLASS_READY,
  REVIEW_RETURNED,
  REVIEW_SENT,
  TEAM_NOT_MEMBER,
} from "~/features/courses/texts.ts";
import { isAdmin } from "~/features/accounts/roles.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { isMultipart } from "~/lib/upload.server.ts";
import {
  addLink,
  addModule,
  deleteLink,
  deleteModule,
  deleteModuleFile,
  deleteQuestion,
  moveModule,
  moveQuestion,
  saveQuestion,
  updateModule,
} from "./editor-steps.server.ts";
import {
  COURSE_NOT_FOUND,
  FILE_NOT_FOUND,
  LINK_NOT_FOUND,
  MAX_OPTIONS,
  ANSWERS_REQUIRED,
  TRUE_FALSE,
  MAX_QUESTION_OPTIONS,
  MIN_OPTIONS,
  MIN_QUESTION_OPTIONS,
  MODULE_NOT_FOUND,
  QUESTION_NOT_FOUND,
  UPDATE_FAILED,
  UPDATED,
} from "./texts.ts";
import { fieldErrors, LinkSchema, ModuleFieldsSchema, QuestionSchema } from "./schema.ts";
import { readCourseUpload, submitCourseUpdate, toFormReply } from "./submission.server.ts";
import { NEW_QUESTION, type EditorActionData, type QuestionDraft } from "./editor-types.ts";
import { log } from "~/lib/log.server.ts";

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The question form as sent: its kind, options in order, the checked radio (checkboxes for
 * 'multiple') marks the correct ones; a short answer's options are its accepted answers, a
 * true/false one's are 'Verdadero' and 'Falso'.
 */
export function readQuestionDraft(form: FormData): QuestionDraft {
  const tipo = str(form, "tipo") || "unica";
  const correct = form.getAll("correcta").map(String);
  const texts = form.getAll("opcion").map((v) => (typeof v === "string" ? v : ""));
  return {
    tipo,
    texto: str(form, "texto"),
    opciones: (tipo === "verdadero_falso" ? [...TRUE_FALSE] : texts).map((texto, i) => ({
      texto,
      correcta: tipo === "respuesta_corta" || correct.includes(String(i)),
    })),
    puntajeParcial: form.get("puntajeParcial") !== null,
    valor: str(form, "valor"),
    tolerancia: str(form, "tolerancia"),
  };
}

/** 'Cambiar tipo': the draft with the fields its new kind needs (what was typed is kept where it fits). */
function changeKind(draft: QuestionDraft): QuestionDraft {
  const { tipo } = draft;
  if (tipo === "verdadero_falso") {
    const first = draft.opciones.findIndex((o) => o.correcta);
    return { ...draft, opciones: TRUE_FALSE.map((texto, i) => ({ texto, correcta: i === Math.max(0, first) })) };
  }
  const kept = draft.opciones.filter((o) => !(TRUE_FALSE as readonly string[]).includes(o.texto));
  const opciones = [...kept, ...NEW_QUESTION.opciones.slice(kept.length)].map((o) => ({ ...o }));
  if (tipo === "unica")
    opciones.forEach(
      (o, i) =>
        (o.correcta =
          i ===
          Math.max(
            0,
            opciones.findIndex((x) => x.correcta),
          )),
    );
  return { ...draft, opciones };
}

/** Options can be added up to the maximum (docs/product.md#course-editor)… */
export function addOption(draft: QuestionDraft): { draft: QuestionDraft; error?: string } {
  if (draft.opciones.length >= MAX_QUESTION_OPTIONS) return { draft, error: MAX_OPTIONS };
  return { draft: { ...draft, opciones: [...draft.opciones, { texto: "", correcta: false }] } };
}

/** …removed only while more than 2 exist; removing the correct one makes the first correct. */
export function removeOption(draft: QuestionDraft, index: number): { draft: QuestionDraft; error?: string } {
  // A short answer needs one accepted answer; the others two options.
  if (draft.opciones.length <= (draft.tipo === "respuesta_corta" ? 1 : MIN_QUESTION_OPTIONS))
    return { draft, error: draft.tipo === "respuesta_corta" ? ANSWERS_REQUIRED : MIN_OPTIONS };
  if (!Number.isInteger(index) || index < 0 || index >= draft.opciones.length) return { draft };
  const removed = draft.opciones[index]!;
  const opciones = draft.opciones.filter((_, i) => i !== index);
  if (draft.tipo === "unica" && (removed.correcta || !opciones.some((o) => o.correcta))) {
    opciones.forEach((o, i) => (o.correcta = i === 0));
  }
  return { draft: { ...draft, opciones } };
}

/** The module form's fields (ModuleFieldsSchema). */
const MODULE_FIELDS = [
  "titulo",
  "descripcion",
  "fechaLimite",
  "intentosMaximos",
  "revision",
  "revisionCuando",
  "barajar",
  "preguntasPorIntento",
  "tiempoLimiteMin",
] as const;

/** A small form refused: it comes back with what was typed and the errors beside its fields. */
const refusedForm = (formId: string, values: Record<string, string>, errors: Record<string, string[]>, status = 400) =>
  data({ kind: "form", formId, values, errors } satisfies EditorActionData, { status });

/** A small form's fields read into `schema` (a field the form leaves out is undefined), or its refusal. */
function readSmallForm<T>(schema: z.ZodType<T>, form: FormData, formId: string, names: readonly string[]) {
  const parsed = schema.safeParse(Object.fromEntries(names.map((n) => [n, form.get(n) ?? undefined])));
  if (parsed.success) return { data: parsed.data, refused: undefined };
  const values = Object.fromEntries(names.map((n) => [n, str(form, n)]));
  return { data: undefined, refused: refusedForm(formId, values, fieldErrors(parsed.error)) };
}

/** The question form: a draft step (add/remove an option, returned unsaved) or a save. */
async function questionStep(
  form: FormData,
  intent: string,
  courseId: string,
  moduloId: string,
  done: (o: Result, anchor?: string) => Promise<Response>,
) {
  const preguntaId = str(form, "preguntaId");
  const formId = `pregunta-${preguntaId || `nueva-${moduloId}`}`;
  const draft = readQuestionDraft(form);
  if (intent !== "save-question") {
    const next =
      intent === "change-kind"
        ? { draft: changeKind(draft) }
        : intent === "add-option"
          ? addOption(draft)
          : removeOption(draft, Number(intent.slice("remove-option:".length)));
    return data({
      kind: "question",
      formId,
      draft: next.draft,
      errors: next.error ? [next.error] : [],
    } satisfies EditorActionData);
  }
  const parsed = QuestionSchema.safeParse(draft);
  if (!parsed.success) {
    const errors = [...new Set(parsed.error.issues.map((i) => i.message))];
    return data({ kind: "question", formId, draft, errors } satisfies EditorActionData, { status: 400 });
  }
  return done(await saveQuestion(courseId, moduloId, preguntaId || null, parsed.data), `modulo-${moduloId}`);
}

/** 'Equipo docente' (docs/product.md#course-teams): its team or an admin adds a docente by e-mail; admins remove. */
async function teamStep(
  request: Request,
  actor: SessionUser,
  courseId: string,
  form: FormData,
  intent: "team-add" | "team-remove",
  done: (o: Result, anchor?: string, message?: string) => Promise<Response>,
) {
  if (intent === "team-remove") {
    if (!isAdmin(actor)) return done(fail(403, NOT_ALLOWED));
    const parsed = TeamRemoveSchema.safeParse({ userId: form.get("userId") });
    if (!parsed.success) return done(fail(404, TEAM_NOT_MEMBER), "equipo-docente");
    return done(
      await removeTeacher(actor, courseId, parsed.data.userId, request),
      "equipo-docente",
      "Profesor/a quitado/a del equipo docente.",
    );
  }
  const values = { correo: str(form, "correo") };
  const parsed = TeamAddSchema.safeParse(values);
  if (!parsed.success) return refusedForm("equipo", values, fieldErrors(parsed.error));
  const outcome = await addTeacherByEmail(actor, courseId, parsed.data.correo, request);
  // Who cannot join is said beside the field, with what was typed; an unknown course is a flash.
  if (!outcome.ok && outcome.status !== 404)
    return refusedForm("equipo", values, { correo: [outcome.message] }, outcome.status);
  return done(outcome, "equipo-docente", "Profesor/a agregado/a al equipo docente.");
}

/** The record ids the editor's forms may carry, and what an unknown one is told. */
const ID_FIELDS = [
  ["moduloId", MODULE_NOT_FOUND],
  ["preguntaId", QUESTION_NOT_FOUND],
  ["enlaceId", LINK_NOT_FOUND],
  ["archivoId", FILE_NOT_FOUND],
] as const;

/** `admin` is whoever manages the course (an admin or one of its teachers; features/courses/team.server.ts). */
export async function courseEditorAction(request: Request, admin: SessionUser, courseId: string) {
  // Every answer redirects to `here` (plus an anchor made of the ids below): only our own ids
  // may go into that Location header (app/lib/ids.ts).
  const here = `/docente/cursos/${recordIdOr404(courseId, COURSE_NOT_FOUND)}/editar`;
  const done = async (outcome: Result, anchor?: string, message = UPDATED) => {
    // Every editor step may change the public course page: cached copies are dropped.
    if (outcome.ok) await bumpCatalog();
    return redirectWithFlash(
      request,
      `${here}${anchor ? `#${anchor}` : ""}`,
      outcome.ok ? { type: "success", message } : { type: "error", message: outcome.message },
    );
  };

  // The course form is multipart (it may carry a new image).
  if (isMultipart(request)) {
    const upload = await readCourseUpload(request, "editor");
    if (!upload.ok)
      return data({ kind: "course", result: toFormReply(upload) } satisfies EditorActionData, {
        status: upload.status,
      });
    if (upload.values.intent !== "update-course")
      return redirectWithFlash(request, here, { type: "error", message: "Solicitud inválida." });
    const outcome = await submitCourseUpdate(admin, courseId, request, "page", upload);
    if (outcome.ok) return redirectWithFlash(request, here, { type: "success", message: UPDATED });
    return data({ kind: "course", result: toFormReply(outcome) } satisfies EditorActionData, {
      status: outcome.status,
    });
  }

  const form = await readForm(request);
  const intent = str(form, "intent");
  // A sent id that is not shaped like ours names no record: the answer an unknown id gets, given
  // before the id is used anywhere (never echoed in the redirect's anchor).
  for (const [field, message] of ID_FIELDS) {
    const value = str(form, field);
    if (value && !isRecordId(value)) return done(fail(404, message));
  }
  const moduloId = str(form, "moduloId");
  try {
    if (["save-question", "add-option", "change-kind"].includes(intent) || intent.startsWith("remove-option:")) {
      return await questionStep(form, intent, courseId, moduloId, done);
    }
    switch (intent) {
      case "add-module":
      case "update-module": {
        // The form always sends fechaLimite (empty: no due date); a form without it keeps the date.
        const formId = intent === "add-module" ? "nuevo-modulo" : `modulo-${moduloId}`;
        const parsed = readSmallForm(ModuleFieldsSchema, form, formId, MODULE_FIELDS);
        if (parsed.refused) return parsed.refused;
        const outcome =
          intent === "add-module"
            ? await addModule(courseId, parsed.data)
            : await updateModule(courseId, moduloId, parsed.data);
        // A draw larger than the module's questions: the form again, with its values and the error.
        if (!outcome.ok && outcome.field)
          return refusedForm(formId, Object.fromEntries(MODULE_FIELDS.map((n) => [n, str(form, n)])), {
            [outcome.field]: [outcome.message],
          });
        if (intent === "add-module")
          return done(outcome, "id" in outcome ? `modulo-${outcome.id}` : undefined, "Módulo agregado.");
        return done(outcome, `modulo-${moduloId}`);
      }
      case "class-ready":
      case "class-unready": {
        const ready = intent === "class-ready";
        const outcome = await markReadyForClass(admin, courseId, ready, request);
        return done(outcome, undefined, ready ? CLASS_READY : CLASS_NOT_READY);
      }
      case "send-review":
        return done(await sendForReview(admin, courseId, request), undefined, REVIEW_SENT);
      case "return-draft": {
        if (!isAdmin(admin)) return done(fail(403, NOT_ALLOWED));
        const parsed = readSmallForm(ReturnToDraftSchema, form, "devolver", ["comentario"]);
        if (parsed.refused) return parsed.refused;
        return done(await returnToDraft(admin, courseId, parsed.data.comentario, request), undefined, REVIEW_RETURNED);
      }
      case "publish": {
        // Publishing stays with admins unless the academy lets teachers publish (docs/product.md#course-teams).
        if (!mayPublishCourse(admin)) return done(fail(403, NOT_ALLOWED));
        const outcome = await publishCourse(admin, courseId, request);
        return done(outcome.ok ? outcome : fail(outcome.status, PUBLISH_FAILED), undefined, "Curso publicado.");
      }
      case "team-add":
      case "team-remove":
        return await teamStep(request, admin, courseId, form, intent, done);
      case "move-up":
      case "move-down":
        return done(await moveModule(courseId, moduloId, intent === "move-up" ? -1 : 1), `modulo-${moduloId}`);
      case "delete": {
        const archivoId = str(form, "archivoId");
        if (archivoId) return done(await deleteModuleFile(courseId, archivoId), undefined, "Archivo eliminado.");
        return done(await deleteModule(courseId, moduloId), "modulos", "Módulo eliminado.");
      }
      case "add-link": {
        const parsed = readSmallForm(LinkSchema, form, `enlace-${moduloId}`, ["nombre", "url"]);
        if (parsed.refused) return parsed.refused;
        return done(await addLink(courseId, moduloId, parsed.data), `modulo-${moduloId}`);
      }
      case "delete-link":
        return done(await deleteLink(courseId, str(form, "enlaceId")), `modulo-${moduloId}`, "Enlace eliminado.");
      case "question-up":
      case "question-down":
        return done(
          await moveQuestion(courseId, str(form, "preguntaId"), intent === "question-up" ? -1 : 1),
          `pregunta-${str(form, "preguntaId")}`,
        );
      case "delete-question":
        return done(
          await deleteQuestion(courseId, str(form, "preguntaId")),
          `modulo-${moduloId}`,
          "Pregunta eliminada.",
        );
    }
  } catch (error) {
    log.error({ err: error }, "No se pudo guardar el cambio del editor de cursos");
    return redirectWithFlash(request, here, { type: "error", message: UPDATE_FAILED });
  }
  return redirectWithFlash(request, here, { type: "error", message: "Solicitud inválida." });
}
