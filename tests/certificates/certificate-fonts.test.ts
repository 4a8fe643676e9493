// The certificate's text is the people's own (docs/product.md#certificates): names and titles
// outside Windows-1252 come back from the PDF exactly, in a font embedded in it. Read with
// poppler's pdftotext and pdffonts (scripts/ensure-test-deps.sh installs poppler-utils).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderCertificatePdf } from "~/features/certificates/certificate-pdf.server.tsx";

function poppler(tool: "pdftotext" | "pdffonts", bytes: Uint8Array, ...options: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cert-font-"));
  const file = path.join(dir, "c.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(tool, [...options, file, ...(tool === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const data = (nombreTitular: string, tituloCurso = "Introducción a la ciudadanía digital") => ({
  brand: "Academia Abierta",
  nombreTitular,
  tituloCurso,
  duracionHoras: 12,
  emitidoEn: new Date("2026-11-20T15:00:00Z"),
  codigo: "ABCDEFGHJKMNPQRS",
  verificationUrl: "http://localhost:3000/certificados/ABCDEFGHJKMNPQRS",
});

describe("the certificate's font", () => {
  it("gives back names outside Windows-1252 exactly (Latin Extended-A, B and Additional)", async () => {
    const names = ["Łucía Ṉawel Nguyễn", "Ştefan Đorđević Ǆumhur", "Zoë Ørsted-Ħaġġar", "Trần Thị Hương"];
    for (const name of names) {
      const bytes = await renderCertificatePdf(data(name, `Curso de ${name}`));
      const text = poppler("pdftotext", bytes).normalize("NFC");
      expect(text, name).toContain(name);
      expect(text, name).toContain(`Curso de ${name}`);
      expect(text).toContain("CERTIFICADO DE APROBACIÓN");
      expect(text).toContain("ABCDEFGHJKMNPQRS");
    }
  });

  it("embeds every font it uses (a subset of Noto Sans, regular and bold)", async () => {
    const listing = poppler("pdffonts", await renderCertificatePdf(data("Łucía Ṉawel Nguyễn")));
    // name  type  encoding  emb sub uni  object ID
    const fonts = listing
      .split("\n")
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const [name, ...rest] = line.trim().split(/\s+/);
        const [emb, sub] = rest.slice(-5, -3);
        return { name, emb, sub };
      });
    expect(fonts.map((f) => f.name!.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual(["NotoSans-Bold", "NotoSans-Regular"]);
    expect(fonts.every((f) => f.emb === "yes" && f.sub === "yes")).toBe(true);
  });
});
