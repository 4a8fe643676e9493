// Setting a tarea (docs/product.md#setting-a-tarea): one schema for the form ('Nueva tarea',
// 'Guardar') and the API (POST /api/cursos/{cursoId}/tareas, PUT /api/tareas/{tareaId}), and the
// one JSON shape every answer gives. Server only (decision 003).
import { z } from "zod";
import { readDueDate } from "~/features/authoring/schema.ts";
import { isMultiLineText, singleLineText, TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import { RubricSchema } from "./rubric.ts";
import {
  CHOICE_INVALID,
  CLASES_REQUIRED,
  FECHA_INVALID,
  INSTRUCCIONES_MAX,
  INSTRUCCIONES_TOO_LONG,
  NIVELES_TOO_MANY,
  NOMBRE_TOO_LONG,
  PUNTOS_INVALID,
  RUBRICA_REQUIRED,
  TITULO_MAX,
  TITULO_REQUIRED,
  TITULO_TOO_LONG,
} from "./set-texts.ts";

/** A yes/no: JSON's true/false, or the form's radio "si"/"no"; left out: `fallback`. */
const yesNo = (fallback: boolean, description: string) =>
  z
    .union([z.boolean(), z.enum(["si", "no"])], CHOICE_INVALID)
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === "si"))
    .meta({ description });

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * The form's fixed grid of rubric rows, as Conform reads it: empty criteria and empty levels are
 * left out, points typed as text become numbers. JSON from the API passes through unchanged.
 */
function cleanRubric(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  type Row = { nombre?: unknown; niveles?: unknown; puntos?: unknown } | undefined | null;
  const levels = (c: Row) => (Array.isArray(c?.niveles) ? (c.niveles as Row[]) : []);
  const emptyLevel = (l: Row) => !l || (blank(l.nombre) && blank(l.puntos));
  return (value as Row[])
    .filter((c) => c && !(blank(c.nombre) && levels(c).every(emptyLevel)))
    .map((c) => ({
      nombre: c!.nombre ?? "",
      niveles: levels(c)
        .filter((l) => !emptyLevel(l))
        .map((l) => ({
          nombre: l!.nombre ?? "",
          puntos: typeof l!.puntos === "string" && /^\s*\d+\s*$/.test(l!.puntos) ? Number(l!.puntos) : l!.puntos,
        })),
    }));
}

/** A rubric's problem in the form's words: which criterion, and what to fix. */
function rubricMessage(issue: z.core.$ZodIssue): string {
  const [criterion] = issue.path;
  const where = typeof criterion === "number" ? `Criterio ${criterion + 1}: ` : "";
  const last = issue.path.at(-1);
  if (last === "puntos") return `${where}${PUNTOS_INVALID}`;
  if (issue.code === "too_big" && last === "nombre") return `${where}${NOMBRE_TOO_LONG}`;
  if (issue.code === "too_big" && last === "niveles") return `${where}${NIVELES_TOO_MANY}`;
  if (issue.code === "invalid_type") return `${where}${RUBRICA_REQUIRED}`;
  return `${where}${issue.message}`;
}

const RUBRIC_DOC =
  "La rúbrica, cuando `calificacion` es «rubrica»: de 1 a 12 criterios, cada uno con un nombre (hasta 120 " +
  "caracteres) y de 2 a 6 niveles con nombre (hasta 60) y puntos enteros de 0 a 100. Todos los niveles más " +
  "altos dan un 7,0; la nota sigue la exigencia del curso. Se ignora cuando `calificacion` es «nota».";

