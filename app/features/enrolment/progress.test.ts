import { describe, expect, it } from "vitest";
import { displayProgress, progressPercent, progressStatus } from "./progress.ts";

describe("progressPercent", () => {
  it("counts passed quiz modules over quiz modules", () => {
    expect(progressPercent([], new Set())).toBe(0);
    expect(progressPercent(["a", "b", "c"], new Set(["a", "b"]))).toBe(67);
    expect(progressPercent(["a", "b"], new Set(["a", "b", "x"]))).toBe(100);
    expect(progressPercent(["a"], new Set(["x"]))).toBe(0);
  });
});

describe("progress display", () => {
  it.each([
    [50, 50],
    ["75", 75],
    [100, 100],
    [-1, 0],
    [101, 0],
    ["abc", 0],
    [null, 0],
    [Number.NaN, 0],
    [33.4, 33],
  ])("%s → %s", (input, expected) => {
    expect(displayProgress(input)).toBe(expected);
  });
  it("says 'Finalizado' only at 100", () => {
    expect(progressStatus(100)).toBe("Finalizado");
    expect(progressStatus(99)).toBe("En progreso");
    expect(progressStatus("x")).toBe("En progreso");
  });
});
