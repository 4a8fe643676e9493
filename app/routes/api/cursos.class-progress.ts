import { error, json, PAGED } from "~/lib/api/operation.server.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import { ClassProgressSchema, progressQueryFrom, type ClassProgress } from "~/features/classes/progress-schema.ts";
import { CLASS_NOT_FOUND } from "~/features/classes/texts.ts";
import { findClass } from "~/features/classes/guards.server.ts";
import { getClassProgress, PROGRESS_API_PAGE_SIZE } from "~/features/classes/progress.server.ts";
import { ApiError, apiNumberedPageJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

const EXAMPLE: ClassProgress = {
  curso: { id: "cm1curso0000000000000000", titulo: "Ciencias naturales" },
  clase: { id: "cm1clase0000000000000000", nombre: "Curso 3°B 2026", codigo: "K7MD4QXA" },
  modulos: [
    { id: "cm1modulo100000000000000", posicion: 0, titulo: "La célula" },
    { id: "cm1modulo200000000000000", posicion: 1, titulo: "Los ecosistemas" },
  ],
  estudiantes: [
    {
      id: "cm1estudiante00000000000",
      nombre: "Camila Rojas",
      progreso: 50,
      modulosAprobados: 1,
      modulos: [
        { moduloId: "cm1modulo100000000000000", mejorPorcentaje: 80, intentos: 1, aprobado: true },
        { moduloId: "cm1modulo200000000000000", mejorPorcentaje: 40, intentos: 2, aprobado: false },
      ],
      intentos: 3,
      ultimaActividad: "2026-11-02T14:30:00.000Z",
      marcas: ["atascado", "inactivo"],
    },
  ],
  orden: "nombre",
  dir: "asc",
  marca: null,
  total: 1,
  page: 1,
  pageCount: 1,
};

export const loader = apiRoute("/api/cursos/{cursoId}/clases/{claseId}/progreso", {
  get: {
    tag: "Cursos",
    summary: "Progreso de una clase",
    description:
      "Cada estudiante de la clase: progreso, módulos aprobados, mejor porcentaje e intentos por módulo, " +
      "última actividad y marcas (sin-comenzar: sin intentos ni progreso; atascado: reprobó un módulo dos " +
      "veces o más sin aprobarlo; inactivo: 14 días o más sin actividad sin haber terminado; finalizado). " +
      "Ordenado por nombre, progreso o actividad y filtrado por marca; 100 por página.",
    access: "team",
    query: ["orden", "dir", "marca", "page"],
    ok: { 200: { ...json("Una página del progreso de la clase.", ClassProgressSchema, PAGED), example: EXAMPLE } },
    errors: {
      404: error("Curso o clase no encontrados (una clase de otro curso tampoco).", COURSE_NOT_FOUND, CLASS_NOT_FOUND),
    },
    handler: async ({ params, url }) => {
      const clase = await findClass(params.cursoId, params.claseId);
      if (!clase) throw new ApiError(404, CLASS_NOT_FOUND);
      const progress = await getClassProgress(clase, progressQueryFrom(url), { size: PROGRESS_API_PAGE_SIZE });
      return apiNumberedPageJson<ClassProgress>(progress, url.href, progress);
    },
  },
});
export const action = loader;
