import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, formatClassCode, newClassCode, normaliseClassCode } from "./codes.ts";

describe("class codes", () => {
  it("has no look-alike characters", () => {
    for (const c of "0O1IL") expect(CODE_ALPHABET).not.toContain(c);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it("makes codes of the alphabet, all different in a thousand", () => {
    const codes = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const code = newClassCode();
      expect(code).toHaveLength(CODE_LENGTH);
      expect(normaliseClassCode(code)).toBe(code);
      codes.add(code);
    }
    expect(codes.size).toBe(1000);
  });

  it("shows a code in two groups and reads it back however it is typed", () => {
    expect(formatClassCode("K7MD4QXA")).toBe("K7MD-4QXA");
    for (const typed of ["K7MD-4QXA", "k7md4qxa", " k7md 4qxa ", "K7MD–4QXA"]) {
      expect(normaliseClassCode(typed)).toBe("K7MD4QXA");
    }
  });

  it("refuses what cannot be a code", () => {
    for (const typed of ["", "K7MD4QX", "K7MD4QXAB", "K7MD4QX0", "KOMD4QXA", "K7MD4QX!"]) {
      expect(normaliseClassCode(typed)).toBeNull();
    }
  });
});
