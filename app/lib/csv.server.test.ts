import { describe, expect, it } from "vitest";
import { csvCell, csvDocument, csvResponse, safeFileName } from "./csv.server.ts";

describe("CSV for a Spanish-locale spreadsheet", () => {
  it("separates cells with ';', quotes what needs it and neutralises formulas", () => {
    expect(
      csvDocument(
        ["Nombre", "Nota"],
        [
          ["Ana", 7],
          ["Pérez; Juan", "4,5"],
          ['Dice "hola"', null],
        ],
      ),
    ).toBe('\uFEFFNombre;Nota\r\nAna;7\r\n"Pérez; Juan";"4,5"\r\n"Dice ""hola""";\r\n');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+56 9 1234")).toBe("'+56 9 1234");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-3")).toBe("'-3");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell("línea\nnueva")).toBe('"línea\nnueva"');
  });

  it("streams batches after the BOM and the header", async () => {
    async function* batches() {
      yield [["a", 1]];
      yield [
        ["b", 2],
        ["c", 3],
      ];
    }
    const response = csvResponse("notas: curso/1.csv", ["x", "y"], batches());
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("notas curso 1.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFx;y\r\na;1\r\nb;2\r\nc;3\r\n");
  });

  it("keeps file names that every system accepts", () => {
    expect(safeFileName('a<b>:c"d|e?.csv')).toBe("a b c d e .csv");
    expect(safeFileName("   ")).toBe("export.csv");
  });
});
