import { describe, expect, it } from "vitest";
import { pageFrom, withPage } from "./pagination.ts";

describe("pagination", () => {
  it.each([
    ["http://x/cursos", 1],
    ["http://x/cursos?page=3", 3],
    ["http://x/cursos?page=0", 1],
    ["http://x/cursos?page=-2", 1],
    ["http://x/cursos?page=2.5", 1],
    ["http://x/cursos?page=abc", 1],
    ["http://x/cursos?page=999999999", 100_000],
  ])("%s → page %i", (url, page) => {
    expect(pageFrom(url)).toBe(page);
  });

  it("keeps the other parameters", () => {
    expect(withPage("?destacados=true&page=2", 3)).toBe("?destacados=true&page=3");
    expect(withPage("?q=x&page=2", 1)).toBe("?q=x");
    expect(withPage("", 2)).toBe("?page=2");
  });
});
