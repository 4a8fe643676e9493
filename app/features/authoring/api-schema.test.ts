// What the API reads beyond the forms' fields (docs/product.md#api-courses): questions in the
// clients' shapes and the `modulos` JSON, judged by the editor's rules (./schema.ts).
import { describe, expect, it } from "vitest";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import * as M from "./texts.ts";
import { ApiModulesField, questionFromApi } from "./api-schema.ts";
import { QuestionSchema } from "./schema.ts";

describe("API questions", () => {
  const q = (texto: string, opciones: Array<[string, boolean]>) => ({
    tipo: "unica",
    puntajeParcial: false,
    valor: null,
    tolerancia: null,
    texto,
    opciones: opciones.map(([t, c]) => ({ texto: t, correcta: c })),
  });

  it("maps the API's shapes: texts + respuestaCorrecta (index, numeric string, text) or flagged objects", () => {
    const expected = q("P", [
      ["a", false],
      ["b", true],
    ]);
    expect(
      QuestionSchema.parse(questionFromApi({ pregunta: "P", opciones: ["a", "b"], respuestaCorrecta: 1 })),
    ).toEqual(expected);
    expect(QuestionSchema.parse(questionFromApi({ texto: "P", opciones: ["a", "b"], respuestaCorrecta: "1" }))).toEqual(
      expected,
    );
    expect(QuestionSchema.parse(questionFromApi({ texto: "P", opciones: ["a", "b"], respuestaCorrecta: "b" }))).toEqual(
      expected,
    );
    expect(
      QuestionSchema.parse(questionFromApi({ texto: "P", opciones: [{ texto: "a" }, { texto: "b", correcta: true }] })),
    ).toEqual(expected);
    expect(
      QuestionSchema.safeParse(questionFromApi({ texto: "P", opciones: ["a", "b"], respuestaCorrecta: 7 })).success,
    ).toBe(false);
  });
});

describe("API modules", () => {
  it("reads the API's modulos JSON with links and quiz, naming the module and question at fault", () => {
    const modules = ApiModulesField.parse(
      JSON.stringify([
        {
          titulo: "M1",
          descripcion: "d",
          enlaces: [{ nombre: "n", url: "https://a.cl" }],
          quiz: { preguntas: [{ texto: "P", opciones: ["a", "b"], respuestaCorrecta: 0 }] },
        },
        { nombre: "M2", quiz: [] },
      ]),
    );
    expect(modules?.map((m) => [m.titulo, m.preguntas?.length, m.enlaces?.length])).toEqual([
      ["M1", 1, 1],
      ["M2", 0, undefined],
    ]);
    const bad = ApiModulesField.safeParse(
      JSON.stringify([
        { titulo: "M1" },
        { titulo: "M2", quiz: [{ texto: "P", opciones: ["a", ""], respuestaCorrecta: 0 }] },
      ]),
    );
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(`Módulo 2: Pregunta 1: ${M.OPTIONS_REQUIRED}`);
    expect(ApiModulesField.safeParse(JSON.stringify([{ titulo: "" }])).error?.issues[0]?.message).toBe(
      `Módulo 1: ${M.MODULE_TITLE_REQUIRED}`,
    );
    expect(ApiModulesField.safeParse("{no").error?.issues[0]?.message).toBe(M.INVALID_JSON("modulos"));
  });

  it("control characters in the modulos JSON: refused, naming the module and question at fault", () => {
    const bad = (modules: unknown[]) => ApiModulesField.safeParse(JSON.stringify(modules)).error?.issues[0]?.message;
    expect(bad([{ titulo: "M\u0000" }])).toBe(`Módulo 1: ${TEXT_NOT_ALLOWED}`);
    expect(bad([{ titulo: "M", descripcion: "d\u0000" }])).toBe(`Módulo 1: ${TEXT_NOT_ALLOWED}`);
    expect(bad([{ titulo: "M", enlaces: [{ nombre: "n\u0000", url: "https://a.cl" }] }])).toBe(
      `Módulo 1: ${TEXT_NOT_ALLOWED}`,
    );
    expect(bad([{ titulo: "M", quiz: [{ texto: "P", opciones: ["a\u0000", "b"], respuestaCorrecta: 1 }] }])).toBe(
      `Módulo 1: Pregunta 1: ${TEXT_NOT_ALLOWED}`,
    );
  });
});
