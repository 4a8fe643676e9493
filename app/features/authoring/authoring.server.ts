// Course authoring (docs/product.md#course-editor; POST/PUT /api/cursos): the data access
// for creating and editing courses, shared by the admin pages and the API. Admin-only: callers
// guard first. Every change is one transaction; files stored for a change that fails are
// removed by the caller (`discard`), files a change drops are removed after it commits.
import { courseTitleFields, courseWordsCreate, courseWordsUpdate } from "~/features/courses/title-search.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import { recomputeCourseProgress } from "~/features/enrolment/progress.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { bumpCatalog } from "~/features/site/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { deleteStoredLogged, storedExistsSync } from "~/lib/storage.server.ts";
import type { StoredUpload } from "~/lib/upload.server.ts";
import { COURSE_NOT_FOUND, FILE_NOT_FOUND, LINK_NOT_FOUND, MODULE_NOT_FOUND, QUESTION_NOT_FOUND } from "./texts.ts";
import type { ApiModule, CourseFields, QuestionInput } from "./schema.ts";

type Tx = Prisma.TransactionClient;
const notFound = (message = COURSE_NOT_FOUND) => fail(404, message);

/** The name shown for an uploaded file: the browser's name, one line, without folders. */
function displayFileName(original: string) {
  const base = original.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters never reach a download name
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, 200);
  return clean || "Documento.pdf";
}

function courseData(fields: CourseFields) {
  return {
    ...courseTitleFields(fields.titulo),
    bienvenida: fields.bienvenida,
    duracionHoras: fields.duracionHoras,
    dirigidoA: fields.dirigidoA,
    fechaInicio: fields.fechaInicio,
    fechaTermino: fields.fechaTermino,
    herramientas: fields.herramientas,
    loAprenderan: fields.loAprenderan,
  };
}

function fileRows(files: readonly StoredUpload[], start = 0) {
  return files.map((f, i) => ({
    posicion: start + i,
    nombre: displayFileName(f.originalName),
    storageKey: f.key,
    tipo: f.contentType,
    tamano: f.size,
  }));
}

function questionRows(preguntas: readonly QuestionInput[], start = 0) {
  return preguntas.map((q, i) => ({
    posicion: start + i,
    texto: q.texto,
    opciones: { create: q.opciones.map((o, j) => ({ posicion: j, texto: o.texto, correcta: o.correcta })) },
  }));
}

/** The course with everything the editor shows, modules in order. */
export async function getCourseForEditor(id: string) {
  const course = await prisma.course.findUnique({
    where: { id },
    include: {
      modulos: {
        orderBy: [{ posicion: "asc" }, { createdAt: "asc" }],
        include: {
          archivos: { orderBy: [{ posicion: "asc" }, { createdAt: "asc" }] },
          enlaces: { orderBy: { posicion: "asc" } },
          preguntas: { orderBy: { posicion: "asc" }, include: { opciones: { orderBy: { posicion: "asc" } } } },
        },
      },
    },
  });
  if (!course) return null;
  return {
    ...course,
    modulos: course.modulos.map((m) => ({
      ...m,
      archivos: m.archivos.map((f) => ({
        id: f.id,
        nombre: f.nombre,
        tamano: f.tamano,
        disponible: storedExistsSync(f.storageKey),
      })),
    })),
  };
}

/** Each module's questions as the API shows them to the author (admin): ids and the right option. */
export async function getModuleQuizzes(courseId: string) {
  const questions = await prisma.quizQuestion.findMany({
    where: { modulo: { cursoId: courseId } },
    orderBy: [{ moduloId: "asc" }, { posicion: "asc" }],
    select: {
      id: true,
      moduloId: true,
      texto: true,
      opciones: { orderBy: { posicion: "asc" }, select: { texto: true, correcta: true } },
    },
  });
  const byModule = new Map<
    string,
    Array<{
      id: string;
      texto: string;
      opciones: Array<{ texto: string; correcta: boolean }>;
      respuestaCorrecta: number;
    }>
  >();
  for (const q of questions) {
    const list = byModule.get(q.moduloId) ?? [];
    list.push({
      id: q.id,
      texto: q.texto,
      opciones: q.opciones,
      respuestaCorrecta: q.opciones.findIndex((o) => o.correcta),
    });
    byModule.set(q.moduloId, list);
  }
  return byModule;
}

