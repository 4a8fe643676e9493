import { describe, expect, it } from "vitest";
import { formatDecimal, formatDuration, formatHours } from "./hours.ts";

describe("formatHours", () => {
  it.each([
    [1, "1 hora"],
    [2, "2 horas"],
    [2.5, "2,5 horas"],
    [12.25, "12,25 horas"],
    [1200, "1.200 horas"],
    [0.5, "0,5 horas"],
  ])("%s → %s", (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });

  it("says nothing for a course without hours", () => {
    expect(formatHours(null)).toBeNull();
    expect(formatHours(undefined)).toBeNull();
    expect(formatHours(Number.NaN)).toBeNull();
  });
});

describe("formatDecimal", () => {
  it("writes every value the course form accepts as Intl.NumberFormat('es-CL') does", () => {
    const intl = new Intl.NumberFormat("es-CL", { maximumFractionDigits: 2 });
    const values = [
      0, 0.01, 0.1, 0.05, 0.5, 0.99, 1, 1.1, 1.25, 9.99, 10, 99.5, 100, 999.99, 1000, 1234.5, 9999, 10_000,
    ];
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.random() * 1_000_000) / 100);
    for (const value of values) expect(formatDecimal(value), String(value)).toBe(intl.format(value));
  });
});

describe("formatDuration ('Mis cursos' cards)", () => {
  it("writes hours as the course page does: a decimal comma", () => {
    expect(formatDuration(12.5)).toBe("12,5 horas");
    expect(formatDuration("12.5")).toBe("12,5 horas");
    expect(formatDuration(1)).toBe("1 hora");
    expect(formatDuration(1200)).toBe("1.200 horas");
  });

  it("keeps other text, and says when there is none", () => {
    expect(formatDuration("Dos semanas")).toBe("Dos semanas");
    expect(formatDuration(null)).toBe("Duración no indicada");
    expect(formatDuration(" ")).toBe("Duración no indicada");
  });
});
