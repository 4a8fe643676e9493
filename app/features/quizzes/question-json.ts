// A quiz question as the API shows it to a course's editors and takes it back
// (docs/decisions/046-kinds-of-question.md): one schema per kind, told apart by `tipo`, the same in
// GET /api/cursos/{id} and in PUT/POST /api/cursos (so what a GET gives, a PUT keeps). The OpenAPI
// document (routes/api) is made from it. Server only: Zod stays out of browser bundles.
import { z } from "zod";
import { tipoOf, type GradableQuestion } from "./grading.ts";

const texto = z.string().max(1000);
const common = {
  id: z.string().max(64).optional().meta({ description: "La pregunta existente (PUT); sin él, una nueva." }),
  texto,
  pregunta: texto.optional().meta({ description: "Lo mismo que texto (clientes anteriores)." }),
};
const choice = z.object({ texto: z.string().max(500), correcta: z.boolean() });
const decimal = z
  .union([z.number(), z.string()])
  .meta({ description: "Un número, o su texto con coma o punto decimal (hasta 15 cifras)." });

/**
 * The schemas of each kind and their union on `tipo`. Made twice: the OpenAPI document names what
 * a client sends apart from what it receives (an answer's objects list every field).
 */
function questionSchemas() {
  const QuestionUnicaSchema = z
    .object({
      ...common,
      tipo: z.literal("unica").meta({ description: "Una petición sin tipo (clientes anteriores) es unica." }),
      opciones: z
        .array(z.union([z.string().max(500), choice]))
        .min(2)
        .max(10),
      respuestaCorrecta: z
        .union([z.int().min(0), z.string()])
        .optional()
        .meta({ description: "La correcta: su índice desde 0, o su texto (o marcada con correcta)." }),
    })
    .meta({ description: "Una sola opción correcta (2 a 10 opciones)." });
  const QuestionMultipleSchema = z
    .object({
      ...common,
      tipo: z.literal("multiple"),
      opciones: z.array(choice).min(2).max(10),
      puntajeParcial: z
        .boolean()
        .optional()
        .meta({
          description:
            "true: crédito parcial, (correctas marcadas − incorrectas marcadas) / correctas, nunca menos de 0; " +
            "false u omitido: todo o nada.",
        }),
    })
    .meta({ description: "Varias opciones correctas (al menos una)." });
  const QuestionTrueFalseSchema = z
    .object({
      ...common,
      tipo: z.literal("verdadero_falso"),
      respuestaCorrecta: z.boolean().meta({ description: "true si la afirmación es verdadera." }),
    })
    .meta({ description: "Verdadero o falso." });
  const QuestionShortSchema = z
    .object({
      ...common,
      tipo: z.literal("respuesta_corta"),
      respuestasAceptadas: z.array(z.string().max(500)).min(1).max(10),
    })
    .meta({ description: "Respuesta corta: se compara sin mayúsculas, tildes ni espacios de más." });
  const QuestionNumericSchema = z
    .object({ ...common, tipo: z.literal("numerica"), valor: decimal, tolerancia: decimal.optional() })
    .meta({ description: "Numérica: correcta si está a lo más a `tolerancia` de `valor` (omitida: 0)." });

  const union = z.discriminatedUnion("tipo", [
    QuestionUnicaSchema,
    QuestionMultipleSchema,
    QuestionTrueFalseSchema,
    QuestionShortSchema,
    QuestionNumericSchema,
  ]);
  return {
    union,
    kinds: {
      unica: QuestionUnicaSchema,
      multiple: QuestionMultipleSchema,
      verdadero_falso: QuestionTrueFalseSchema,
      respuesta_corta: QuestionShortSchema,
      numerica: QuestionNumericSchema,
    },
  };
}
/** A question as PUT/POST /api/cursos take it. */
export const QuestionSent = questionSchemas();
/** A question as GET /api/cursos/{id} gives it to the course's editors. */
export const QuestionShown = questionSchemas();
export const QuestionJsonSchema = QuestionShown.union;

export type QuestionJson = z.output<typeof QuestionJsonSchema>;

/** A stored question (with its id and the right answers) as the API shows it to its editors. */
export function questionJson(q: GradableQuestion): QuestionJson {
  const opciones = q.opciones.map((o) => ({ texto: o.texto, correcta: o.correcta }));
  const base = { id: q.id, texto: q.texto };
  switch (tipoOf(q.tipo)) {
    case "multiple":
      return { ...base, tipo: "multiple", opciones, puntajeParcial: q.puntajeParcial === true };
    case "verdadero_falso":
      return { ...base, tipo: "verdadero_falso", respuestaCorrecta: opciones[0]?.correcta === true };
    case "respuesta_corta":
      return { ...base, tipo: "respuesta_corta", respuestasAceptadas: opciones.map((o) => o.texto) };
    case "numerica":
      return { ...base, tipo: "numerica", valor: Number(q.valor), tolerancia: Number(q.tolerancia ?? "0") };
    default:
      return { ...base, tipo: "unica", opciones, respuestaCorrecta: opciones.findIndex((o) => o.correcta) };
  }
}
