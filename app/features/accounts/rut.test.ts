import { describe, expect, test } from "vitest";
import { formatRut, normaliseRut, rutCheckDigit } from "./rut.ts";

describe("RUT (módulo 11)", () => {
  test("the check digit of known RUTs, K and 0 included", () => {
    expect(rutCheckDigit("12345678")).toBe("5");
    expect(rutCheckDigit("11111111")).toBe("1");
    expect(rutCheckDigit("10000013")).toBe("K");
    expect(rutCheckDigit("76086428")).toBe("5");
    expect(rutCheckDigit("1000005")).toBe("K");
    expect(rutCheckDigit("30686957")).toBe("4");
    expect(rutCheckDigit("8")).toBe("6");
    expect(rutCheckDigit("6")).toBe("K");
    expect(rutCheckDigit("7")).toBe("8");
    expect(rutCheckDigit("1000013")).toBe("0");
  });

  test("the three ways people write it become one stored form", () => {
    for (const typed of ["12.345.678-5", "12345678-5", "123456785", " 12.345.678-5 "]) {
      expect(normaliseRut(typed)).toBe("12345678-5");
    }
    expect(normaliseRut("10.000.013-k")).toBe("10000013-K");
    expect(normaliseRut("10000013K")).toBe("10000013-K");
    expect(normaliseRut("1.000.005-K")).toBe("1000005-K");
    expect(normaliseRut("6-k")).toBe("6-K");
  });

  test("a wrong check digit, misplaced dots, letters and leading zeros are refused", () => {
    for (const typed of [
      "12.345.678-4",
      "12345678-K",
      "1.2345.678-5",
      "12,345,678-5",
      "012345678-5",
      "12345678--5",
      "ABC",
      "",
      "-5",
      "12345678-55",
      "1234567890-1",
    ]) {
      expect(normaliseRut(typed), typed).toBeNull();
    }
  });

  test("shown with thousands dots", () => {
    expect(formatRut("12345678-5")).toBe("12.345.678-5");
    expect(formatRut("1000005-K")).toBe("1.000.005-K");
    expect(formatRut("6-K")).toBe("6-K");
  });
});
