// GET /api/cursos/{id}: a course as this caller may see it (docs/product.md#api-courses), the
// summary of features/courses/course-json.ts with the caller's enrolment, materials and passes.
// The OpenAPI document (routes/api) is made from the same schema. Server only.
import { z } from "zod";
import { CourseSummarySchema, courseSummaryJson } from "~/features/courses/course-json.ts";
import { VISIBILITIES } from "~/features/courses/rules.ts";
import { REVISION_CUANDO, REVISIONES } from "~/features/quizzes/review.ts";
import { QuestionJsonSchema } from "~/features/quizzes/question-json.ts";
import { fixedValue } from "~/lib/api.server.ts";
import type { CourseForViewer } from "./course-view.server.ts";

const CourseModuleSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  nombre: z.string().meta({ description: "El mismo título (nombre de los clientes anteriores)." }),
  descripcion: z.string(),
  tieneQuiz: z.boolean(),
  aprobado: z.boolean().meta({ description: "Si quien llama aprobó la evaluación del módulo." }),
  fechaLimite: z.iso
    .datetime()
    .nullable()
    .meta({ description: "Fecha límite del módulo (instante UTC; se fija en hora de Chile). null: sin fecha." }),
  atrasado: z.boolean().meta({
    description: "Si quien llama está inscrito, la fecha límite pasó y no aprobó la evaluación del módulo.",
  }),
  archivosModulo: z.array(
    z.object({
      nombre: z.string(),
      url: z.string().nullable().meta({ description: "null si el archivo no está disponible." }),
    }),
  ),
  enlaces: z.array(z.object({ nombre: z.string(), url: z.string() })),
  quiz: z
    .object({ preguntas: z.array(QuestionJsonSchema) })
    .optional()
    .meta({ description: "Solo para quien edita el curso: las preguntas con su respuesta correcta." }),
  intentosMaximos: z
    .int()
    .nullable()
    .optional()
    .meta({ description: "Solo para quien edita el curso: intentos por persona (null: sin límite)." }),
  revision: z.enum(REVISIONES).optional().meta({ description: "Solo para quien edita el curso: qué ve quien rinde." }),
  revisionCuando: z
    .enum(REVISION_CUANDO)
    .optional()
    .meta({ description: "Solo para quien edita el curso: cuándo lo ve." }),
  barajar: z.boolean().optional().meta({ description: "Solo para quien edita el curso: si baraja cada intento." }),
  preguntasPorIntento: z
    .int()
    .nullable()
    .optional()
    .meta({ description: "Solo para quien edita el curso: preguntas por intento (null: todas)." }),
  tiempoLimiteMin: z
    .int()
    .nullable()
    .optional()
    .meta({ description: "Solo para quien edita el curso: minutos por intento (null: sin límite)." }),
});

/** A module's quiz settings as GET /api/cursos/{id} shows them to its editors (PUT takes them back). */
export function quizSettingsJson(
  settings:
    | {
        intentosMaximos: number | null;
        revision: string;
        revisionCuando: string;
        barajar: boolean;
        preguntasPorIntento: number | null;
        tiempoLimiteMin: number | null;
      }
    | undefined,
) {
  if (!settings) return {};
  return {
    intentosMaximos: settings.intentosMaximos,
    barajar: settings.barajar,
    preguntasPorIntento: settings.preguntasPorIntento,
    tiempoLimiteMin: settings.tiempoLimiteMin,
    revision: fixedValue(REVISIONES, settings.revision),
    revisionCuando: fixedValue(REVISION_CUANDO, settings.revisionCuando),
  };
}

/** GET /api/cursos/{id}: the course as this caller may see it. */
export const CourseDetailSchema = CourseSummarySchema.extend({
  visibilidad: z.enum(VISIBILITIES).meta({
    description:
      "publico: el catálogo abierto. privado: solo su equipo docente, los administradores y quienes estén " +
      "inscritos (por sus clases); con estado publicado está 'Lista para la clase'.",
  }),
  bienvenida: z.string(),
  fechaInicio: z.iso.datetime().nullable(),
  fechaTermino: z.iso.datetime().nullable(),
  inscrito: z.boolean(),
  materiales: z.boolean().meta({ description: "Si quien llama puede ver archivos y enlaces de los módulos." }),
  modulos: z.array(CourseModuleSchema),
  exigencia: z
    .int()
    .min(1)
    .max(99)
    .optional()
    .meta({
      description:
        "Solo para quienes pueden editar el curso (administradores): el porcentaje para aprobar, que es la nota 4,0 " +
        "de la escala 1,0–7,0 del libro de calificaciones.",
    }),
});
export type CourseDetail = z.output<typeof CourseDetailSchema>;

/** The course as the API shows it to this viewer: materials only when allowed, never answers. */
export function courseDetailJson(c: CourseForViewer): CourseDetail {
  return {
    ...courseSummaryJson(c),
    visibilidad: fixedValue(VISIBILITIES, c.visibilidad),
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
      fechaLimite: m.fechaLimite?.toISOString() ?? null,
      atrasado: m.atrasado,
      archivosModulo: m.archivos.map((f) => ({
        nombre: f.nombre,
        url: f.disponible ? `/cursos/${c.id}/archivos/${f.id}` : null,
      })),
      enlaces: m.enlaces.map((l) => ({ nombre: l.nombre, url: l.url })),
    })),
  };
}
