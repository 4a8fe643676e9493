// The course editor's small steps (docs/product.md#course-editor; /docente/cursos/{cursoId}/editar,
// see ./editor-action.server.ts): what the editor shows, and each change one small form makes to a
// module, its files, links and questions. Callers guard first (requireCourseManager). Every change
// is one transaction; files a change drops are removed after it commits.
import { recomputeCourseProgress } from "~/features/enrolment/progress.server.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { ok, type Result } from "~/lib/failure.ts";
import { deleteStoredLogged, storedExistsSync } from "~/lib/storage.server.ts";
import type { StoredUpload } from "~/lib/upload.server.ts";
import { FILE_NOT_FOUND, LINK_NOT_FOUND, MODULE_NOT_FOUND, QUESTION_NOT_FOUND } from "./texts.ts";
import {
  drawTooLarge,
  fileRows,
  forgetReminders,
  notFound,
  questionRows,
  sameInstant,
  type Tx,
} from "./authoring-rows.server.ts";
import type { QuestionInput } from "./schema.ts";

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

async function moduleOf(tx: Tx, courseId: string, moduleId: string) {
  return tx.module.findFirst({ where: { id: moduleId, cursoId: courseId }, select: { id: true, posicion: true } });
}

async function touch(tx: Tx, courseId: string) {
  await tx.course.update({ where: { id: courseId }, data: { updatedAt: new Date() } });
  await bumpCatalog(tx);
}

/** A module's own fields as its small form sends them (a due date null: none). */
type ModuleFields = {
  titulo: string;
  descripcion: string;
  fechaLimite?: Date | null;
  intentosMaximos?: number | null;
  revision?: string;
  revisionCuando?: string;
  barajar?: boolean;
  preguntasPorIntento?: number | null;
  tiempoLimiteMin?: number | null;
};

export async function addModule(courseId: string, fields: ModuleFields): Promise<Result<{ id: string }>> {
  return prisma.$transaction(async (tx) => {
    const refused = await drawTooLarge(tx, null, fields.preguntasPorIntento);
    if (refused) return refused;
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

export async function updateModule(courseId: string, moduleId: string, fields: ModuleFields): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.module.findFirst({
      where: { id: moduleId, cursoId: courseId },
      select: { fechaLimite: true },
    });
    if (!current) return notFound(MODULE_NOT_FOUND);
    const refused = await drawTooLarge(tx, moduleId, fields.preguntasPorIntento);
    if (refused) return refused;
    await tx.module.update({ where: { id: moduleId }, data: fields });
    if (fields.fechaLimite !== undefined && !sameInstant(fields.fechaLimite, current.fechaLimite)) {
      await forgetReminders(tx, moduleId);
      // The course page and 'Próximas fechas' show the date: pages kept in memory are redone.
      await touch(tx, courseId);
    }
    return ok();
  });
}

/** The ids in their new order after moving `id` one place (-1 up, +1 down); null when not there. */
function moveOne(rows: ReadonlyArray<{ id: string }>, id: string, direction: -1 | 1): string[] | null {
  const ids = rows.map((r) => r.id);
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
    const order = moveOne(modules, moduleId, direction);
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
    const order = moveOne(questions, questionId, direction)!;
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
      const { posicion: _kept, ...row } = questionRows([q])[0]!;
      await tx.quizQuestion.update({ where: { id: questionId }, data: row });
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
