import type { CourseCardData, CourseForViewer } from "./courses.server.ts";

/** A course in API lists, with the product's field names (docs/product.md#api-courses). */
export function courseSummaryJson(c: CourseCardData) {
  return {
    id: c.id,
    titulo: c.titulo,
    imagenUrl: c.imagenUrl,
    duracionHoras: c.duracionHoras,
    dirigidoA: c.dirigidoA,
    estado: c.estado,
    herramientas: c.herramientas,
    loAprenderan: c.loAprenderan,
    cantidadParticipantes: c.cantidadParticipantes,
  };
}

/** A page of a course list as the API answers it: { cursos, total, page, pageCount }. */
export function courseListJson(list: { courses: CourseCardData[]; total: number; page: number; pageCount: number }) {
  return { cursos: list.courses.map(courseSummaryJson), total: list.total, page: list.page, pageCount: list.pageCount };
}

/** The course as the API shows it to this viewer: materials only when allowed, never answers. */
export function courseDetailJson(c: CourseForViewer) {
  return {
    ...courseSummaryJson(c),
    bienvenida: c.bienvenida,
    fechaInicio: c.fechaInicio?.toISOString() ?? null,
    fechaTermino: c.fechaTermino?.toISOString() ?? null,
    inscrito: c.enrolled,
    materiales: c.materials,
    modulos: c.modulos.map((m) => ({
      id: m.id,
      titulo: m.titulo,
      nombre: m.titulo,
      descripcion: m.descripcion,
      tieneQuiz: m.tieneQuiz,
      aprobado: m.aprobado,
      archivosModulo: m.archivos.map((f) => ({
        nombre: f.nombre,
        url: f.disponible ? `/cursos/${c.id}/archivos/${f.id}` : null,
      })),
      enlaces: m.enlaces.map((l) => ({ nombre: l.nombre, url: l.url })),
    })),
  };
}