/** 'Nueva tarea', 'Guardar', POST /api/cursos/{cursoId}/tareas and PUT /api/tareas/{tareaId}. */
export const TareaFieldsSchema = z
  .object({
    titulo: singleLineText(
      z
        .string({ error: TITULO_REQUIRED })
        .trim()
        .min(1, TITULO_REQUIRED)
        .max(TITULO_MAX, TITULO_TOO_LONG)
        .meta({ description: `El título (1 a ${TITULO_MAX} caracteres, una línea). Ej.: Guía de fracciones.` }),
    ),
    // A default, not an optional string: Conform keeps the form's empty field as "" (no text) then.
    instrucciones: z
      .string(INSTRUCCIONES_TOO_LONG)
      .default("")
      .transform((v, ctx) => {
        const text = v.replace(/\r\n?/g, "\n").trim();
        const message =
          text.length > INSTRUCCIONES_MAX ? INSTRUCCIONES_TOO_LONG : isMultiLineText(text) ? null : TEXT_NOT_ALLOWED;
        if (message) ctx.addIssue({ code: "custom", message });
        return text;
      })
      .meta({
        description:
          `Las instrucciones (hasta ${INSTRUCCIONES_MAX} caracteres), texto simple: los saltos de línea se ` +
          "conservan y los enlaces http:// o https:// se muestran como enlaces.",
      }),
    moduloId: z
      .string(CHOICE_INVALID)
      .trim()
      .max(64, CHOICE_INVALID)
      .nullable()
      .optional()
      .transform((v) => v || null)
      .meta({ description: "Un módulo del curso; vacío o null: arriba en el curso." }),
    fechaLimite: z
      .unknown()
      .optional()
      .transform((v, ctx) => {
        const at = readDueDate(v);
        if (at === "invalid") {
          ctx.addIssue({ code: "custom", message: FECHA_INVALID });
          return z.NEVER;
        }
        return at ?? null;
      })
      .meta({
        description:
          "Fecha límite: fecha y hora de Chile AAAA-MM-DDTHH:mm (America/Santiago), o un instante ISO con zona " +
          "(…Z, …-03:00); vacía, null u omitida: sin fecha límite.",
        anyOf: [{ type: "string" }, { type: "null" }],
      }),
    permiteAtrasadas: yesNo(true, "Permitir entregas atrasadas (marcadas «Atrasada»); omitido: sí."),
    calificacion: z
      .enum(["nota", "rubrica"], CHOICE_INVALID)
      .optional()
      .transform((v) => v ?? "nota")
      .meta({ description: "«nota» (de 1,0 a 7,0) o «rubrica»; omitida: nota." }),
    rubrica: z
      .unknown()
      .optional()
      .meta({ description: RUBRIC_DOC, anyOf: [{ type: "array" }, { type: "null" }] }),
    todasLasClases: yesNo(true, "Para todas las clases del curso; omitido: sí. Si no, para las de `clases`."),
    clases: z
      .array(z.string(CHOICE_INVALID).trim().max(64, CHOICE_INVALID), CHOICE_INVALID)
      .max(200, CHOICE_INVALID)
      .optional()
      .transform((v) => [...new Set(v ?? [])])
      .meta({ description: "Las clases del curso a las que va la tarea (sus id), cuando no es para todas." }),
  })
  // Run even when another field failed (`when`), so that every mistake is told at once.
  .check(
    z.superRefine(
      (v, ctx) => {
        if (v.todasLasClases === false && Array.isArray(v.clases) && v.clases.length === 0) {
          ctx.addIssue({ code: "custom", path: ["clases"], message: CLASES_REQUIRED });
        }
        if (v.calificacion !== "rubrica") return;
        const parsed = RubricSchema.safeParse(cleanRubric(v.rubrica ?? []));
        if (parsed.success) return;
        for (const message of new Set(parsed.error.issues.map(rubricMessage))) {
          ctx.addIssue({ code: "custom", path: ["rubrica"], message });
        }
      },
      { when: () => true },
    ),
  )
  .transform((v) => ({
    ...v,
    rubrica: v.calificacion === "rubrica" ? RubricSchema.parse(cleanRubric(v.rubrica ?? [])) : null,
    clases: v.todasLasClases ? [] : v.clases,
  }));
export type TareaFields = z.output<typeof TareaFieldsSchema>;

const ArchivoJsonSchema = z.object({
  id: z.string(),
  nombre: z.string().meta({ description: "El nombre con que se subió." }),
  tipo: z.string().meta({ description: "application/pdf, image/jpeg, image/png o image/webp." }),
  tamano: z.int().meta({ description: "Bytes." }),
  url: z.string().meta({ description: "Dónde se abre (para el equipo y los estudiantes a quienes va la tarea)." }),
});

/** One tarea, as every answer gives it. */
export const TareaJsonSchema = z.object({
  id: z.string(),
  cursoId: z.string(),
  moduloId: z.string().nullable(),
  modulo: z.string().nullable().meta({ description: "El título del módulo; null: arriba en el curso." }),
  titulo: z.string(),
  instrucciones: z.string().meta({ description: "Texto simple; quien lo muestre debe escaparlo." }),
  fechaLimite: z.iso.datetime().nullable().meta({ description: "Instante UTC; se fija en hora de Chile." }),
  permiteAtrasadas: z.boolean(),
  todasLasClases: z.boolean(),
  clases: z
    .array(z.object({ id: z.string(), nombre: z.string() }))
    .meta({ description: "Las clases a las que va (vacía si es para todas). A un estudiante: solo las suyas." }),
  calificacion: z.enum(["nota", "rubrica"]),
  rubrica: RubricSchema.nullable(),
  archivos: z.array(ArchivoJsonSchema),
  url: z.string().meta({ description: "La página de la tarea." }),
  creadaEn: z.iso.datetime(),
  actualizadaEn: z.iso.datetime(),
});
export type TareaJson = z.output<typeof TareaJsonSchema>;

/** GET /api/cursos/{cursoId}/tareas: the viewer's tareas of the course, by due date. */
export const TareaListSchema = z.object({ cursoId: z.string(), tareas: z.array(TareaJsonSchema) });
export type TareaList = z.output<typeof TareaListSchema>;
