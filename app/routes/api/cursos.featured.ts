import { type z } from "zod";
import {
  type CourseSummarySchema,
  FeaturedCoursesSchema,
  courseSummaryJson,
  type FeaturedCourses,
} from "~/features/courses/course-json.ts";
import { json } from "~/lib/api/operation.server.ts";
import { listFeaturedCourses } from "~/features/courses/courses.server.ts";
import { apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

/** A course as the lists show it, for the examples. */
const EXAMPLE_COURSE: z.output<typeof CourseSummarySchema> = {
  id: "cm3x2k9a10000ab12cd34ef56",
  titulo: "Compostaje en casa",
  imagenUrl: null,
  duracionHoras: 10,
  dirigidoA: "general",
  estado: "publicado",
  herramientas: ["Pala", "Balde con tapa"],
  loAprenderan: ["Separar residuos orgánicos", "Mantener una compostera"],
  cantidadParticipantes: 42,
};

export const loader = apiRoute("/api/cursos/destacados", {
  get: {
    tag: "Cursos",
    summary: "Los 10 cursos publicados con más participantes",
    description: "Los de más participantes primero; sin credenciales, igual para todos.",
    access: "public",
    ok: { 200: { ...json("Los cursos.", FeaturedCoursesSchema), example: { cursos: [EXAMPLE_COURSE] } } },
    handler: async () => apiJson<FeaturedCourses>({ cursos: (await listFeaturedCourses()).map(courseSummaryJson) }),
  },
});
export const action = loader;
