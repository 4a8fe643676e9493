import { describe, expect, test } from "vitest";
import { rutCheckDigit } from "../rut.ts";
import { LIST_NOT_TEXT } from "./texts.ts";
import { decodeList, MAX_LIST_ROWS, parseList, parseListFile, type ListRow } from "./parse-list.ts";

function rowsOf(text: string): ListRow[] {
  const parsed = parseList(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

const ok = (row: ListRow) => row.errors.length === 0;

describe("parseList: the shapes real lists come in", () => {
  test("an Excel CSV in Spanish: BOM, header, semicolons, CRLF, accents, a trailing line break", () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(
        "Correo;Nombre;Apellido;RUT;Fecha de nacimiento\r\n" +
          "sofia.nunez@colegio.cl;Sofía;Núñez;12.345.678-5;05-03-2012\r\n" +
          "JOSE.PENA@colegio.cl;José Ignacio;Peña Ñúñez;;\r\n",
      ),
    ]);
    const text = decodeList(bytes);
    expect(text).not.toBeNull();
    const parsed = parseList(text!);
    expect(parsed).toMatchObject({ ok: true, header: true });
    const rows = rowsOf(text!);
    expect(rows).toEqual([
      {
        line: 2,
        correo: "sofia.nunez@colegio.cl",
        nombre: "Sofía",
        apellido: "Núñez",
        rut: "12345678-5",
        rutShown: "12.345.678-5",
        curso: null,
        fechaNacimiento: "2012-03-05",
        errors: [],
      },
      {
        line: 3,
        correo: "jose.pena@colegio.cl",
        nombre: "José Ignacio",
        apellido: "Peña Ñúñez",
        rut: null,
        rutShown: null,
        curso: null,
        fechaNacimiento: null,
        errors: [],
      },
    ]);
  });

  test("Windows-1252 (Excel's 'CSV' on a Spanish Windows) is transcoded, not garbled", () => {
    // 'Núñez' and 'Peña' in Windows-1252: ú = 0xFA, ñ = 0xF1 (invalid as UTF-8).
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("ana@colegio.cl;Ana;N"),
      0xfa,
      0xf1,
      ...new TextEncoder().encode("ez\r\nluis@colegio.cl;Luis;Pe"),
      0xf1,
      ...new TextEncoder().encode("a\r\n"),
    ]);
    const rows = rowsOf(decodeList(bytes)!);
    expect(rows.map((r) => r.apellido)).toEqual(["Núñez", "Peña"]);
    expect(rows.every(ok)).toBe(true);
  });

  test("UTF-16 with its BOM (Excel's 'Texto Unicode', tab-separated) is read", () => {
    const text = "correo\tnombre\tapellido\r\nana@colegio.cl\tAna\tMuñoz\r\n";
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    const rows = rowsOf(decodeList(bytes)!);
    expect(rows).toMatchObject([{ line: 2, correo: "ana@colegio.cl", apellido: "Muñoz", errors: [] }]);
  });

  test("a binary file (an .xlsx, an image) is no list", () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]);
    expect(decodeList(xlsx)).toBeNull();
    expect(parseListFile(xlsx)).toEqual({
      ok: false,
      error: LIST_NOT_TEXT,
    });
    expect(parseListFile(new TextEncoder().encode("a@x.cl;A;B"))).toMatchObject({ ok: true, rows: [{ errors: [] }] });
  });

  test("commas, without header, LF endings, optional columns present or not", () => {
    const rows = rowsOf("ana@x.cl,Ana,Rojas\nbeto@x.cl,Beto,Soto,11.111.111-1,2010-12-31\n");
    expect(rows.map((r) => [r.line, r.correo, r.rut, r.fechaNacimiento, r.errors])).toEqual([
      [1, "ana@x.cl", null, null, []],
      [2, "beto@x.cl", "11111111-1", "2010-12-31", []],
    ]);
  });

  test("cells pasted from a spreadsheet are tab-separated", () => {
    const rows = rowsOf("ana@x.cl\tAna María\tRojas, Pérez\t123456785\t5/3/2012");
    expect(rows).toMatchObject([{ nombre: "Ana María", apellido: "Rojas, Pérez", rut: "12345678-5" }]);
    expect(rows[0]!.fechaNacimiento).toBe("2012-03-05");
  });

  test("quoted fields keep separators, doubled quotes and spaces around them", () => {
    const rows = rowsOf('"ana@x.cl";"Ana ""Anita""";"Rojas; Pérez"\r\nbeto@x.cl; "Beto" ; Soto');
    expect(rows.map((r) => [r.nombre, r.apellido, r.errors])).toEqual([
      ['Ana "Anita"', "Rojas; Pérez", []],
      ["Beto", "Soto", []],
    ]);
  });

  test("a quoted line break is refused in a name and counted in the line numbers", () => {
    const rows = rowsOf('ana@x.cl;"Ana\nMaría";Rojas\nbeto@x.cl;Beto;Soto');
    expect(rows[0]!.line).toBe(1);
    expect(rows[0]!.errors).toEqual(["nombre: el texto es demasiado largo o tiene caracteres no permitidos"]);
    expect(rows[1]).toMatchObject({ line: 3, errors: [] });
  });

  test("an unclosed quote is reported on its row", () => {
    const rows = rowsOf('ana@x.cl;Ana;Rojas\nbeto@x.cl;"Beto;Soto');
    expect(rows[1]!.errors[0]).toBe("las comillas de un campo no se cierran");
  });

  test("text after a field's closing quote is reported on its row, and the list is not read past it", () => {
    const rows = rowsOf('ana@x.cl;Ana;Rojas\r\nbeto@x.cl;"Beto" Andrés;Soto\r\ncami@x.cl;Cami;Díaz');
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [1, []],
      [2, ["las comillas de un campo no se cierran"]],
    ]);
  });

  test("line numbers count CRLF, LF and CR alike, inside quoted fields too", () => {
    const rows = rowsOf('ana@x.cl;"Ana\r\nMaría";Rojas\rbeto@x.cl;"Beto\rÑandú";Soto\r\n\ncami@x.cl;Cami;Díaz');
    expect(rows.map((r) => r.line)).toEqual([1, 3, 6]);
  });

  test("blank lines (and lines of empty cells) are skipped but counted", () => {
    const rows = rowsOf("\n\ncorreo;nombre;apellido\n\n;;\nana@x.cl;Ana;Rojas\n   \n\nbeto@x.cl;Beto;Soto\n\n");
    expect(rows.map((r) => r.line)).toEqual([6, 9]);
  });

  test("Excel's trailing empty columns are no columns; more than five are refused", () => {
    const rows = rowsOf("ana@x.cl;Ana;Rojas;;;;;\nbeto@x.cl;Beto;Soto;;;extra");
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[1]!.errors[0]).toMatch(/^tiene 6 columnas; se esperan de 3 a 5/);
  });

  test("a header in any case, with accents or underscores, in any order, other columns ignored", () => {
    const rows = rowsOf(
      "N°;APELLIDOS;Nombres;E-mail;Fecha_de_Nacimiento;R.U.N.;Curso\n" + "1;Rojas;Ana;ana@x.cl;31.12.2011;6-k;3°B",
    );
    // 'R.U.N.' folds to 'r u n', the RUT; 'N°' is no known column: ignored.
    expect(rows).toMatchObject([
      { correo: "ana@x.cl", nombre: "Ana", apellido: "Rojas", rut: "6-K", curso: "3°B", fechaNacimiento: "2011-12-31" },
    ]);
    expect(rows[0]!.errors).toEqual([]);
    const withRut = rowsOf("Correo Electrónico,Nombre,Apellido,Rut\nana@x.cl,Ana,Rojas,6-k");
    expect(withRut[0]).toMatchObject({ rut: "6-K", errors: [] });
  });

  test("a header without a required column, or with one twice, refuses the list", () => {
    expect(parseList("correo;nombre\nana@x.cl;Ana")).toEqual({
      ok: false,
      error: expect.stringContaining("«apellido»"),
    });
    expect(parseList("correo;nombre;apellido;email\nana@x.cl;Ana;Rojas;a@x.cl")).toEqual({
      ok: false,
      error: "La fila de encabezados repite la columna «correo».",
    });
  });

  test("empty text, only a header, only blank lines: nothing to import", () => {
    for (const text of ["", "\uFEFF", "\r\n\r\n", "correo;nombre;apellido\r\n"]) {
      expect(parseList(text), JSON.stringify(text)).toEqual({
        ok: false,
        error: "La lista está vacía: pega las filas o sube un archivo CSV.",
      });
    }
  });

  test("every reason of a row is given, in Spanish", () => {
    const rows = rowsOf(
      [
        "correo;nombre;apellido;rut;fecha de nacimiento",
        "no-es-correo;;;12.345.678-9;31/02/2012",
        "ana@x.cl;Ana;;;2012/03/05",
        ";Beto;Soto;;03-05-12",
        "c@x.cl;C;D;;01-01-2999",
        "d@x.cl;" + "x".repeat(81) + ";D",
        "e@x.cl;E\u202E;D",
      ].join("\n"),
    );
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [
        2,
        [
          "el correo «no-es-correo» no es válido",
          "falta el nombre",
          "falta el apellido",
          "el RUT 12.345.678-9 no es válido: su dígito verificador no corresponde (para 12.345.678 es 5); " +
            "revisa el número y el dígito",
          "la fecha de nacimiento «31/02/2012» no es válida",
        ],
      ],
      [3, ["falta el apellido"]],
      [
        4,
        [
          "falta el correo",
          "la fecha de nacimiento «03-05-12» no se entiende (usa dd-mm-aaaa, dd/mm/aaaa o aaaa-mm-dd)",
        ],
      ],
      [5, ["la fecha de nacimiento «01-01-2999» no es válida"]],
      [6, ["nombre: el texto es demasiado largo o tiene caracteres no permitidos"]],
      [7, ["nombre: el texto es demasiado largo o tiene caracteres no permitidos"]],
    ]);
    expect(rows[2]!.fechaNacimiento).toBe("03-05-12");
  });

  test("an address or a RUT twice: the later rows name the first", () => {
    const rows = rowsOf(
      "ana@x.cl;Ana;Rojas;12.345.678-5\nANA@x.cl;Ana;Rojas\nbeto@x.cl;Beto;Soto;123456785\nmalo;X;Y\nmalo;X;Y",
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      ["el correo se repite: ya está en la línea 1"],
      ["el RUT se repite: ya está en la línea 1"],
      ["el correo «malo» no es válido"],
      ["el correo «malo» no es válido"],
    ]);
  });

  test("a long value is shortened in its reason", () => {
    const rows = rowsOf(`${"a".repeat(300)};Ana;Rojas`);
    expect(rows[0]!.errors[0]!.length).toBeLessThan(100);
  });

  // How long this takes: `npm run bench` (scripts/bench/timings/batches.timing.ts).
  test("1 000 rows are read; more than the limit is refused", () => {
    const lines = ["correo;nombre;apellido;rut;fecha de nacimiento"];
    for (let i = 0; i < 1000; i++) {
      const body = String(10_000_000 + i);
      lines.push(`estudiante${i}@colegio.cl;Nombre ${i};Apellido;${body}-${rutCheckDigit(body)};01-03-2011`);
    }
    const rows = rowsOf(lines.join("\r\n"));
    expect(rows).toHaveLength(1000);
    expect(rows.every(ok)).toBe(true);
    expect(rows.at(-1)!.line).toBe(1001);

    const tooMany = Array.from({ length: MAX_LIST_ROWS + 1 }, (_, i) => `a${i}@x.cl;A;B`).join("\n");
    expect(parseList(tooMany)).toEqual({ ok: false, error: expect.stringContaining("5.000 filas") });
  });

  test("fuzz: any mix of separators, quotes and line breaks reads without throwing, rows in line order", () => {
    let seed = 26;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['"', ";", ",", "\t", "\r", "\n", "\r\n", "a", "@", ".", "ñ", " ", "-", "K", "1", "\uFEFF"];
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 60) }, () => alphabet[Math.floor(random() * 16)]).join(
        "",
      );
      const parsed = parseList(text);
      if (!parsed.ok) continue;
      const lines = parsed.rows.map((r) => r.line);
      expect(lines).toEqual([...lines].sort((a, b) => a - b));
      for (const row of parsed.rows) expect(row.line).toBeGreaterThan(0);
    }
  });
});

