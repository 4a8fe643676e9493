// Course data access for the catalog. (Authoring lives in ./authoring/.)
import { isEnrolled } from "~/features/enrolment/enrolment.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { storedExistsSync } from "~/lib/storage.server.ts";
import { readStringList } from "./json-list.ts";
import { canAccessMaterials, canSeeCourse, canSeeDrafts, isPublished, type Viewer } from "./rules.ts";

export const FEATURED_COUNT = 10;

export const courseCardSelect = {
  id: true,
  titulo: true,
  imagen: true,
  duracionHoras: true,
  dirigidoA: true,
  estado: true,
  herramientas: true,
  loAprenderan: true,
  cantidadParticipantes: true,
} as const;

type CardRow = {
  id: string;
  titulo: string;
  imagen: string | null;
  duracionHoras: number | null;
  dirigidoA: string;
  estado: string;
  herramientas: unknown;
  loAprenderan: unknown;
  cantidadParticipantes: number;
};

export function toCourseCard(row: CardRow) {
  return {
    id: row.id,
    titulo: row.titulo,
    imagenUrl: row.imagen ? `/imagenes/cursos/${row.id}` : null,
    duracionHoras: row.duracionHoras,
    dirigidoA: row.dirigidoA,
    estado: row.estado,
    herramientas: readStringList(row.herramientas),
    loAprenderan: readStringList(row.loAprenderan),
    cantidadParticipantes: row.cantidadParticipantes,
  };
}
export type CourseCardData = ReturnType<typeof toCourseCard>;

/** The published courses with the most participants: the top 10 (docs/product.md#course-lists). */
export async function listFeaturedCourses(limit = FEATURED_COUNT) {
  const rows = await prisma.course.findMany({
    where: { estado: "publicado" },
    orderBy: [{ cantidadParticipantes: "desc" }, { createdAt: "desc" }, { id: "asc" }],
    take: limit,
    select: courseCardSelect,
  });
  return rows.map(toCourseCard);
}

/**
 * The stored image key of a course, for the image route: null when there is none or when this
 * viewer may not see the course (a draft for visitors and learners), exactly as the course page
 * decides with canSeeCourse. `shared` says whether a shared cache may keep it (published only).
 */
export async function courseImageKey(id: string, viewer: Viewer) {
  const row = await prisma.course.findUnique({
    where: { id },
    select: { imagen: true, estado: true, updatedAt: true },
  });
  if (!row?.imagen || !canSeeCourse(viewer, row)) return null;
  return { key: row.imagen, updatedAt: row.updatedAt, shared: isPublished(row) };
}

export const COURSES_PAGE_SIZE = 24;

/**
 * Courses the viewer may see (drafts for docentes and admins only), optionally for one
 * audience (courses for everyone, 'general', are listed under every audience). Paginated.
 */
export async function listCourses({
  viewer,
  audience,
  page = 1,
}: {
  viewer: Viewer;
  audience?: string;
  page?: number;
}) {
  const where = {
    ...(canSeeDrafts(viewer) ? {} : { estado: "publicado" }),
    ...(audience ? { dirigidoA: { in: [audience, "general"] } } : {}),
  };
  const [total, rows] = await Promise.all([
    prisma.course.count({ where }),
    prisma.course.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (Math.max(1, page) - 1) * COURSES_PAGE_SIZE,
      take: COURSES_PAGE_SIZE,
      select: courseCardSelect,
    }),
  ]);
  return { courses: rows.map(toCourseCard), total, page, pageCount: Math.max(1, Math.ceil(total / COURSES_PAGE_SIZE)) };
}

/** Everything the course page shows to this viewer. Materials only when allowed; never answers. */
export async function getCourseForViewer(id: string, viewer: Viewer) {
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
          archivos: {
            orderBy: { posicion: "asc" },
            select: { id: true, nombre: true, storageKey: true, tamano: true },
          },
          enlaces: { orderBy: { posicion: "asc" }, select: { id: true, nombre: true, url: true } },
          // Whether the module has a quiz: one question of this module read through the
          // (moduloId, posicion) index. A `_count` here groups the whole QuizQuestion table.
          preguntas: { orderBy: { posicion: "asc" }, take: 1, select: { id: true } },
        },
      },
    },
  });
  if (!course || !canSeeCourse(viewer, course)) return null;
  const [enrolled, passed] = await Promise.all([
    isEnrolled(viewer?.id, id),
    viewer ? passedModuleIds(viewer.id, id) : Promise.resolve(new Set<string>()),
  ]);
  const materials = canAccessMaterials(viewer, enrolled);
  return {
    ...toCourseCard(course),
    bienvenida: course.bienvenida,
    fechaInicio: course.fechaInicio,
    fechaTermino: course.fechaTermino,
    enrolled,
    materials,
    modulos: course.modulos.map((m, index) => ({
      id: m.id,
      index,
      titulo: m.titulo || `Módulo ${index + 1}`,
      descripcion: m.descripcion,
      tieneQuiz: m.preguntas.length > 0,
      aprobado: passed.has(m.id),
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
export async function passedModuleIds(userId: string, courseId: string): Promise<Set<string>> {
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
    select: { nombre: true, storageKey: true, tipo: true, modulo: { select: { curso: { select: { estado: true } } } } },
  });
  if (!file || !canSeeCourse(viewer, file.modulo.curso)) return null;
  if (!canAccessMaterials(viewer, await isEnrolled(viewer?.id, courseId))) return "forbidden" as const;
  return { nombre: file.nombre, storageKey: file.storageKey, tipo: file.tipo };
}

export async function participantCount(id: string, viewer: Viewer) {
  const course = await prisma.course.findUnique({
    where: { id },
    select: { estado: true, cantidadParticipantes: true },
  });
  if (!course || !canSeeCourse(viewer, course)) return null;
  return course.cantidadParticipantes;
}
