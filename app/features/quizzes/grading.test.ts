import { describe, expect, it } from "vitest";
import { gradeQuiz, normalizeAnswers, parseDecimal, type GradableQuestion } from "./grading.ts";

const q = (id: string, correct: number, n = 3): GradableQuestion => ({
  id,
  texto: `Pregunta ${id}`,
  opciones: Array.from({ length: n }, (_, i) => ({ id: `${id}-${i}`, texto: `Opción ${i}`, correcta: i === correct })),
});

describe("gradeQuiz", () => {
  const ten = Array.from({ length: 10 }, (_, i) => q(`p${i}`, 0));
  const answer = (right: number) => Object.fromEntries(ten.map((x, i) => [x.id, `${x.id}-${i < right ? 0 : 1}`]));

  it("passes at exactly 70 % and fails just under it", () => {
    const seven = gradeQuiz(ten, answer(7), 70);
    expect(seven).toMatchObject({ ok: true, grade: { porcentaje: 70, aprobado: true, correctas: 7 } });
    const three = [q("a", 0), q("b", 0), q("c", 0)];
    const two = gradeQuiz(three, { a: "a-0", b: "b-0", c: "c-1" }, 70); // 66.7 %
    expect(two).toMatchObject({ ok: true, grade: { porcentaje: 67, aprobado: false } });
    const many = Array.from({ length: 1000 }, (_, i) => q(`m${i}`, 0));
    const ans = Object.fromEntries(many.map((x, i) => [x.id, `${x.id}-${i < 699 ? 0 : 1}`])); // 69.9 %
    expect(gradeQuiz(many, ans, 70)).toMatchObject({ ok: true, grade: { porcentaje: 69, aprobado: false } });
  });

  it("passes at the course's exigencia, not at 70 %", () => {
    expect(gradeQuiz(ten, answer(6), 60)).toMatchObject({ ok: true, grade: { porcentaje: 60, aprobado: true } });
    expect(gradeQuiz(ten, answer(7), 75)).toMatchObject({ ok: true, grade: { porcentaje: 70, aprobado: false } });
    const three = [q("a", 0), q("b", 0), q("c", 0)];
    // 2 of 3 is 66.7 %: with exigencia 67 it reads 66, a fail, not a 67 that would pass.
    expect(gradeQuiz(three, { a: "a-0", b: "b-0", c: "c-1" }, 67)).toMatchObject({
      grade: { porcentaje: 66, aprobado: false },
    });
  });

  it("names the unanswered questions and ignores options of other questions", () => {
    const qs = [q("a", 0), q("b", 0), q("c", 0)];
    expect(gradeQuiz(qs, { a: "a-0", c: "b-0" }, 70)).toEqual({ ok: false, unanswered: [2, 3] });
    expect(gradeQuiz([], {}, 70)).toEqual({ ok: false, unanswered: [] });
  });

  it("records the question and the chosen text", () => {
    const out = gradeQuiz([q("a", 2)], { a: "a-1" }, 70);
    expect(out).toMatchObject({
      ok: true,
      grade: { respuestas: [{ pregunta: "Pregunta a", respuestaUsuario: "Opción 1", esCorrecta: false }] },
    });
  });
});

describe("normalizeAnswers", () => {
  const qs = [q("a", 0), q("b", 1)];
  it.each([
    ["ids", { a: "a-0", b: "b-1" }],
    ["indexes in an array", [0, 1]],
    ["numeric strings", ["0", "1"]],
    ["texts", ["Opción 0", "Opción 1"]],
    ["objects", [{ indice: 0 }, { opcionId: "b-1" }]],
    ["index keys", { 0: 0, 1: "1" }],
  ])("accepts %s", (_name, raw) => {
    expect(normalizeAnswers(qs, raw)).toEqual({ a: "a-0", b: "b-1" });
  });
  it("drops what does not match", () => {
    expect(normalizeAnswers(qs, [7, "nada"])).toEqual({});
    expect(normalizeAnswers(qs, "texto")).toEqual({});
  });
});