/** A new course (borrador), optionally with modules (API). Returns its id. */
export async function createCourse(
  admin: { id: string },
  input: {
    fields: CourseFields;
    image: StoredUpload;
    modules?: readonly ApiModule[];
    moduleFiles?: ReadonlyMap<number, StoredUpload[]>;
  },
  request: Request | null,
) {
  const course = await prisma.course.create({
    data: {
      ...courseData(input.fields),
      ...courseWordsCreate(input.fields),
      imagen: input.image.key,
      estado: "borrador",
      creadoPorId: admin.id,
      modulos: {
        create: (input.modules ?? []).map((m, i) => ({
          posicion: i,
          titulo: m.titulo,
          descripcion: m.descripcion,
          enlaces: { create: (m.enlaces ?? []).map((l, j) => ({ posicion: j, nombre: l.nombre, url: l.url })) },
          archivos: { create: fileRows(input.moduleFiles?.get(i) ?? []) },
          preguntas: { create: questionRows(m.preguntas ?? []) },
        })),
      },
    },
    select: { id: true, titulo: true },
  });
  await audit(request, "course.create", {
    actorId: admin.id,
    targetType: "course",
    targetId: course.id,
    detail: course.titulo,
  });
  return course.id;
}

/**
 * Updates the course's fields (and image); with `modules` (API PUT) the module list becomes
 * exactly that list: modules with a known id are updated in place (their attempts stay),
 * the others created, the missing ones deleted.
 */
export async function updateCourse(
  admin: { id: string },
  id: string,
  input: {
    fields: CourseFields;
    image?: StoredUpload;
    modules?: readonly ApiModule[];
    moduleFiles?: ReadonlyMap<number, StoredUpload[]>;
  },
  request: Request | null,
): Promise<Result> {
  const result = await prisma.$transaction(async (tx) => {
    const current = await tx.course.findUnique({ where: { id }, select: { imagen: true } });
    if (!current) return null;
    await tx.course.update({
      where: { id },
      data: {
        ...courseData(input.fields),
        ...courseWordsUpdate(input.fields),
        ...(input.image ? { imagen: input.image.key } : {}),
      },
    });
    await bumpCatalog(tx);
    const dropped: string[] = input.image && current.imagen ? [current.imagen] : [];
    if (input.modules) dropped.push(...(await syncModules(tx, id, input.modules, input.moduleFiles ?? new Map())));
    return dropped;
  });
  if (!result) return notFound();
  await Promise.all(result.map((key) => deleteStoredLogged(key)));
  if (input.modules) await recomputeCourseProgress(id);
  await audit(request, "course.update", {
    actorId: admin.id,
    targetType: "course",
    targetId: id,
    detail: input.fields.titulo,
  });
  return ok();
}

/** Returns the storage keys of the files the new list no longer holds. */
async function syncModules(
  tx: Tx,
  courseId: string,
  modules: readonly ApiModule[],
  moduleFiles: ReadonlyMap<number, StoredUpload[]>,
) {
  const existing = await tx.module.findMany({
    where: { cursoId: courseId },
    select: { id: true, archivos: { select: { id: true, storageKey: true, posicion: true } } },
  });
  const byId = new Map(existing.map((m) => [m.id, m]));
  const kept = new Set<string>();
  const dropped: string[] = [];
  for (const [i, m] of modules.entries()) {
    const newFiles = moduleFiles.get(i) ?? [];
    const old = m.id ? byId.get(m.id) : undefined;
    if (!old || kept.has(old.id)) {
      await tx.module.create({
        data: {
          cursoId: courseId,
          posicion: i,
          titulo: m.titulo,
          descripcion: m.descripcion,
          enlaces: { create: (m.enlaces ?? []).map((l, j) => ({ posicion: j, nombre: l.nombre, url: l.url })) },
          archivos: { create: fileRows(newFiles) },
          preguntas: { create: questionRows(m.preguntas ?? []) },
        },
      });
      continue;
    }
    kept.add(old.id);
    await tx.module.update({
      where: { id: old.id },
      data: { posicion: i, titulo: m.titulo, descripcion: m.descripcion },
    });
    if (m.enlaces) {
      await tx.moduleLink.deleteMany({ where: { moduloId: old.id } });
      await tx.moduleLink.createMany({
        data: m.enlaces.map((l, j) => ({ moduloId: old.id, posicion: j, nombre: l.nombre, url: l.url })),
      });
    }
    if (m.preguntas) await syncQuestions(tx, old.id, m.preguntas);
    let remaining = old.archivos;
    if (m.keepFiles) {
      const keep = new Set(m.keepFiles);
      const isKept = (f: { id: string }) => keep.has(f.id) || [...keep].some((k) => k.endsWith(`/archivos/${f.id}`));
      const gone = old.archivos.filter((f) => !isKept(f));
      if (gone.length) {
        await tx.moduleFile.deleteMany({ where: { id: { in: gone.map((f) => f.id) } } });
        dropped.push(...gone.map((f) => f.storageKey));
      }
      remaining = old.archivos.filter(isKept);
    }
    const start = remaining.reduce((max, f) => Math.max(max, f.posicion + 1), 0);
    if (newFiles.length)
      await tx.moduleFile.createMany({ data: fileRows(newFiles, start).map((r) => ({ ...r, moduloId: old.id })) });
  }
  const removed = existing.filter((m) => !kept.has(m.id));
  if (removed.length) {
    await tx.module.deleteMany({ where: { id: { in: removed.map((m) => m.id) } } });
    dropped.push(...removed.flatMap((m) => m.archivos.map((f) => f.storageKey)));
  }
  return dropped;
}

