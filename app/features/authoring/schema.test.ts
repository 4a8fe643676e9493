// Every authoring rule of docs/product.md#course-editor (create course, quiz question, course editor).
import { describe, expect, it } from "vitest";
import { addOption, readQuestionDraft, removeOption } from "./editor-action.server.ts";
import { NEW_QUESTION } from "./editor-types.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";
import * as M from "./texts.ts";
import {
  CourseFieldsSchema,
  CreateCourseSchema,
  fieldErrors,
  LinkSchema,
  ModuleFieldsSchema,
  QuestionSchema,
  readCalendarDate,
} from "./schema.ts";

const valid = {
  titulo: "Curso",
  duracionHoras: "10",
  dirigidoA: "docente",
  fechaInicio: "2027-01-01",
  fechaTermino: "2027-02-01",
  herramientas: "",
  loAprenderan: "",
};

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: unknown) {
  const r = schema.safeParse(input);
  expect(r.success).toBe(false);
  return fieldErrors(r.error as never);
}

describe("create course", () => {
  it("accepts a complete course and reads its fields", () => {
    const r = CreateCourseSchema.parse({ ...valid, titulo: "  Robótica\r\nbásica ", bienvenida: " Hola\r\nmundo " });
    expect(r.titulo).toBe("Robótica básica");
    expect(r.bienvenida).toBe("Hola\nmundo");
    expect(r.duracionHoras).toBe(10);
    expect(r.dirigidoA).toBe("docente");
    expect(r.fechaInicio?.toISOString()).toBe("2027-01-01T12:00:00.000Z");
  });

  it("requires the title", () => {
    expect(errorsOf(CreateCourseSchema, { ...valid, titulo: "   " }).titulo).toEqual([M.TITLE_REQUIRED]);
    expect(errorsOf(CreateCourseSchema, { ...valid, titulo: undefined }).titulo).toEqual([M.TITLE_REQUIRED]);
  });

  it("requires a duration that is a number and not negative", () => {
    for (const duracionHoras of ["", "  ", "-1", "abc", "1e3", undefined]) {
      expect(errorsOf(CreateCourseSchema, { ...valid, duracionHoras }).duracionHoras).toEqual([M.DURATION_INVALID]);
    }
    expect(CreateCourseSchema.parse({ ...valid, duracionHoras: "0" }).duracionHoras).toBe(0);
    expect(CreateCourseSchema.parse({ ...valid, duracionHoras: "1,5" }).duracionHoras).toBe(1.5);
    expect(CreateCourseSchema.parse({ ...valid, duracionHoras: 8 }).duracionHoras).toBe(8);
  });

  it("the editor allows an empty duration but not a negative one", () => {
    expect(CourseFieldsSchema.parse({ ...valid, duracionHoras: "" }).duracionHoras).toBeNull();
    expect(errorsOf(CourseFieldsSchema, { ...valid, duracionHoras: "-2" }).duracionHoras).toEqual([M.DURATION_INVALID]);
  });

  it("refuses a start date later than the end date (same day is fine)", () => {
    expect(
      errorsOf(CreateCourseSchema, { ...valid, fechaInicio: "2027-03-02", fechaTermino: "2027-03-01" }).fechaInicio,
    ).toEqual([M.DATES_ORDER]);
    expect(
      CreateCourseSchema.safeParse({ ...valid, fechaInicio: "2027-03-01", fechaTermino: "2027-03-01" }).success,
    ).toBe(true);
    expect(CreateCourseSchema.safeParse({ ...valid, fechaInicio: "", fechaTermino: "" }).success).toBe(true);
  });

  it("reads dates in the shapes API clients send and refuses impossible ones", () => {
    expect(readCalendarDate({ seconds: 1_800_000_000, nanoseconds: 0 })).toEqual(new Date("2027-01-15T12:00:00.000Z"));
    expect(readCalendarDate({ _seconds: 1_800_000_000 })).toEqual(new Date("2027-01-15T12:00:00.000Z"));
    expect(readCalendarDate('{"seconds":1800000000}')).toEqual(new Date("2027-01-15T12:00:00.000Z"));
    expect(readCalendarDate("2027-01-15T03:00:00.000Z")).toEqual(new Date("2027-01-15T12:00:00.000Z"));
    expect(readCalendarDate("2026-02-31")).toBe("invalid");
    expect(readCalendarDate("mañana")).toBe("invalid");
    expect(readCalendarDate("")).toBeNull();
    expect(errorsOf(CreateCourseSchema, { ...valid, fechaTermino: "31/12/2027" }).fechaTermino).toEqual([
      M.DATE_INVALID,
    ]);
  });

  it("aims at comunidad by default and only at known audiences", () => {
    expect(CreateCourseSchema.parse({ ...valid, dirigidoA: "" }).dirigidoA).toBe("comunidad");
    expect(CreateCourseSchema.parse({ ...valid, dirigidoA: undefined }).dirigidoA).toBe("comunidad");
    expect(CreateCourseSchema.parse({ ...valid, dirigidoA: "General" }).dirigidoA).toBe("general");
    expect(errorsOf(CreateCourseSchema, { ...valid, dirigidoA: "admin" }).dirigidoA).toEqual([M.AUDIENCE_INVALID]);
  });

  it("exigencia: a whole percentage from 50 to 90, 70 when empty or left out", () => {
    for (const [input, stored] of [
      [undefined, 70],
      [null, 70],
      ["", 70],
      ["  ", 70],
      ["60", 60],
      [" 65 ", 65],
      ["70 %", 70],
      ["50%", 50],
      [50, 50],
      [90, 90],
    ] as const) {
      expect(CreateCourseSchema.parse({ ...valid, exigencia: input }).exigencia, String(input)).toBe(stored);
      expect(CourseFieldsSchema.parse({ ...valid, exigencia: input }).exigencia, String(input)).toBe(stored);
    }
    for (const bad of ["49", "40", "91", "0", "100", "60.5", "60,5", "-60", "sesenta", 49, 91, 60.5, true, [60], {}]) {
      expect(errorsOf(CourseFieldsSchema, { ...valid, exigencia: bad }).exigencia, String(bad)).toEqual([
        M.EXIGENCIA_INVALID,
      ]);
    }
    expect(M.EXIGENCIA_INVALID).toBe("Ingresa una exigencia entre 50 y 90 (un porcentaje entero).");
  });

  it("tools and learning items: trimmed, one line each, unique, without empties; lines or a JSON list", () => {
    const r = CreateCourseSchema.parse({
      ...valid,
      herramientas: "  Excel \n\nexcel\r\nWord  ",
      loAprenderan: '["Uno", " uno ", "", "Dos\\nlíneas"]',
    });
    expect(r.herramientas).toEqual(["Excel", "Word"]);
    expect(r.loAprenderan).toEqual(["Uno", "Dos líneas"]);
    expect(CreateCourseSchema.parse({ ...valid, herramientas: ["a", "a", " b "] }).herramientas).toEqual(["a", "b"]);
    expect(errorsOf(CreateCourseSchema, { ...valid, herramientas: "[no es json" }).herramientas).toEqual([
      M.INVALID_JSON("herramientas"),
    ]);
    expect(errorsOf(CreateCourseSchema, { ...valid, loAprenderan: '[{"a":1}]' }).loAprenderan).toEqual([
      M.INVALID_JSON("loAprenderan"),
    ]);
  });
});

