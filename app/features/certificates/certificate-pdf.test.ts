import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PDF_COLOURS } from "./certificate-pdf.server.tsx";

const css = fs.readFileSync(path.join(import.meta.dirname, "../../app.css"), "utf8");
const brand = (shade: number) => new RegExp(`--color-brand-${shade}:\\s*(#[0-9a-fA-F]{6})`).exec(css)?.[1];

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe("certificate PDF colours", () => {
  it("are the site's brand colours", () => {
    expect(PDF_COLOURS.frame).toBe(brand(600));
    expect(PDF_COLOURS.brand).toBe(brand(700));
    expect(PDF_COLOURS.brandDark).toBe(brand(800));
    expect(PDF_COLOURS.soft).toBe(brand(100));
  });

  it("keep text readable on the white page (WCAG AA, 4.5:1)", () => {
    for (const text of [PDF_COLOURS.brand, PDF_COLOURS.brandDark, PDF_COLOURS.ink, PDF_COLOURS.muted]) {
      expect(contrastOnWhite(text), text).toBeGreaterThanOrEqual(4.5);
    }
  });
});
