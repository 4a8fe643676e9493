import { describe, expect, it } from "vitest";
import { formatPercent, percentOf } from "./percent.ts";

describe("percentOf", () => {
  it("rounds to the nearest whole number", () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentOf(7, 10)).toBe(70);
  });

  it("never shows 100 for less than all, nor a pass mark not reached", () => {
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(23, 33)).toBe(70); // 69.7 % without a mark
    expect(percentOf(23, 33, [70])).toBe(69); // under the pass mark: not written as 70
    expect(percentOf(139, 200, [70])).toBe(69); // 69.5 %
    expect(percentOf(70, 100, [70])).toBe(70);
  });

  it("is 0 for nothing, an empty whole or nonsense, and 100 for all", () => {
    expect(percentOf(0, 3)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(3, 0)).toBe(0);
    expect(percentOf(Number.NaN, 3)).toBe(0);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(4, 3)).toBe(100);
  });

  it("writes a percentage one way", () => {
    expect(formatPercent(67)).toBe("67%");
  });
});
