// The courses as the API answers them (docs/product.md#api-courses). Each mapper's result is its
// schema's output, and the OpenAPI document (routes/api) is made from the same schemas,
// so the answer and its documentation cannot drift. Server only: Zod stays out of browser bundles.
import { z } from "zod";
import { fixedValue } from "~/lib/api.server.ts";
import { AUDIENCES } from "./audience.ts";
import { VISIBILITIES } from "./rules.ts";
import type { CourseCardData } from "./courses.server.ts";

export const COURSE_STATES = ["borrador", "en_revision", "publicado"] as const;
const dirigidoA = z.enum(AUDIENCES).meta({ description: "A quién se dirige el curso." });
const estado = z.enum(COURSE_STATES).meta({
  description: "Un borrador (o un curso en revisión) solo lo ven los administradores y los docentes.",
});

/** A course in API lists. */
export const CourseSummarySchema = z.object({
  id: z.string(),
  titulo: z.string(),
  imagenUrl: z.string().nullable(),
  duracionHoras: z.number().nullable(),
  dirigidoA,
  estado,
  herramientas: z.array(z.string()),
  loAprenderan: z.array(z.string()),
  cantidadParticipantes: z.int().min(0),
});
export type CourseSummary = z.output<typeof CourseSummarySchema>;

/** GET /api/cursos/lista and /api/cursos/publico/{tipo}: one page of a list. */
export const CourseListSchema = z.object({
  cursos: z.array(CourseSummarySchema),
  total: z.int().min(0),
  totalExacto: z
    .boolean()
    .describe(
      "false cuando una búsqueda (?q=) encuentra más de 1000 cursos: total es entonces 1000 y las " +
        "páginas llegan a los 1000 más recientes.",
    ),
  page: z.int().min(1),
  pageCount: z.int().min(1),
});

/** GET /api/cursos/destacados. */
export const FeaturedCoursesSchema = z.object({ cursos: z.array(CourseSummarySchema) });
export type FeaturedCourses = z.output<typeof FeaturedCoursesSchema>;

/** POST /api/cursos and PUT /api/cursos/{cursoId}/publicar: the course and its new state. */
export const CourseStateSchema = z.object({
  message: z.string(),
  id: z.string(),
  estado,
  visibilidad: z.enum(VISIBILITIES).optional().meta({
    description: "Al crear: privado si lo crea un docente, publico si lo crea un administrador (salvo que se envíe).",
  }),
});
export type CourseState = z.output<typeof CourseStateSchema>;

/** POST /api/cursos/{cursoId}/registrarParticipante. */
export const EnrolledSchema = z.object({
  message: z.string(),
  yaInscrito: z.boolean().meta({ description: "true (y estado 200) si ya estaba inscrito." }),
});
export type Enrolled = z.output<typeof EnrolledSchema>;

/** GET /api/cursos/{cursoId}/cantidadParticipantes. */
export const ParticipantCountSchema = z.object({ cantidadParticipantes: z.int().min(0) });

const ParticipantSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  correo: z.string(),
  registradoEn: z.iso.datetime().nullable(),
  progreso: z.number().meta({ description: "Porcentaje (0 a 100)." }),
});

/** GET /api/cursos/{cursoId}/participantes: one page, in enrolment order. */
export const ParticipantsSchema = z.object({ participantes: z.array(ParticipantSchema) });
export type Participants = z.output<typeof ParticipantsSchema>;

export function courseSummaryJson(c: CourseCardData): CourseSummary {
  return {
    id: c.id,
    titulo: c.titulo,
    imagenUrl: c.imagenUrl,
    duracionHoras: c.duracionHoras,
    dirigidoA: fixedValue(AUDIENCES, c.dirigidoA),
    estado: fixedValue(COURSE_STATES, c.estado),
    herramientas: c.herramientas,
    loAprenderan: c.loAprenderan,
    cantidadParticipantes: c.cantidadParticipantes,
  };
}

/** A page of a course list as the API answers it: { cursos, total, totalExacto, page, pageCount }. */
export function courseListJson(list: {
  courses: CourseCardData[];
  total: number;
  totalExact: boolean;
  page: number;
  pageCount: number;
}): z.output<typeof CourseListSchema> {
  return {
    cursos: list.courses.map(courseSummaryJson),
    total: list.total,
    totalExacto: list.totalExact,
    page: list.page,
    pageCount: list.pageCount,
  };
}

/** A participant of GET /api/cursos/{cursoId}/participantes (dates as ISO strings). */
export function participantJson(
  p: Omit<z.output<typeof ParticipantSchema>, "registradoEn"> & { registradoEn: Date | null },
): z.output<typeof ParticipantSchema> {
  return { ...p, registradoEn: p.registradoEn?.toISOString() ?? null };
}
