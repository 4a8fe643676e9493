import { describe, expect, it } from "vitest";
import { gradeQuiz, normalizeAnswers, type GradableQuestion } from "./grading.ts";

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