/**
 * The module's questions become exactly `preguntas`: one carrying the id of an existing question
 * of this module is updated in place (its answer records keep pointing at it; its options are
 * replaced, so their link to the old options is cleared and the answers' text copies remain),
 * others created, missing ones deleted.
 */
async function syncQuestions(tx: Tx, moduleId: string, preguntas: readonly (QuestionInput & { id?: string })[]) {
  const existing = new Set(
    (await tx.quizQuestion.findMany({ where: { moduloId: moduleId }, select: { id: true } })).map((q) => q.id),
  );
  const kept = new Set<string>();
  for (const [posicion, q] of preguntas.entries()) {
    const row = questionRows([q], posicion)[0]!;
    if (q.id && existing.has(q.id) && !kept.has(q.id)) {
      kept.add(q.id);
      await tx.quizOption.deleteMany({ where: { preguntaId: q.id } });
      await tx.quizQuestion.update({ where: { id: q.id }, data: row });
    } else {
      await tx.quizQuestion.create({ data: { moduloId: moduleId, ...row } });
    }
  }
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await tx.quizQuestion.deleteMany({ where: { id: { in: gone } } });
}

// ---------------------------------------------------------------------------------------------
// The editor's small steps (each its own form without JavaScript).

async function moduleOf(tx: Tx, courseId: string, moduleId: string) {
  return tx.module.findFirst({ where: { id: moduleId, cursoId: courseId }, select: { id: true, posicion: true } });
}

async function touch(tx: Tx, courseId: string) {
  await tx.course.update({ where: { id: courseId }, data: { updatedAt: new Date() } });
  await bumpCatalog(tx);
}

export async function addModule(
  courseId: string,
  fields: { titulo: string; descripcion: string },
): Promise<Result<{ id: string }>> {
  return prisma.$transaction(async (tx) => {
    const course = await tx.course.findUnique({ where: { id: courseId }, select: { id: true } });
    if (!course) return notFound();
    const last = await tx.module.aggregate({ where: { cursoId: courseId }, _max: { posicion: true } });
    const created = await tx.module.create({
      data: { cursoId: courseId, posicion: (last._max.posicion ?? -1) + 1, ...fields },
      select: { id: true },
    });
    await touch(tx, courseId);
    return ok({ id: created.id });
  });
}

export async function updateModule(
  courseId: string,
  moduleId: string,
  fields: { titulo: string; descripcion: string },
): Promise<Result> {
  const { count } = await prisma.module.updateMany({ where: { id: moduleId, cursoId: courseId }, data: fields });
  return count ? ok() : notFound(MODULE_NOT_FOUND);
}

/** The ids in their new order after moving `id` one place (-1 up, +1 down); null when not there. */
function moveOne(ids: readonly string[], id: string, direction: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const to = from + direction;
  const order = [...ids];
  if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/** Moves a module one place up (-1) or down (+1); positions are renumbered 0..n-1. */
export async function moveModule(courseId: string, moduleId: string, direction: -1 | 1): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    const modules = await tx.module.findMany({
      where: { cursoId: courseId },
      orderBy: [{ posicion: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    const order = moveOne(
      modules.map((m) => m.id),
      moduleId,
      direction,
    );
    if (!order) return notFound(MODULE_NOT_FOUND);
    for (const [posicion, id] of order.entries()) await tx.module.update({ where: { id }, data: { posicion } });
    return ok();
  });
}

/** Moves a quiz question one place within its module (the order learners see). */
export async function moveQuestion(courseId: string, questionId: string, direction: -1 | 1): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    const question = await tx.quizQuestion.findFirst({
      where: { id: questionId, modulo: { cursoId: courseId } },
      select: { moduloId: true },
    });
    if (!question) return notFound(QUESTION_NOT_FOUND);
    const questions = await tx.quizQuestion.findMany({
      where: { moduloId: question.moduloId },
      orderBy: { posicion: "asc" },
      select: { id: true },
    });
    const order = moveOne(
      questions.map((q) => q.id),
      questionId,
      direction,
    )!;
    for (const [posicion, id] of order.entries()) await tx.quizQuestion.update({ where: { id }, data: { posicion } });
    return ok();
  });
}

