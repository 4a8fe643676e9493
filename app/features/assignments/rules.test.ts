import { describe, expect, it } from "vitest";
import { readRubric, rubricNota, type Rubric } from "./rubric.ts";
import { acceptsHandIn, isForLearner, shownState } from "./rules.ts";

const now = new Date("2026-11-30T12:00:00Z");
const before = new Date("2026-11-30T11:00:00Z");
const after = new Date("2026-11-30T13:00:00Z");

describe("a hand-in's shown state", () => {
  it("is 'Asignada' until the due date, then 'Atrasada' while nothing is handed in", () => {
    expect(shownState({ fechaLimite: after }, null, now)).toBe("asignada");
    expect(shownState({ fechaLimite: null }, null, now)).toBe("asignada");
    expect(shownState({ fechaLimite: before }, null, now)).toBe("atrasada");
    expect(shownState({ fechaLimite: before }, { estado: "borrador", atrasada: false }, now)).toBe("atrasada");
  });
  it("says 'Entregada', 'Atrasada' when handed in late, and 'Devuelta'", () => {
    expect(shownState({ fechaLimite: before }, { estado: "entregada", atrasada: false }, now)).toBe("entregada");
    expect(shownState({ fechaLimite: before }, { estado: "entregada", atrasada: true }, now)).toBe("atrasada");
    expect(shownState({ fechaLimite: before }, { estado: "devuelta", atrasada: true }, now)).toBe("devuelta");
  });
});

describe("late hand-ins", () => {
  it("are taken after the due date only when the tarea allows them", () => {
    expect(acceptsHandIn({ fechaLimite: after, permiteAtrasadas: false }, now)).toBe(true);
    expect(acceptsHandIn({ fechaLimite: before, permiteAtrasadas: true }, now)).toBe(true);
    expect(acceptsHandIn({ fechaLimite: before, permiteAtrasadas: false }, now)).toBe(false);
    expect(acceptsHandIn({ fechaLimite: null, permiteAtrasadas: false }, now)).toBe(true);
  });
});

describe("who a tarea is for", () => {
  it("is every learner, or the members of its classes (none left: nobody)", () => {
    expect(isForLearner({ todasLasClases: true }, [], [])).toBe(true);
    expect(isForLearner({ todasLasClases: false }, ["a", "b"], ["b"])).toBe(true);
    expect(isForLearner({ todasLasClases: false }, ["a"], ["b"])).toBe(false);
    expect(isForLearner({ todasLasClases: false }, [], ["b"])).toBe(false);
  });
});

describe("a rubric's nota", () => {
  const rubric: Rubric = [
    {
      nombre: "Contenido",
      niveles: [
        { nombre: "Inicial", puntos: 0 },
        { nombre: "Logrado", puntos: 3 },
      ],
    },
    {
      nombre: "Orden",
      niveles: [
        { nombre: "Inicial", puntos: 1 },
        { nombre: "Logrado", puntos: 2 },
      ],
    },
  ];
  it("follows the course's scale: all best levels a 7,0, and a share as a quiz would grade it", () => {
    expect(rubricNota(rubric, [1, 1], 70)).toBe(70);
    expect(rubricNota(rubric, [0, 0], 70)).toBe(19); // 1 of 5 points: 20 % on 70 % → 1,9
    expect(rubricNota(rubric, [1, 0], 50)).toBe(58); // 4 of 5: 80 % on 50 % → 5,8
  });
  it("needs one existing level per criterion", () => {
    expect(rubricNota(rubric, [1], 70)).toBeNull();
    expect(rubricNota(rubric, [1, 2], 70)).toBeNull();
  });
  it("reads a stored rubric, and nothing from a broken one", () => {
    expect(readRubric(JSON.stringify(rubric))).toEqual(rubric);
    expect(readRubric("{")).toBeNull();
    expect(readRubric(JSON.stringify([{ nombre: "Solo", niveles: [{ nombre: "x", puntos: 1 }] }]))).toBeNull();
  });
});