describe("parseList: a school's export (docs/decisions/041)", () => {
  const classRows = (text: string) => {
    const parsed = parseList(text, { emailOptional: true });
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.rows;
  };

  test("SIGE's columns, without Correo, in any order, case and accents, under a title row", () => {
    const rows = classRows(
      [
        "Nómina de estudiantes;;;",
        "NOMBRES;apellido MATERNO;Apellido Paterno;R.U.N.;Curso",
        "Sofía Andrea;Rojas;Núñez;12.345.678-5;4° Básico B",
        "Tomás;Soto;Peña;6-k;4° Básico B",
      ].join("\n"),
    );
    expect(rows.map((r) => [r.line, r.nombre, r.apellido, r.rut, r.rutShown, r.curso, r.errors])).toEqual([
      [3, "Sofía Andrea", "Núñez Rojas", "12345678-5", "12.345.678-5", "4° Básico B", []],
      [4, "Tomás", "Peña Soto", "6-K", "6-K", "4° Básico B", []],
    ]);
  });

  test("a RUN with or without dots and dash, or its digit in a column of its own", () => {
    const rows = classRows(
      "RUN\tDV\tNombres\tApellido paterno\n123456785\t\tAna\tRojas\n12345678\t5\tBeto\tSoto\n12.345.678\tK\tCata\tPaz",
    );
    expect(rows.map((r) => [r.rut, r.rutShown])).toEqual([
      ["12345678-5", "12.345.678-5"],
      ["12345678-5", "12.345.678-5"],
      ["12345678-K", "12.345.678-K"],
    ]);
    expect(rows[2]!.errors).toEqual([
      "el RUT 12.345.678-K no es válido: su dígito verificador no corresponde (para 12.345.678 es 5); " +
        "revisa el número y el dígito",
    ]);
    // The RUT twice (the second row's): refused naming the first.
    expect(rows[1]!.errors).toEqual(["el RUT se repite: ya está en la línea 2"]);
  });

  test("a wrong check digit is shown formatted with its reason; what is no RUT is quoted as typed", () => {
    const [wrong, junk] = classRows("RUT;Nombres;Apellidos\n12345678-9;Ana;Rojas\nabc-1;Beto;Soto");
    expect(wrong).toMatchObject({ rut: "12345678-9", rutShown: "12.345.678-9" });
    expect(wrong!.errors[0]).toContain("para 12.345.678 es 5");
    expect(junk).toMatchObject({
      rutShown: "ABC-1",
      errors: ["el RUT «ABC-1» no se entiende: escríbelo como 12.345.678-5"],
    });
  });

  test("the admin's importer still needs the e-mail; a class's needs names", () => {
    expect(parseList("RUN;Nombres;Apellido paterno\n12345678-5;Ana;Rojas")).toEqual({
      ok: false,
      error: expect.stringContaining("«correo»"),
    });
    expect(parseList("RUN;Curso\n12345678-5;4°B", { emailOptional: true })).toEqual({
      ok: false,
      error: expect.stringMatching(/«nombre», «apellido».*apellido paterno y materno/),
    });
  });
});