describe("kinds of question (docs/decisions/046-kinds-of-question.md)", () => {
  const opt = (id: string, texto: string, correcta: boolean) => ({ id, texto, correcta });
  const multi = (puntajeParcial: boolean): GradableQuestion => ({
    id: "m",
    texto: "¿Cuáles son primos?",
    tipo: "multiple",
    puntajeParcial,
    opciones: [opt("m0", "2", true), opt("m1", "3", true), opt("m2", "4", false), opt("m3", "5", true)],
  });
  const vf: GradableQuestion = {
    id: "v",
    texto: "El agua hierve a 100 °C al nivel del mar.",
    tipo: "verdadero_falso",
    opciones: [opt("v0", "Verdadero", true), opt("v1", "Falso", false)],
  };
  const corta: GradableQuestion = {
    id: "c",
    texto: "¿Capital de Chile?",
    tipo: "respuesta_corta",
    opciones: [opt("c0", "Santiago", true), opt("c1", "Santiago de Chile", true)],
  };
  const num = (valor: string, tolerancia: string | null): GradableQuestion => ({
    id: "n",
    texto: "π con dos decimales",
    tipo: "numerica",
    opciones: [],
    valor,
    tolerancia,
  });
  const credit = (question: GradableQuestion, answer: string | string[]) => {
    const out = gradeQuiz([question], { [question.id]: answer }, 70);
    return out.ok ? out.grade.respuestas[0]!.puntaje : "sin responder";
  };

  it.each([
    [["m0", "m1", "m3"], 100, 100],
    [["m0", "m1"], 0, 66], // 2 of 3 right, none wrong: floored
    [["m0", "m1", "m2"], 0, 33], // (2 − 1) / 3
    [["m0", "m2"], 0, 0], // (1 − 1) / 3
    [["m2"], 0, 0], // floored at 0, never below
    [["m0", "m1", "m2", "m3"], 0, 66], // all chosen: (3 − 1) / 3
  ])("multiple %j: all or nothing %i, partial %i", (answer, allOrNothing, partial) => {
    expect(credit(multi(false), answer)).toBe(allOrNothing);
    expect(credit(multi(true), answer)).toBe(partial);
  });

  it("partial credit adds up to the percentage, and is right only when full", () => {
    const out = gradeQuiz([multi(true), vf], { m: ["m0", "m1"], v: "v0" }, 70);
    expect(out).toMatchObject({ ok: true, grade: { porcentaje: 83, correctas: 1, aprobado: true } });
    expect(out.ok && out.grade.respuestas[0]).toMatchObject({
      esCorrecta: false,
      puntaje: 66,
      respuestaUsuario: "2; 3",
    });
    // 66 + 0 of 200 is 33 %: a share under the exigencia never rounds up onto it.
    const low = gradeQuiz([multi(true), vf], { m: ["m0", "m1"], v: "v1" }, 33);
    expect(low).toMatchObject({ ok: true, grade: { porcentaje: 33, aprobado: true } });
    expect(gradeQuiz([multi(true), vf], { m: ["m0"] }, 70)).toEqual({ ok: false, unanswered: [2] });
  });

  it("verdadero_falso: one of its two options", () => {
    expect(credit(vf, "v0")).toBe(100);
    expect(credit(vf, "v1")).toBe(0);
    expect(credit(vf, ["v0", "v1"])).toBe("sin responder");
  });

  it.each([
    ["Santiago", 100],
    ["  santiago ", 100],
    ["SANTIAGO   DE   CHILE", 100],
    ["Sántiágo", 100],
    ["Santiago de", 0],
    ["Valparaíso", 0],
    ["   ", "sin responder"],
  ])("respuesta_corta %j: %s", (answer, expected) => {
    expect(credit(corta, answer)).toBe(expected);
  });

  it.each([
    ["3,14", "3.14", "0.01", 100],
    ["3.15", "3.14", "0.01", 100], // the upper edge
    ["3,13", "3.14", "0.01", 100], // the lower edge
    ["3,1500001", "3.14", "0.01", 0],
    ["3.129", "3.14", "0.01", 0],
    ["0,4", "0.3", "0.1", 100], // 0.1 + 0.3 in floating point is not 0.4: compared exactly
    ["0.2", "0.3", "0.1", 100],
    ["-2", "-2", null, 100],
    ["-2,0", "-2", "0", 100],
    ["-1,9", "-2", "0", 0],
    ["1e3", "1000", "0", 0],
    ["tres", "3", "0", 0],
  ])("numerica %j against %s ± %s: %i", (answer, valor, tolerancia, expected) => {
    expect(credit(num(valor, tolerancia), answer)).toBe(expected);
  });

  it("parses decimals exactly, with comma or dot", () => {
    expect(parseDecimal("3,140")).toBe("3.14");
    expect(parseDecimal(" -0,50 ")).toBe("-0.5");
    expect(parseDecimal("-0")).toBe("0");
    expect(parseDecimal(".5")).toBe("0.5");
    expect(parseDecimal("007")).toBe("7");
    expect(parseDecimal("1.234.5")).toBeNull();
    expect(parseDecimal("1234567890123456")).toBeNull(); // 16 digits
    expect(parseDecimal("")).toBeNull();
  });

  it("normalizeAnswers reads each kind", () => {
    const qs = [multi(false), vf, corta, num("3.14", "0.01")];
    expect(normalizeAnswers(qs, [[0, "m1", { opcionId: "m3" }], false, "santiago", 3.14])).toEqual({
      m: ["m0", "m1", "m3"],
      v: "v1",
      c: "santiago",
      n: "3.14",
    });
    expect(normalizeAnswers(qs, { m: "m0", v: "verdadero", c: { respuesta: "x" }, n: "3,1" })).toEqual({
      m: ["m0"],
      v: "v0",
      c: "x",
      n: "3,1",
    });
    // One unreadable choice makes the whole 'multiple' answer unread (unanswered), not a smaller one.
    expect(normalizeAnswers(qs, { m: ["m0", "nada"] })).toEqual({});
  });
});
