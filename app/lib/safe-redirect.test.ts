import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

// Known open-redirect bypasses: each must end at the fallback, as typed and as the
// browser would read the normalised result.
const BYPASSES = [
  "//evil.example",
  "//evil.example/login",
  "/\\evil.example",
  "\\\\evil.example",
  "/..//evil.example/login",
  "/.//evil.example",
  "/a/..//evil.example",
  "/a/../..//evil.example",
  "/./..//evil.example",
  "/..\\evil.example",
  "/a/../\\evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/\u0085/evil.example",
  " //evil.example",
  "\t//evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,hola",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "evil.example",
  "",
];

describe("safeRedirect", () => {
  it.each(BYPASSES)("refuses %j", (target) => {
    const result = safeRedirect(target, "/inicio");
    expect(result).toBe("/inicio");
  });

  it.each([
    ["/cursos?x=1#a", "/cursos?x=1#a"],
    ["/user/courses", "/user/courses"],
    ["/cursos/abc?modulo=2#modulo-2", "/cursos/abc?modulo=2#modulo-2"],
    ["/a/../cursos", "/cursos"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/búsqueda?q=educación", "/b%C3%BAsqueda?q=educaci%C3%B3n"],
  ])("keeps the same-site path %j as %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("never returns a path a browser reads as another host, whatever the input", () => {
    const pieces = ["/", "//", "\\", "..", ".", "%2e", "%2f", "%5c", "evil.example", "\t", "a", "?", "#", "@", ":"];
    let checked = 0;
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const result = safeRedirect(`/${a}${b}${c}`);
          const url = new URL(result, "http://academia.invalid");
          expect(url.origin, `/${a}${b}${c} → ${result}`).toBe("http://academia.invalid");
          expect(result.startsWith("//") || result.startsWith("/\\")).toBe(false);
          checked += 1;
        }
    expect(checked).toBe(pieces.length ** 3);
  });
});