describe("quiz question", () => {
  const q = (texto: string, opciones: Array<[string, boolean]>) => ({
    ...NEW_QUESTION,
    texto,
    opciones: opciones.map(([t, c]) => ({ texto: t, correcta: c })),
  });

  it("accepts text, 2+ filled options and exactly one correct; drops line breaks", () => {
    const r = QuestionSchema.parse(
      q(" ¿Dos\nlíneas? ", [
        [" Sí\r\n", true],
        ["No", false],
      ]),
    );
    expect(r.texto).toBe("¿Dos líneas?");
    expect(r.opciones[0]).toEqual({ texto: "Sí", correcta: true });
  });

  it("needs the question text", () => {
    expect(
      errorsOf(
        QuestionSchema,
        q("  ", [
          ["a", true],
          ["b", false],
        ]),
      ).texto,
    ).toEqual([M.QUESTION_TEXT_REQUIRED]);
  });

  it("needs every option text filled", () => {
    expect(
      errorsOf(
        QuestionSchema,
        q("P", [
          ["a", true],
          ["  ", false],
        ]),
      ).opciones,
    ).toEqual([M.OPTIONS_REQUIRED]);
  });

  it("needs exactly one correct option", () => {
    expect(
      errorsOf(
        QuestionSchema,
        q("P", [
          ["a", false],
          ["b", false],
        ]),
      ).opciones,
    ).toEqual([M.ONE_CORRECT]);
    expect(
      errorsOf(
        QuestionSchema,
        q("P", [
          ["a", true],
          ["b", true],
        ]),
      ).opciones,
    ).toEqual([M.ONE_CORRECT]);
  });

  it("needs at least 2 options and at most 10", () => {
    expect(errorsOf(QuestionSchema, q("P", [["a", true]])).opciones).toEqual([M.MIN_OPTIONS]);
    const eleven = Array.from({ length: 11 }, (_, i) => [`o${i}`, i === 0] as [string, boolean]);
    expect(errorsOf(QuestionSchema, q("P", eleven)).opciones).toEqual([M.MAX_OPTIONS]);
  });

  it("a new question starts with 2 empty options", () => {
    expect(NEW_QUESTION.opciones).toHaveLength(2);
    expect(NEW_QUESTION.opciones.every((o) => o.texto === "")).toBe(true);
  });

  it("options are removable only while more than 2 exist; removing the correct one makes the first correct", () => {
    const two = q("P", [
      ["a", false],
      ["b", true],
    ]);
    expect(removeOption(two, 1)).toEqual({ draft: two, error: M.MIN_OPTIONS });
    const three = q("P", [
      ["a", false],
      ["b", false],
      ["c", true],
    ]);
    expect(removeOption(three, 2).draft.opciones).toEqual([
      { texto: "a", correcta: true },
      { texto: "b", correcta: false },
    ]);
    expect(
      removeOption(
        q("P", [
          ["a", false],
          ["b", true],
          ["c", false],
        ]),
        0,
      ).draft.opciones,
    ).toEqual([
      { texto: "b", correcta: true },
      { texto: "c", correcta: false },
    ]);
    expect(addOption(three).draft.opciones).toHaveLength(4);
    const ten = q(
      "P",
      Array.from({ length: 10 }, (_, i) => [`o${i}`, i === 0] as [string, boolean]),
    );
    expect(addOption(ten).error).toBe(M.MAX_OPTIONS);
  });

  it("judges each kind (docs/decisions/046-kinds-of-question.md)", () => {
    const errors = (input: object) => {
      const r = QuestionSchema.safeParse({ texto: "P", ...input });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(errors({ tipo: "ensayo" })).toEqual([M.TIPO_INVALID]);
    expect(errors({ tipo: "verdadero_falso", opciones: [] })).toEqual([M.TRUE_OR_FALSE]);
    expect(
      errors({
        tipo: "multiple",
        opciones: q("P", [
          ["a", false],
          ["b", false],
        ]).opciones,
      }),
    ).toEqual([M.SOME_CORRECT]);
    expect(errors({ tipo: "numerica", valor: "1.234567890123456" })).toEqual([M.VALUE_INVALID]);
    expect(QuestionSchema.parse({ texto: "P", tipo: "numerica", valor: -2.5, tolerancia: "0,50" })).toMatchObject({
      valor: "-2.5",
      tolerancia: "0.5",
      opciones: [],
    });
    expect(
      QuestionSchema.parse({
        texto: "P",
        tipo: "verdadero_falso",
        opciones: [
          { texto: "", correcta: false },
          { texto: "", correcta: true },
        ],
      }).opciones,
    ).toEqual([
      { texto: "Verdadero", correcta: false },
      { texto: "Falso", correcta: true },
    ]);
  });

  it("reads the question form: options in order, the checked radio is the correct one", () => {
    const form = new FormData();
    form.set("texto", "P");
    form.append("opcion", "a");
    form.append("opcion", "b");
    form.set("correcta", "1");
    expect(readQuestionDraft(form)).toEqual(
      q("P", [
        ["a", false],
        ["b", true],
      ]),
    );
  });
});

describe("course editor", () => {
  it("requires a module title", () => {
    expect(errorsOf(ModuleFieldsSchema, { titulo: " \n ", descripcion: "" }).titulo).toEqual([M.MODULE_TITLE_REQUIRED]);
    expect(ModuleFieldsSchema.parse({ titulo: "Uno\ndos", descripcion: " a\r\nb " })).toEqual({
      titulo: "Uno dos",
      descripcion: "a\nb",
    });
  });

  it("links need a name and an http(s) URL", () => {
    expect(LinkSchema.parse({ nombre: " Docs ", url: " https://ejemplo.cl/x " })).toEqual({
      nombre: "Docs",
      url: "https://ejemplo.cl/x",
    });
    for (const url of ["javascript:alert(1)", "ftp://x.cl", "ejemplo.cl", "https://", ""]) {
      expect(errorsOf(LinkSchema, { nombre: "a", url }).url).toEqual([M.LINK_URL_INVALID]);
    }
    expect(errorsOf(LinkSchema, { nombre: "", url: "https://a.cl" }).nombre).toEqual([M.LINK_NAME_REQUIRED]);
  });
});

describe("control characters", () => {
  const NOT_ALLOWED = [TEXT_NOT_ALLOWED];

  it("inline texts (titles, questions, options, link names) lose line breaks and tabs, refuse other controls", () => {
    expect(CreateCourseSchema.parse({ ...valid, titulo: "Uno\n\tdos" }).titulo).toBe("Uno dos");
    expect(errorsOf(CreateCourseSchema, { ...valid, titulo: "abc\u0000def" }).titulo).toEqual(NOT_ALLOWED);
    expect(errorsOf(ModuleFieldsSchema, { titulo: "Mó\u001bdulo" }).titulo).toEqual(NOT_ALLOWED);
    expect(LinkSchema.parse({ nombre: "Do\r\ncs", url: "https://a.cl" }).nombre).toBe("Do cs");
    expect(errorsOf(LinkSchema, { nombre: "Do\u007fcs", url: "https://a.cl" }).nombre).toEqual(NOT_ALLOWED);
    const q = (texto: string, option: string) => ({
      texto,
      opciones: [
        { texto: option, correcta: true },
        { texto: "b", correcta: false },
      ],
    });
    expect(QuestionSchema.parse(q("¿Uno\ndos?", "a\tb")).opciones[0]?.texto).toBe("a b");
    expect(errorsOf(QuestionSchema, q("¿P?\u0000", "a")).texto).toEqual(NOT_ALLOWED);
    expect(errorsOf(QuestionSchema, q("¿P?", "a\u0008")).opciones).toEqual(NOT_ALLOWED);
  });

  // new URL() would silently drop them: refused instead.
  it("a link's URL is one line: line breaks, tabs and other controls are refused", () => {
    for (const url of ["https://a.cl/\nx", "https://a.cl/\tx", "https://a.cl/\u0000"]) {
      expect(errorsOf(LinkSchema, { nombre: "a", url }).url).toEqual(NOT_ALLOWED);
    }
  });

  it("multi-line texts (welcome, module description) keep line breaks and tabs and refuse other controls", () => {
    expect(CreateCourseSchema.parse({ ...valid, bienvenida: "Hola\r\n\tmundo" }).bienvenida).toBe("Hola\n\tmundo");
    expect(errorsOf(CreateCourseSchema, { ...valid, bienvenida: "Hola\u0000" }).bienvenida).toEqual(NOT_ALLOWED);
    expect(ModuleFieldsSchema.parse({ titulo: "M", descripcion: "a\n\tb" }).descripcion).toBe("a\n\tb");
    expect(errorsOf(ModuleFieldsSchema, { titulo: "M", descripcion: "a\u000bb" }).descripcion).toEqual(NOT_ALLOWED);
  });

  it("list items (herramientas, loAprenderan) from lines or JSON refuse NUL and other controls", () => {
    expect(errorsOf(CreateCourseSchema, { ...valid, herramientas: "Excel\nWo\u0000rd" }).herramientas).toEqual(
      NOT_ALLOWED,
    );
    expect(
      errorsOf(CreateCourseSchema, { ...valid, loAprenderan: JSON.stringify(["Uno", "D\u001fos"]) }).loAprenderan,
    ).toEqual(NOT_ALLOWED);
    expect(CreateCourseSchema.parse({ ...valid, herramientas: JSON.stringify(["Ex\tcel"]) }).herramientas).toEqual([
      "Ex cel",
    ]);
  });
});
