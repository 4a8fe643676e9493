// A course as one viewer may see it (docs/product.md#visibility, #progress): the course page's and
// GET /api/cursos/{id}'s data, with the viewer's enrolment, materials and progress, and a module's
// file if the viewer may open it.
import { canSeeCourse, isOpenToLearners, isPrivate, type CourseState, type Viewer } from "~/features/courses/rules.ts";
import { courseTies } from "~/features/enrolment/enrolment.server.ts";
import { courseCardSelect, toCourseCard } from "~/features/courses/courses.server.ts";
import { progressPercent } from "~/features/enrolment/progress.ts";
import { touchActivity } from "~/features/enrolment/progress.server.ts";
import { canAccessMaterials, enrolmentDecision } from "~/features/enrolment/rules.ts";
import { audienceForLabel } from "~/features/courses/audience.ts";
import { prisma } from "~/lib/db.server.ts";
import { storedExistsSync } from "~/lib/storage.server.ts";
import { formatChileDateTime, isOverdue } from "~/lib/chile-time.ts";

/** Everything the course page shows to this viewer. Materials only when allowed; never answers. */
function noPuedeTomar(viewer: Viewer, enrolled: boolean, course: CourseState) {
  if (!viewer || enrolled) return null;
  const decision = enrolmentDecision(viewer, course);
  return !decision.ok && decision.reason === "audience"
    ? { para: audienceForLabel(course.dirigidoA), motivo: decision.message }
    : null;
}

export async function getCourseForViewer(id: string, viewer: Viewer, now = new Date()) {
  const ties = await courseTies(viewer, id);
  const { enrolled } = ties;
  // The modules' files and links are read only for a viewer who may open them (`take: 0` reads
  // nothing); a private course not yet open to its learners drops them below.
  const unread = canAccessMaterials(viewer, ties, { estado: "publicado", visibilidad: "publico" }) ? undefined : 0;
  const course = await prisma.course.findUnique({
    where: { id },
    select: {
      ...courseCardSelect,
      bienvenida: true,
      fechaInicio: true,
      fechaTermino: true,
      modulos: {
        orderBy: { posicion: "asc" },
        select: {
          id: true,
          titulo: true,
          descripcion: true,
          fechaLimite: true,
          archivos: {
            take: unread,
            orderBy: { posicion: "asc" },
            select: { id: true, nombre: true, storageKey: true, tamano: true },
          },
          enlaces: { take: unread, orderBy: { posicion: "asc" }, select: { id: true, nombre: true, url: true } },
          // Whether the module has a quiz: one question of this module read through the
          // (moduloId, posicion) index. A `_count` here groups the whole QuizQuestion table.
          preguntas: { orderBy: { posicion: "asc" }, take: 1, select: { id: true } },
        },
      },
    },
  });
  if (!course || !canSeeCourse(viewer, course, ties)) return null;
  const materials = canAccessMaterials(viewer, ties, course);
  const enPreparacion = isPrivate(course) && !isOpenToLearners(course);
  // Until then its learners see no module at all, only that the course is being prepared.
  const modulos = enPreparacion && !materials ? [] : course.modulos;
  const passed = viewer ? await passedModuleIds(viewer.id, id) : new Set<string>();
  const quizModuleIds = course.modulos.filter((m) => m.preguntas.length > 0).map((m) => m.id);
  return {
    ...toCourseCard(course),
    bienvenida: course.bienvenida,
    fechaInicio: course.fechaInicio,
    fechaTermino: course.fechaTermino,
    enrolled,
    materials,
    // A private course its team has not yet marked 'Lista para la clase': its learners wait.
    enPreparacion,
    // Why a signed-in viewer may not take it (another audience's course), instead of 'Comenzar Curso'.
    noPuedeTomar: noPuedeTomar(viewer, enrolled, course),
    // The viewer's progress, from the same stored passes and the same rule as everywhere.
    progreso: progressPercent(quizModuleIds, passed),
    evaluaciones: { total: quizModuleIds.length, aprobadas: quizModuleIds.filter((id) => passed.has(id)).length },
    modulos: modulos.map((m, index) => ({
      id: m.id,
      index,
      titulo: m.titulo || `Módulo ${index + 1}`,
      descripcion: m.descripcion,
      tieneQuiz: m.preguntas.length > 0,
      aprobado: passed.has(m.id),
      fechaLimite: m.fechaLimite,
      // Sent ready to show: the page hydrates without loading Intl's zone data (lib/dates.ts).
      fechaLimiteTexto: m.fechaLimite ? formatChileDateTime(m.fechaLimite) : null,
      // Only an enrolled learner is late.
      atrasado:
        enrolled &&
        isOverdue({ fechaLimite: m.fechaLimite, tieneQuiz: m.preguntas.length > 0, aprobado: passed.has(m.id) }, now),
      archivos: materials
        ? m.archivos.map((f) => ({
            id: f.id,
            nombre: f.nombre,
            tamano: f.tamano,
            disponible: storedExistsSync(f.storageKey),
          }))
        : [],
      enlaces: materials ? m.enlaces.map((l) => ({ id: l.id, nombre: l.nombre, url: l.url })) : [],
    })),
  };
}
export type CourseForViewer = NonNullable<Awaited<ReturnType<typeof getCourseForViewer>>>;

/** Modules of a course whose quiz this user has passed (any attempt: a pass is never lost). */
async function passedModuleIds(userId: string, courseId: string): Promise<Set<string>> {
  const rows = await prisma.quizAttempt.findMany({
    where: { userId, cursoId: courseId, aprobado: true },
    distinct: ["moduloId"],
    select: { moduloId: true },
  });
  return new Set(rows.map((r) => r.moduloId));
}

/** A module file, if the viewer may open it. */
export async function getModuleFileForViewer(courseId: string, fileId: string, viewer: Viewer) {
  const file = await prisma.moduleFile.findFirst({
    where: { id: fileId, modulo: { cursoId: courseId } },
    select: {
      nombre: true,
      storageKey: true,
      tipo: true,
      modulo: { select: { curso: { select: { estado: true, visibilidad: true } } } },
    },
  });
  if (!file) return null;
  const { curso } = file.modulo;
  const ties = await courseTies(viewer, courseId);
  if (!canSeeCourse(viewer, curso, ties)) return null;
  const { enrolled } = ties;
  if (!canAccessMaterials(viewer, ties, curso)) return "forbidden" as const;
  // A learner opening a material is active in the course (a class's 'Última actividad').
  if (enrolled && viewer) await touchActivity(viewer.id, courseId);
  // enrolled: a learner's file, which their device may keep for reading offline (decision 014).
  return { nombre: file.nombre, storageKey: file.storageKey, tipo: file.tipo, enrolled };
}
