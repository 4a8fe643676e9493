import { describe, expect, it } from "vitest";
import { aprobado, averageNota, EXIGENCIA_DEFAULT, EXIGENCIA_MAX, EXIGENCIA_MIN, formatNota, nota } from "./nota.ts";

describe("nota", () => {
  // [p, e, nota]: the edges (0 %, e, 100 %) for e = 50, 60 and 70, the halves that round up, and
  // the points just below e (a fail stops at 3,9, though 3,95 would round to a 4,0).
  const table: Array<[number, number, string]> = [
    [0, 60, "1,0"],
    [3, 60, "1,2"], // 1,15: toFixed(1) says 1.1
    [11, 60, "1,6"], // 1,55: 1 + 3·(11/60) is 1.5499… in floating point
    [30, 60, "2,5"],
    [41, 60, "3,1"], // 3,05
    [45, 60, "3,3"], // 3,25
    [58, 60, "3,9"], // 3,9
    [59, 60, "3,9"], // 3,95: a fail
    [60, 60, "4,0"],
    [66, 60, "4,5"], // 4,45: 4,4 with floating point
    [70, 60, "4,8"], // 4,75
    [74, 60, "5,1"], // 5,05: toFixed(1) says 5.0
    [80, 60, "5,5"],
    [99, 60, "6,9"], // 6,925
    [100, 60, "7,0"],
    [0, 50, "1,0"],
    [25, 50, "2,5"],
    [49, 50, "3,9"], // 3,94
    [50, 50, "4,0"],
    [51, 50, "4,1"], // 4,06
    [75, 50, "5,5"],
    [85, 50, "6,1"],
    [100, 50, "7,0"],
    [0, 70, "1,0"],
    [35, 70, "2,5"],
    [69, 70, "3,9"], // 3,957…: a fail
    [70, 70, "4,0"],
    [75, 70, "4,5"],
    [85, 70, "5,5"],
    [99, 70, "6,9"],
    [100, 70, "7,0"],
    [0, 1, "1,0"],
    [1, 1, "4,0"],
    [98, 99, "3,9"], // 3,97: a fail
    [100, 99, "7,0"],
  ];
  it.each(table)("%i %% with exigencia %i %% is a %s", (p, e, expected) => {
    expect(formatNota(nota(p, e))).toBe(expected);
  });

  it("is 1,0 at 0 %, 4,0 at the exigencia and 7,0 at 100 % for every exigencia", () => {
    for (let e = 1; e <= 99; e++) {
      expect(nota(0, e)).toBe(1);
      expect(nota(e, e)).toBe(4);
      expect(nota(100, e)).toBe(7);
    }
  });

  it("rounds exactly, halves up, for every whole percentage and exigencia", () => {
    // The nota in tenths t is the one with t − ½ ≤ x < t + ½, x the exact value in tenths as a
    // fraction num/den: checked by cross-multiplying, with no division at all.
    let floatWouldErr = 0;
    for (let e = 1; e <= 99; e++) {
      for (let p = 0; p <= 100; p++) {
        const [num, den] = p < e ? [10 * e + 30 * p, e] : [40 * (100 - e) + 30 * (p - e), 100 - e];
        const t = Math.round(nota(p, e) * 10);
        if (p < e && t === 39 && 2 * num >= 79 * den) continue; // a fail that would round to 4,0
        expect((2 * t - 1) * den <= 2 * num && 2 * num < (2 * t + 1) * den, `${p} % / ${e} %`).toBe(true);
        const naive = p < e ? 1 + (3 * p) / e : 4 + (3 * (p - e)) / (100 - e);
        if (Math.round(Number(naive.toFixed(1)) * 10) !== t) floatWouldErr++;
      }
    }
    expect(floatWouldErr).toBeGreaterThan(0); // rounding a float with toFixed(1): the cases exact arithmetic is for
  });

  it("never decreases as the percentage grows", () => {
    for (const e of [50, 60, 70]) {
      const notas = Array.from({ length: 101 }, (_, p) => nota(p, e));
      expect(notas.every((n, i) => i === 0 || n >= notas[i - 1]!)).toBe(true);
    }
  });

  it("clamps percentages outside 0–100 and refuses what is not a whole percentage", () => {
    expect(nota(-5, 60)).toBe(1);
    expect(nota(120, 60)).toBe(7);
    expect(() => nota(66.5, 60)).toThrow(RangeError);
    expect(() => nota(50, 0)).toThrow(RangeError);
    expect(() => nota(50, 100)).toThrow(RangeError);
    expect(() => nota(50, 60.5)).toThrow(RangeError);
  });

  it("starts courses at 70 %", () => {
    expect(EXIGENCIA_DEFAULT).toBe(70);
  });

  it("reads 'Aprobado' exactly when the nota is 4,0 or more, at every exigencia a course may set", () => {
    expect([EXIGENCIA_MIN, EXIGENCIA_MAX]).toEqual([50, 90]);
    for (let e = EXIGENCIA_MIN; e <= EXIGENCIA_MAX; e++) {
      for (let p = 0; p <= 100; p++) {
        expect(aprobado(p, e), `${p} % / ${e} %`).toBe(nota(p, e) >= 4.0);
        expect(aprobado(p, e), `${p} % / ${e} %`).toBe(p >= e);
      }
    }
  });
});

describe("averageNota", () => {
  it("averages to one decimal, halves up, exactly", () => {
    expect(averageNota([4, 5])).toBe(4.5);
    expect(averageNota([4.4, 4.5])).toBe(4.5); // 4,45
    expect(averageNota([4, 4.9])).toBe(4.5); // 4,45
    expect(averageNota([1, 7, 7])).toBe(5);
    expect(averageNota([3.9, 4, 4])).toBe(4); // 3,966…
    expect(averageNota([6.1, 6.2, 6.2])).toBe(6.2); // 6,166…
    expect(averageNota([7])).toBe(7);
  });

  it("is null for no notas and refuses notas off the scale", () => {
    expect(averageNota([])).toBeNull();
    expect(() => averageNota([0.5])).toThrow(RangeError);
    expect(() => averageNota([7.1])).toThrow(RangeError);
  });
});

describe("formatNota", () => {
  it("writes one decimal with a comma", () => {
    expect(formatNota(4)).toBe("4,0");
    expect(formatNota(5.5)).toBe("5,5");
    expect(formatNota(7)).toBe("7,0");
    expect(formatNota(1)).toBe("1,0");
  });
});
