// The admin reports' JSON shapes (docs/product.md#json-api): the answers of
// GET /api/admin/resumen, /api/admin/cursos/{cursoId}/reporte and /api/admin/cursos/{cursoId}/calificaciones.
// The services (reports.server.ts) build exactly these objects; the HTML pages render the same
// objects, and the OpenAPI document is generated from these schemas.
import { z } from "zod";
import { COURSE_STATES } from "~/features/courses/course-json.ts";

const count = z.number().int().nonnegative();
const percent = z.number().int().min(0).max(100);
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const ResumenSchema = z.object({
  usuarios: z.object({
    total: count,
    pendientes: count.describe("Cuentas sin aprobar (no suspendidas)"),
    porRol: z.object({ admin: count, docente: count, estudiante: count, comunidad: count }),
  }),
  cursos: z.object({
    publicados: count,
    borradores: count,
    enRevision: count.describe("Enviados a revisión por su equipo docente"),
    privados: count.describe("Cursos privados, de su equipo docente y sus clases (no cuentan arriba)"),
  }),
  inscripciones: count,
  certificados: count,
  correos: z.object({ pendientes: count, fallidos: count }).describe("Correos que esperan en la bandeja de salida"),
  meses: z
    .array(
      z.object({
        mes: month.describe("AAAA-MM, mes calendario en hora de Chile (America/Santiago)"),
        inscripciones: count,
        certificados: count,
      }),
    )
    .length(12)
    .describe("Los últimos 12 meses, el más antiguo primero; el último es el mes en curso"),
});
export type Resumen = z.infer<typeof ResumenSchema>;

export const CourseReportSchema = z.object({
  curso: z.object({ id: z.string(), titulo: z.string(), estado: z.enum(COURSE_STATES) }),
  embudo: z
    .array(z.object({ etapa: z.string(), participantes: count }))
    .describe("Participantes → con al menos un intento → aprobaron cada módulo → certificado"),
  modulos: z.array(
    z.object({
      id: z.string(),
      posicion: count,
      titulo: z.string(),
      preguntas: count,
      participantesConIntento: count,
      aprobados: count,
      tasaAprobacion: percent.describe("Aprobados ÷ participantes con intento"),
      intentos: count,
      promedioIntentos: z.number().nonnegative().describe("Intentos ÷ participantes con intento, un decimal"),
      preguntasMasFalladas: z.array(
        z.object({
          preguntaId: z.string(),
          texto: z.string(),
          respuestas: count,
          incorrectas: count,
          tasaError: percent,
        }),
      ),
    }),
  ),
});
export type CourseReport = z.infer<typeof CourseReportSchema>;

/** A nota of the Chilean scale: a number with one decimal, 1.0 to 7.0 (pages and CSV write '5,5'). */
const nota = z.number().min(1).max(7).multipleOf(0.1);

export const GradebookSchema = z.object({
  curso: z.object({
    id: z.string(),
    titulo: z.string(),
    exigencia: z.int().min(1).max(99).describe("El porcentaje para aprobar, que es la nota 4,0"),
  }),
  clases: z
    .array(z.object({ id: z.string(), nombre: z.string() }))
    .describe("Las clases del curso, por nombre: los valores de `clase`"),
  clase: z.string().nullable().describe("La clase filtrada (?clase=), o null para todo el curso"),
  modulos: z.array(z.object({ id: z.string(), posicion: count, titulo: z.string() })),
  columnas: z
    .array(
      z.object({
        id: z.string(),
        nombre: z.string(),
        posicion: count,
        tareaId: z.string().nullable().describe("La tarea de la columna (sus notas, al devolver sus entregas), o null"),
      }),
    )
    .describe(
      "Las columnas de notas que el equipo pone a mano (ej.: Disertación) o las de una tarea, después de los módulos",
    ),
  ponderacion: z
    .object({ evaluaciones: z.int().min(0).max(100).describe("El % de los módulos; las columnas, el resto") })
    .nullable()
    .describe("null: la nota final es el promedio simple de todas las notas"),
  participantes: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      correo: z.string(),
      notas: z
        .array(
          z.object({
            moduloId: z.string(),
            mejorNota: percent.nullable().describe("El mejor porcentaje; null sin intentos"),
            nota: nota
              .nullable()
              .describe("La nota de 1,0 a 7,0 del mejor porcentaje, con la exigencia del curso; null sin intentos"),
            intentos: count,
            aprobado: z.boolean(),
          }),
        )
        .describe("Una por módulo con evaluación, en el orden de `modulos`"),
      manuales: z
        .array(
          z.object({
            columnaId: z.string(),
            nota: nota.nullable().describe("null mientras el equipo no pone la nota"),
            comentario: z.string(),
          }),
        )
        .describe("Una por columna de notas, en el orden de `columnas`"),
      nota: nota
        .nullable()
        .describe(
          "La nota final: el promedio de las notas de los módulos (desde el primer intento; un módulo sin " +
            "intentos cuenta como 1,0) y de las columnas de notas que tienen nota, o con `ponderacion` el " +
            "promedio de cada grupo con su peso; a un decimal, redondeado hacia arriba desde la mitad; " +
            "null sin ninguna",
        ),
    }),
  ),
  total: count,
  page: z.number().int().positive(),
  pageCount: z.number().int().positive(),
});
export type Gradebook = z.infer<typeof GradebookSchema>;

export const ROLES_IN_SUMMARY = ["admin", "docente", "estudiante", "comunidad"] as const;
