import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  excerpt,
  isMultiLineText,
  isNameText,
  isSingleLineText,
  multiLineText,
  nameText,
  singleLineText,
  TEXT_NOT_ALLOWED,
} from "./text.ts";

// Every C0 control character and DEL, by code point.
const CONTROLS = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f].map((c) => String.fromCharCode(c));
const BREAKS = ["\n", "\r", "\t"];
// C1 controls (U+0080–U+009F, NEL among them).
const C1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i));
// Line and paragraph separators, bidirectional embeddings, overrides (U+202E) and isolates.
const SPOOFING = [
  "\u2028",
  "\u2029",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];

describe("the text rule", () => {
  it("one-line texts refuse every C0 control character and DEL, line breaks and tabs included", () => {
    for (const c of CONTROLS) expect(isSingleLineText(`abc${c}def`), JSON.stringify(c)).toBe(false);
    expect(isSingleLineText("Ñandú · café — 你好 👋 ")).toBe(true);
  });

  it("one-line texts refuse C1 controls, line separators and bidirectional overrides", () => {
    for (const c of [...C1, ...SPOOFING]) expect(isSingleLineText(`Ana${c}María`), JSON.stringify(c)).toBe(false);
    // A name whose letters a bidi override would show reversed: "Pago‮fdp.exe" reads as "Pagoexe.pdf".
    expect(isSingleLineText("Pago\u202efdp.exe")).toBe(false);
    // Marks that are not overrides stay (a left-to-right mark in a name written in two scripts).
    expect(isSingleLineText("Ana \u200eשרה")).toBe(true);
  });

  it("multi-line texts keep line breaks and tabs and refuse every other control character", () => {
    for (const c of CONTROLS) expect(isMultiLineText(`abc${c}def`), JSON.stringify(c)).toBe(BREAKS.includes(c));
    expect(isMultiLineText("Hola,\r\n\tsegunda línea\nfin")).toBe(true);
    for (const c of C1) expect(isMultiLineText(`abc${c}def`), JSON.stringify(c)).toBe(false);
  });

  it("multi-line texts refuse line separators and bidi controls too, and keep line breaks", () => {
    for (const c of SPOOFING) expect(isMultiLineText(`Hola\n${c}fdp.exe`), JSON.stringify(c)).toBe(false);
    expect(isMultiLineText("Hola\n\u200eשרה\r\n\tfin")).toBe(true);
  });

  it("a name refuses zero-width characters as well; other texts keep them (an emoji sequence)", () => {
    for (const c of ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u180e"]) {
      expect(isNameText(`Ana${c}María`), JSON.stringify(c)).toBe(false);
    }
    for (const c of [...CONTROLS, ...SPOOFING]) expect(isNameText(`Ana${c}María`), JSON.stringify(c)).toBe(false);
    expect(isNameText("Łucía Ṉawel Nguyễn-O'Higgins")).toBe(true);
    expect(isSingleLineText("Familia 👨\u200d👩\u200d👧")).toBe(true);
  });

  it("an excerpt drops bidirectional controls a text stored earlier may hold", () => {
    expect(excerpt("Pago\u202efdp.exe\nlisto")).toBe("Pagofdp.exe listo");
  });

  it("the Zod helpers refuse with the one Spanish message and keep the schema's own rules", () => {
    const name = singleLineText(z.string().trim().min(1, "Falta."));
    expect(name.parse("  Ana  ")).toBe("Ana");
    expect(name.safeParse("A\u0000na").error?.issues.map((i) => i.message)).toEqual([TEXT_NOT_ALLOWED]);
    expect(name.safeParse("A\nna").error?.issues.map((i) => i.message)).toEqual([TEXT_NOT_ALLOWED]);
    expect(name.safeParse("   ").error?.issues.map((i) => i.message)).toEqual(["Falta."]);
    const body = multiLineText(z.string());
    expect(body.parse("a\n\tb")).toBe("a\n\tb");
    expect(body.safeParse("a\u001bb").error?.issues.map((i) => i.message)).toEqual([TEXT_NOT_ALLOWED]);
    expect(
      nameText(z.string())
        .safeParse("Ana\u200b")
        .error?.issues.map((i) => i.message),
    ).toEqual([TEXT_NOT_ALLOWED]);
  });
});
