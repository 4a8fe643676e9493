// A whole course at once (docs/product.md#course-editor; POST/PUT /api/cursos): creating a course,
// and replacing its fields and, from the API, its whole module list (modules, links, files,
// questions). Used by ./submission.server.ts for the create page, the editor's course form
// and the API, and by GET /api/cursos/{cursoId} for the author's view of the quizzes. Admin-only:
// callers guard first. Every change is one transaction; files stored for a change that fails are
// removed by the caller (`discard`), files a change drops are removed after it commits.
import { courseTitleFields, courseWordsCreate, courseWordsUpdate } from "~/features/courses/title-search.ts";
import { recomputeCourseProgress } from "~/features/enrolment/progress.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import type { Role } from "~/features/accounts/roles.ts";
import { courseHasAttempts } from "~/features/quizzes/quiz.server.ts";
import { EXIGENCIA_LOCKED, VISIBILITY_ADMIN_ONLY } from "./texts.ts";
import { bumpCatalog } from "~/lib/db/catalog-stamp.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, raise, type Failure, type Result } from "~/lib/failure.ts";
import { deleteStoredLogged } from "~/lib/storage.server.ts";
import type { StoredUpload } from "~/lib/upload.server.ts";
import { questionJson } from "~/features/quizzes/question-json.ts";
import {
  drawTooLarge,
  fileRows,
  forgetReminders,
  notFound,
  questionRows,
  sameInstant,
  type Tx,
} from "./authoring-rows.server.ts";
import type { ApiModule } from "./api-schema.ts";
import {
  COURSE_FIELD_SELECT,
  CourseFieldsSchema,
  sentCourseFields,
  type CourseFields,
  type QuestionInput,
} from "./schema.ts";

function courseData({ titulo, ...fields }: CourseFields) {
  return { ...courseTitleFields(titulo), ...fields };
}

/** A module of the API's list as a new row, with its links, files and questions. */
function newModule(m: ApiModule, posicion: number, files: readonly StoredUpload[]) {
  return {
    posicion,
    titulo: m.titulo,
    descripcion: m.descripcion,
    fechaLimite: m.fechaLimite ?? null,
    intentosMaximos: m.intentosMaximos ?? null,
    ...(m.revision ? { revision: m.revision } : {}),
    ...(m.revisionCuando ? { revisionCuando: m.revisionCuando } : {}),
    barajar: m.barajar ?? false,
    preguntasPorIntento: m.preguntasPorIntento ?? null,
    tiempoLimiteMin: m.tiempoLimiteMin ?? null,
    enlaces: { create: (m.enlaces ?? []).map((l, j) => ({ posicion: j, nombre: l.nombre, url: l.url })) },
    archivos: { create: fileRows(files) },
    preguntas: { create: questionRows(m.preguntas ?? []) },
  };
}

/**
 * What GET /api/cursos/{cursoId} adds for those who may edit the course: the exigencia, each
 * module's questions and its quiz settings. Null when the course is gone.
 */
export async function getAuthorView(courseId: string) {
  const [course, quizzes, settings] = await Promise.all([
    prisma.course.findUnique({ where: { id: courseId }, select: { exigencia: true } }),
    getModuleQuizzes(courseId),
    prisma.module.findMany({
      where: { cursoId: courseId },
      select: {
        id: true,
        intentosMaximos: true,
        revision: true,
        revisionCuando: true,
        barajar: true,
        preguntasPorIntento: true,
        tiempoLimiteMin: true,
      },
    }),
  ]);
  // Each module's quiz settings, as PUT takes them back (decision 043).
  const quizSettings = new Map(settings.map(({ id, ...rest }) => [id, rest]));
  return course ? { exigencia: course.exigencia, quizzes, quizSettings } : null;
}

/** Each module's questions as the API shows them to its editors: ids and the right answers, by kind. */
async function getModuleQuizzes(courseId: string) {
  const questions = await prisma.quizQuestion.findMany({
    where: { modulo: { cursoId: courseId } },
    orderBy: [{ moduloId: "asc" }, { posicion: "asc" }],
    select: {
      id: true,
      moduloId: true,
      texto: true,
      tipo: true,
      puntajeParcial: true,
      valor: true,
      tolerancia: true,
      opciones: { orderBy: { posicion: "asc" }, select: { id: true, texto: true, correcta: true } },
    },
  });
  const byModule = Map.groupBy(questions, (q) => q.moduloId);
  return new Map([...byModule].map(([moduloId, list]) => [moduloId, list.map(questionJson)]));
}

/** A new course (borrador), optionally with modules (API). Returns its id and visibility. `admin` is who creates it. */
export async function createCourse(
  admin: { id: string; rol?: Role | null },
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
      // A docente's course is private unless asked otherwise; an admin's is public
      // (docs/decisions/039-private-courses.md).
      visibilidad: input.fields.visibilidad ?? (admin.rol === "docente" ? "privado" : "publico"),
      creadoPorId: admin.id,
      // A docente who creates a course is its first teacher, in the same write
      // (docs/product.md#course-teams); admins are on every team without a row.
      ...(admin.rol === "docente" ? { teachers: { create: [{ userId: admin.id, addedById: admin.id }] } } : {}),
      modulos: {
        create: (input.modules ?? []).map((m, i) => newModule(m, i, input.moduleFiles?.get(i) ?? [])),
      },
    },
    select: { id: true, titulo: true, visibilidad: true },
  });
  await audit(request, "course.create", {
    actorId: admin.id,
    targetType: "course",
    targetId: course.id,
    detail: course.titulo,
  });
  return { id: course.id, visibilidad: course.visibilidad };
}

