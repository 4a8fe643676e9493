// Course data access for the catalog. (Authoring lives in the admin feature.)
import { prisma } from "~/lib/db.server.ts";
import { readStringList } from "./json-list.ts";

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

/** The published courses with the most participants (SPEC §9: top 10). */
export async function listFeaturedCourses(limit = FEATURED_COUNT) {
  const rows = await prisma.course.findMany({
    where: { estado: "publicado" },
    orderBy: [{ cantidadParticipantes: "desc" }, { createdAt: "desc" }, { id: "asc" }],
    take: limit,
    select: courseCardSelect,
  });
  return rows.map(toCourseCard);
}

/** The stored image key of a course, for the public image route. */
export async function courseImageKey(id: string) {
  const row = await prisma.course.findUnique({ where: { id }, select: { imagen: true, updatedAt: true } });
  return row?.imagen ? { key: row.imagen, updatedAt: row.updatedAt } : null;
}

export const COURSES_PAGE_SIZE = 24;

/** Published courses, optionally for one audience (general courses are listed for all). */
export async function listPublishedCourses({ audience, page = 1 }: { audience?: string; page?: number } = {}) {
  const where = {
    estado: "publicado",
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

export function getCourseSummary(id: string) {
  return prisma.course.findUnique({
    where: { id },
    select: { ...courseCardSelect, bienvenida: true, modulos: { orderBy: { posicion: "asc" }, select: { id: true, titulo: true, descripcion: true } } },
  });
}