/** Deletes a module with its files (on disk too), links, questions and attempts. */
export async function deleteModule(courseId: string, moduleId: string): Promise<Result> {
  const keys = await prisma.$transaction(async (tx) => {
    const module = await tx.module.findFirst({
      where: { id: moduleId, cursoId: courseId },
      select: { id: true, archivos: { select: { storageKey: true } } },
    });
    if (!module) return null;
    await tx.module.delete({ where: { id: moduleId } });
    const rest = await tx.module.findMany({
      where: { cursoId: courseId },
      orderBy: [{ posicion: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    for (const [posicion, m] of rest.entries()) await tx.module.update({ where: { id: m.id }, data: { posicion } });
    return module.archivos.map((f) => f.storageKey);
  });
  if (!keys) return notFound(MODULE_NOT_FOUND);
  await Promise.all(keys.map((k) => deleteStoredLogged(k)));
  await recomputeCourseProgress(courseId);
  return ok();
}

export async function addModuleFiles(
  courseId: string,
  moduleId: string,
  files: readonly StoredUpload[],
): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    if (!(await moduleOf(tx, courseId, moduleId))) return notFound(MODULE_NOT_FOUND);
    const last = await tx.moduleFile.aggregate({ where: { moduloId: moduleId }, _max: { posicion: true } });
    await tx.moduleFile.createMany({
      data: fileRows(files, (last._max.posicion ?? -1) + 1).map((r) => ({ ...r, moduloId: moduleId })),
    });
    await bumpCatalog(tx);
    return ok();
  });
}

export async function deleteModuleFile(courseId: string, fileId: string): Promise<Result> {
  const file = await prisma.moduleFile.findFirst({
    where: { id: fileId, modulo: { cursoId: courseId } },
    select: { id: true, storageKey: true },
  });
  if (!file) return notFound(FILE_NOT_FOUND);
  await prisma.moduleFile.delete({ where: { id: file.id } });
  await deleteStoredLogged(file.storageKey);
  return ok();
}

export async function addLink(
  courseId: string,
  moduleId: string,
  link: { nombre: string; url: string },
): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    if (!(await moduleOf(tx, courseId, moduleId))) return notFound(MODULE_NOT_FOUND);
    const last = await tx.moduleLink.aggregate({ where: { moduloId: moduleId }, _max: { posicion: true } });
    await tx.moduleLink.create({ data: { moduloId: moduleId, posicion: (last._max.posicion ?? -1) + 1, ...link } });
    return ok();
  });
}

export async function deleteLink(courseId: string, linkId: string): Promise<Result> {
  const { count } = await prisma.moduleLink.deleteMany({ where: { id: linkId, modulo: { cursoId: courseId } } });
  return count ? ok() : notFound(LINK_NOT_FOUND);
}

/** Creates (questionId null) or replaces a question of a module. */
export async function saveQuestion(
  courseId: string,
  moduleId: string,
  questionId: string | null,
  q: QuestionInput,
): Promise<Result> {
  const outcome = await prisma.$transaction(async (tx): Promise<Result> => {
    if (!(await moduleOf(tx, courseId, moduleId))) return notFound(MODULE_NOT_FOUND);
    if (questionId) {
      const found = await tx.quizQuestion.findFirst({
        where: { id: questionId, moduloId: moduleId },
        select: { id: true },
      });
      if (!found) return notFound(QUESTION_NOT_FOUND);
      await tx.quizOption.deleteMany({ where: { preguntaId: questionId } });
      await tx.quizQuestion.update({
        where: { id: questionId },
        data: { texto: q.texto, opciones: questionRows([q])[0]!.opciones },
      });
    } else {
      const last = await tx.quizQuestion.aggregate({ where: { moduloId: moduleId }, _max: { posicion: true } });
      await tx.quizQuestion.create({
        data: { moduloId: moduleId, ...questionRows([q], (last._max.posicion ?? -1) + 1)[0]! },
      });
    }
    return ok();
  });
  // A module's first question gives it a quiz: everyone's progress in the course changes.
  if (outcome.ok && !questionId) await recomputeCourseProgress(courseId);
  return outcome;
}

export async function deleteQuestion(courseId: string, questionId: string): Promise<Result> {
  const { count } = await prisma.quizQuestion.deleteMany({ where: { id: questionId, modulo: { cursoId: courseId } } });
  if (!count) return notFound(QUESTION_NOT_FOUND);
  await recomputeCourseProgress(courseId);
  return ok();
}