/**
 * Updates the course's fields (and image); with `modules` (API PUT) the module list becomes
 * exactly that list: modules with a known id are updated in place (their attempts stay),
 * the others created, the missing ones deleted.
 */
export async function updateCourse(
  admin: { id: string; rol?: Role | null },
  id: string,
  input: {
    /** The fields, or (PATCH) the fields sent, to go over the stored ones and be judged whole. */
    fields: CourseFields | { over: Partial<Record<keyof CourseFields, unknown>> };
    image?: StoredUpload;
    modules?: readonly ApiModule[];
    moduleFiles?: ReadonlyMap<number, StoredUpload[]>;
  },
  request: Request | null,
): Promise<Result> {
  const result = await prisma.$transaction(
    async (tx): Promise<{ dropped: string[]; titulo: string } | Failure | null> => {
      const current = await tx.course.findUnique({
        where: { id },
        select: { imagen: true, ...COURSE_FIELD_SELECT },
      });
      if (!current) return null;
      // A PATCH's fields over the stored ones, read in this transaction: the same rules as a PUT's
      // (the dates' order with the date not sent), and no other change lost in between.
      let fields: CourseFields;
      if ("over" in input.fields) {
        const parsed = CourseFieldsSchema.safeParse({ ...sentCourseFields(current), ...input.fields.over });
        const issue = parsed.error?.issues[0];
        if (!parsed.success)
          return fail(400, issue?.message ?? "Datos inválidos.", { field: String(issue?.path[0] ?? "") });
        fields = parsed.data;
      } else fields = input.fields;
      // The visibility changes with an admin: a team takes its course to the catalog through review.
      if (fields.visibilidad && fields.visibilidad !== current.visibilidad && admin.rol !== "admin") {
        return fail(403, VISIBILITY_ADMIN_ONLY, { field: "visibilidad" });
      }
      if (fields.exigencia !== current.exigencia && (await courseHasAttempts(tx, id))) {
        return fail(409, EXIGENCIA_LOCKED, { field: "exigencia" });
      }
      await tx.course.update({
        where: { id },
        data: {
          ...courseData(fields),
          ...courseWordsUpdate(fields),
          ...(input.image ? { imagen: input.image.key } : {}),
        },
      });
      await bumpCatalog(tx);
      const dropped: string[] = input.image && current.imagen ? [current.imagen] : [];
      if (input.modules) dropped.push(...(await syncModules(tx, id, input.modules, input.moduleFiles ?? new Map())));
      return { dropped, titulo: fields.titulo };
    },
  );
  if (!result) return notFound();
  if ("ok" in result) return result;
  await Promise.all(result.dropped.map((key) => deleteStoredLogged(key)));
  if (input.modules) await recomputeCourseProgress(id);
  await audit(request, "course.update", {
    actorId: admin.id,
    targetType: "course",
    targetId: id,
    detail: result.titulo,
  });
  return ok();
}

/** The whole change is refused (rolled back) when a module's draw exceeds its questions. */
async function refuseDrawTooLarge(tx: Tx, moduleId: string, n: number | null | undefined, index: number) {
  const refused = await drawTooLarge(tx, moduleId, n);
  if (refused) raise({ ...refused, message: `Módulo ${index + 1}: ${refused.message}` });
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
    select: { id: true, fechaLimite: true, archivos: { select: { id: true, storageKey: true, posicion: true } } },
  });
  const byId = new Map(existing.map((m) => [m.id, m]));
  const kept = new Set<string>();
  const dropped: string[] = [];
  for (const [i, m] of modules.entries()) {
    const newFiles = moduleFiles.get(i) ?? [];
    const old = m.id ? byId.get(m.id) : undefined;
    if (!old || kept.has(old.id)) {
      const created = await tx.module.create({ data: { cursoId: courseId, ...newModule(m, i, newFiles) } });
      await refuseDrawTooLarge(tx, created.id, m.preguntasPorIntento, i);
      continue;
    }
    kept.add(old.id);
    await tx.module.update({
      where: { id: old.id },
      data: {
        posicion: i,
        titulo: m.titulo,
        descripcion: m.descripcion,
        // Left out, the date stays (older clients do not send it).
        ...(m.fechaLimite !== undefined ? { fechaLimite: m.fechaLimite } : {}),
        // The same for the attempt limit (null: unlimited).
        ...(m.intentosMaximos !== undefined ? { intentosMaximos: m.intentosMaximos } : {}),
        ...(m.revision ? { revision: m.revision } : {}),
        ...(m.revisionCuando ? { revisionCuando: m.revisionCuando } : {}),
        ...(m.barajar !== undefined ? { barajar: m.barajar } : {}),
        ...(m.preguntasPorIntento !== undefined ? { preguntasPorIntento: m.preguntasPorIntento } : {}),
        ...(m.tiempoLimiteMin !== undefined ? { tiempoLimiteMin: m.tiempoLimiteMin } : {}),
      },
    });
    if (m.fechaLimite !== undefined && !sameInstant(m.fechaLimite, old.fechaLimite)) await forgetReminders(tx, old.id);
    if (m.enlaces) {
      await tx.moduleLink.deleteMany({ where: { moduloId: old.id } });
      await tx.moduleLink.createMany({
        data: m.enlaces.map((l, j) => ({ moduloId: old.id, posicion: j, nombre: l.nombre, url: l.url })),
      });
    }
    if (m.preguntas) await syncQuestions(tx, old.id, m.preguntas);
    await refuseDrawTooLarge(tx, old.id, m.preguntasPorIntento, i);
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
