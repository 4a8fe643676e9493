// The class at a glance's query (the page's address, the API's query) and answer (docs/product.md#classes).
import { z } from "zod";
import {
  DEFAULT_DIRECTION,
  PROGRESS_DIRECTIONS,
  PROGRESS_FLAGS,
  PROGRESS_ORDERS,
  type ProgressDirection,
  type ProgressFlag,
  type ProgressOrder,
} from "./progress-texts.ts";

export type ProgressQuery = { orden: ProgressOrder; dir: ProgressDirection; marca: ProgressFlag | null; page: number };

const oneOf = <T extends readonly [string, ...string[]]>(list: T) => z.enum(list).optional().catch(undefined);

/**
 * The list's order, direction, flag and page from an address. The page reads it leniently (an
 * unknown value is the default); the API has refused unknown values before (apiQuery).
 */
export function progressQueryFrom(url: URL | string): ProgressQuery {
  const params = new URL(url, "http://x").searchParams;
  const read = z
    .object({
      orden: oneOf(PROGRESS_ORDERS),
      dir: oneOf(PROGRESS_DIRECTIONS),
      marca: oneOf(PROGRESS_FLAGS),
      page: z.coerce.number().int().min(1).max(999_999_999).optional().catch(undefined),
    })
    .parse({
      orden: params.get("orden") ?? undefined,
      dir: params.get("dir") ?? undefined,
      marca: params.get("marca") ?? undefined,
      page: params.get("page") ?? undefined,
    });
  const orden = read.orden ?? "nombre";
  return { orden, dir: read.dir ?? DEFAULT_DIRECTION[orden], marca: read.marca ?? null, page: read.page ?? 1 };
}

const count = z.number().int().nonnegative();

export const ClassProgressSchema = z.object({
  curso: z.object({ id: z.string(), titulo: z.string() }),
  clase: z.object({ id: z.string(), nombre: z.string(), codigo: z.string() }),
  modulos: z
    .array(z.object({ id: z.string(), posicion: count, titulo: z.string() }))
    .describe("Los módulos con evaluación, en orden"),
  estudiantes: z.array(
    z.object({
      id: z.string(),
      nombre: z.string().describe("Nombre y apellido"),
      progreso: z.number().int().min(0).max(100),
      modulosAprobados: count,
      modulos: z
        .array(
          z.object({
            moduloId: z.string(),
            mejorPorcentaje: z.number().int().min(0).max(100).nullable().describe("null sin intentos"),
            intentos: count,
            aprobado: z.boolean(),
          }),
        )
        .describe("Uno por módulo con evaluación, en el orden de `modulos`"),
      intentos: count.describe("Intentos en todas las evaluaciones del curso"),
      ultimaActividad: z.iso
        .datetime()
        .nullable()
        .describe(
          "Intento, material abierto o certificado: lo último que hizo en el curso; null si no ha hecho nada " +
            "desde su inscripción ('Sin actividad')",
        ),
      marcas: z.array(z.enum(PROGRESS_FLAGS)),
    }),
  ),
  orden: z.enum(PROGRESS_ORDERS),
  dir: z.enum(PROGRESS_DIRECTIONS),
  marca: z.enum(PROGRESS_FLAGS).nullable(),
  total: count.describe("Estudiantes de la clase con la marca pedida (todos sin marca)"),
  page: z.number().int().positive(),
  pageCount: z.number().int().positive(),
});
export type ClassProgress = z.infer<typeof ClassProgressSchema>;
