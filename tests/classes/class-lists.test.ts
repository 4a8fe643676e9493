// A class's list as schools have it (docs/product.md#importing-a-list-into-a-class, docs/decisions/041):
// SIGE's columns from an Excel file or a paste, each RUT checked and shown formatted in the preview,
// which writes nothing; the confirmation of what was read; a hostile .xlsx refused with a 400.
import { strToU8, zipSync } from "fflate";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newClassCode } from "~/features/classes/codes.ts";
import { MAX_XLSX_UNPACKED, readListFile } from "~/features/accounts/import/read-xlsx.server.ts";
import { LIST_TOO_LARGE } from "~/features/accounts/import/parse-list.ts";
import { XLSX_TOO_LARGE, XLSX_UNREADABLE } from "~/features/accounts/import/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import * as importApi from "~/routes/api/cursos.class-import.ts";
import * as adminImportApi from "~/routes/api/admin.users-import.ts";
import { resetClassCode } from "~/features/classes/classes.server.ts";
import { JOIN_CODE_UNKNOWN, JOIN_LINK_UNKNOWN } from "~/features/classes/texts.ts";
import * as classPage from "~/routes/classes/class.tsx";
import * as joinLinkPage from "~/routes/classes/join-link.tsx";
import * as loginRoute from "~/routes/auth/login.tsx";
import {
  args,
  createCourse,
  dataOf,
  flashOf,
  formRequest,
  getRequest,
  multipartRequest,
  readJson,
  signedIn,
  TEST_PASSWORD,
  thrown,
} from "../factories.ts";
import { xlsxOf } from "../xlsx.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;
let teacher: Signed;
let course: { id: string };

beforeAll(async () => {
  course = await createCourse({ titulo: "Ciencias Naturales 4°B" });
  teacher = await signedIn("docente");
  await prisma.courseTeacher.create({ data: { cursoId: course.id, userId: teacher.user.id } });
});

beforeEach(async () => {
  await prisma.rateLimit.deleteMany({ where: { key: { startsWith: "classImportRowsUser:" } } });
});

let classCount = 0;
async function newClass() {
  const clase = await prisma.courseClass.create({
    data: { cursoId: course.id, nombre: `4°B ${++classCount}`, codigo: newClassCode(), createdById: teacher.user.id },
  });
  return {
    clase,
    path: `/api/cursos/${course.id}/clases/${clase.id}/importar`,
    params: { cursoId: course.id, claseId: clase.id },
  };
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const file = (bytes: Uint8Array) => ({ bytes, name: "nomina.xlsx", type: XLSX_TYPE });

/** What SIGE exports: a title, then RUN, the two surnames and the names (no e-mail), and the course. */
const SIGE = [
  ["Nómina de alumnos"],
  ["Run", "Apellido Paterno", "Apellido Materno", "Nombres", "Curso"],
  ["22.333.444-K", "Valenzuela", "Araya", "Agustín", "4° Básico B"],
  ["11111111-1", "Araya", "Pérez", "Vicente", "4° Básico B"],
  ["12345678-9", "Soto", "Díaz", "Martina", "4° Básico B"],
];

async function post(path: string, params: Record<string, string>, parts: Parameters<typeof multipartRequest>[1]) {
  const response = await importApi.action(args(multipartRequest(path, parts, { token: teacher.token }), params));
  return { status: response.status, body: await readJson(response) };
}

describe("an Excel list from SIGE", () => {
  it("the preview shows every row's outcome and RUT formatted, refused rows too, and writes nothing", async () => {
    const { clase, path, params } = await newClass();
    const before = await prisma.user.count();
    const { status, body } = await post(path, params, { archivo: file(xlsxOf(SIGE)), confirmar: "false" });
    expect(status).toBe(200);
    const filas = body.filas as {
      linea: number;
      estado: string;
      rutFormateado: string;
      curso: string;
      motivo: string;
    }[];
    expect(filas.map((f) => [f.linea, f.estado, f.rutFormateado, f.curso])).toEqual([
      [3, "agregar", "22.333.444-K", "4° Básico B"],
      [4, "agregar", "11.111.111-1", "4° Básico B"],
      [5, "error", "12.345.678-9", "4° Básico B"],
    ]);
    expect(filas[2]!.motivo).toBe(
      "el RUT 12.345.678-9 no es válido: su dígito verificador no corresponde (para 12.345.678 es 5); " +
        "revisa el número y el dígito",
    );
    expect(await prisma.user.count()).toBe(before);
    expect(await prisma.classMember.count({ where: { claseId: clase.id } })).toBe(0);
  });

  it("a corrected list is confirmed: the text read from the file is sent back, and each pupil joins", async () => {
    const { clase, path, params } = await newClass();
    const rows = [...SIGE.slice(0, 4), ["12.345.678-5", "Soto", "Díaz", "Martina", "4° Básico B"]];
    rows[2] = ["7.654.321-6", "Valenzuela", "Araya", "Agustín", "4° Básico B"];
    rows[3] = ["8.765.432-K", "Araya", "Pérez", "Vicente", "4° Básico B"];
    const first = await post(path, params, { archivo: file(xlsxOf(rows)), confirmar: "false" });
    expect(first.body.resumen).toMatchObject({ agregar: 3, sinCorreo: 3, errores: 0 });
    // The API's client sends the same file again with the fingerprint (the page sends the text it showed).
    const done = await post(path, params, {
      archivo: file(xlsxOf(rows)),
      confirmar: "true",
      huella: first.body.huella as string,
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ agregadas: 3 });
    const members = await prisma.classMember.findMany({
      where: { claseId: clase.id },
      select: { enrolment: { select: { user: { select: { nombre: true, apellido: true, rut: true } } } } },
    });
    expect(members.map((m) => m.enrolment.user).sort((a, b) => a.nombre.localeCompare(b.nombre))).toEqual([
      { nombre: "Agustín", apellido: "Valenzuela Araya", rut: "7654321-6" },
      { nombre: "Martina", apellido: "Soto Díaz", rut: "12345678-5" },
      { nombre: "Vicente", apellido: "Araya Pérez", rut: "8765432-K" },
    ]);
  });

  it("the admin's importer reads an .xlsx too, and still asks for the e-mail", async () => {
    const admin = await signedIn("admin");
    const sheet = xlsxOf([
      ["Correo", "Nombre", "Apellido"],
      ["hoja.admin@colegio.cl", "Hoja", "Admin"],
    ]);
    const response = await adminImportApi.action(
      args(
        multipartRequest(
          "/api/admin/usuarios/importar",
          { archivo: file(sheet), rol: "estudiante" },
          { token: admin.token },
        ),
      ),
    );
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ resumen: { nuevas: 1, errores: 0 } });
    const sige = await adminImportApi.action(
      args(
        multipartRequest(
          "/api/admin/usuarios/importar",
          { archivo: file(xlsxOf(SIGE)), rol: "estudiante" },
          { token: admin.token },
        ),
      ),
    );
    expect(sige.status).toBe(400);
    expect((await readJson(sige)).error).toContain("«correo»");
  });
});

describe("a hostile .xlsx", () => {
  /** A sheet whose XML unpacks past the cap from a few dozen kilobytes (a zip bomb). */
  let made: Uint8Array | null = null;
  function bomb(): Uint8Array {
    if (made) return made.slice();
    const cell = "a".repeat(Math.ceil(MAX_XLSX_UNPACKED * 1.1));
    const xml = `<worksheet><sheetData><row><c t="inlineStr"><is><t>${cell}</t></is></c></row></sheetData></worksheet>`;
    made = xlsxOf([["RUN"]], { "xl/worksheets/sheet1.xml": [strToU8(xml), { level: 6 }] });
    return made.slice();
  }

  /** The same bomb, its parts declaring a tiny size (the archive lies about what it holds). */
  function lyingBomb(): Uint8Array {
    const zip = bomb();
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let i = 0; i + 4 <= zip.length; i++) {
      const signature = view.getUint32(i, true);
      if (signature === 0x04034b50) view.setUint32(i + 22, 100, true);
      if (signature === 0x02014b50) view.setUint32(i + 24, 100, true);
    }
    return zip;
  }

  it("a zip bomb is refused once the cap is passed, whatever sizes it declares: 400, not 500", async () => {
    for (const bytes of [bomb(), lyingBomb()]) {
      expect(bytes.length).toBeLessThan(1024 * 1024);
      expect(await readListFile(bytes, { emailOptional: true })).toEqual({ ok: false, error: XLSX_TOO_LARGE });
    }
    const { path, params } = await newClass();
    const { status, body } = await post(path, params, { archivo: file(lyingBomb()), confirmar: "false" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: XLSX_TOO_LARGE });
  });

  it("a sheet of more rows than a list may have is refused while it is unpacked, before it is read", async () => {
    const rows = Array.from({ length: 6000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`);
    const xml = `<worksheet><sheetData>${rows.join("")}</sheetData></worksheet>`;
    const long = xlsxOf([["RUN"]], { "xl/worksheets/sheet1.xml": strToU8(xml) });
    expect(await readListFile(long, { emailOptional: true })).toEqual({ ok: false, error: LIST_TOO_LARGE });
  });

  it("a broken zip, or a zip that is no workbook, is refused with its reason", async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...strToU8("no es un zip de verdad".repeat(20))]);
    const notWorkbook = zipSync({ "hola.txt": strToU8("hola") });
    for (const bytes of [broken, notWorkbook]) {
      expect(await readListFile(bytes, { emailOptional: true })).toEqual({ ok: false, error: XLSX_UNREADABLE });
    }
    const { path, params } = await newClass();
    const { status, body } = await post(path, params, { archivo: file(broken), confirmar: "false" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: XLSX_UNREADABLE });
  });
});

describe("the class's link and QR code", () => {
  it("the class page shows the link (the code itself) and its QR code as an SVG", async () => {
    const { clase } = await newClass();
    const path = `/docente/cursos/${course.id}/clases/${clase.id}`;
    const loaded = await classPage.loader(
      args(getRequest(path, teacher.cookie), { cursoId: course.id, claseId: clase.id }),
    );
    expect(loaded.link.url).toMatch(new RegExp(`/clases/unirse/${clase.codigo}$`));
    const svg = Buffer.from(loaded.link.qr.split(",")[1]!, "base64").toString();
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
  });

  it("a visitor signs in and comes back; the button joins with the typed code's rule, once", async () => {
    const { clase } = await newClass();
    const path = `/clases/unirse/${clase.codigo}`;
    const params = { token: clase.codigo };
    const visitor = await thrown(joinLinkPage.loader(args(getRequest(path), params)));
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    // Signing in with that redirectTo lands back on the link.
    const pupil = await signedIn("estudiante");
    const login = (await loginRoute.action(
      args(formRequest("/login", { correo: pupil.user.correo, password: TEST_PASSWORD, redirectTo: path })),
    )) as Response;
    expect(login.headers.get("Location")).toBe(path);

    const page = dataOf<{ linked: { clase: { nombre: string }; curso: { titulo: string }; miembro: boolean } }>(
      await joinLinkPage.loader(args(getRequest(path, pupil.cookie), params)),
    );
    expect(page.data.linked).toMatchObject({
      clase: { nombre: clase.nombre },
      curso: { titulo: "Ciencias Naturales 4°B" },
      miembro: false,
    });
    const joined = (await joinLinkPage.action(
      args(formRequest(path, {}, { cookie: pupil.cookie }), params),
    )) as Response;
    expect(joined.headers.get("Location")).toBe(`/cursos/${course.id}`);
    expect((await flashOf(joined))?.message).toContain(`Te uniste a la clase «${clase.nombre}»`);
    expect(await prisma.classMember.count({ where: { claseId: clase.id, userId: pupil.user.id } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "class.join", targetId: clase.id } })).toBe(1);
    // Again: the page says they are in; the button's answer is the typed code's 'already a member'.
    const again = dataOf<{ linked: { miembro: boolean } }>(
      await joinLinkPage.loader(args(getRequest(path, pupil.cookie), params)),
    );
    expect(again.data.linked.miembro).toBe(true);
    const twice = dataOf<{ error: string }>(
      await joinLinkPage.action(args(formRequest(path, {}, { cookie: pupil.cookie }), params)),
    );
    expect(twice.status).toBe(409);
    expect(twice.data.error).toContain("Ya eres parte de la clase");
  });

  it("'Generar otro código' revokes the link: the old one is 404 and joins nobody", async () => {
    const { clase } = await newClass();
    const old = clase.codigo;
    expect((await resetClassCode(teacher.user, clase, null)).ok).toBe(true);
    const pupil = await signedIn("estudiante");
    const path = `/clases/unirse/${old}`;
    const page = dataOf<{ linked: null; error: string }>(
      await joinLinkPage.loader(args(getRequest(path, pupil.cookie), { token: old })),
    );
    expect(page).toEqual({ status: 404, data: { linked: null, error: JOIN_LINK_UNKNOWN } });
    const post = dataOf<{ error: string }>(
      await joinLinkPage.action(args(formRequest(path, {}, { cookie: pupil.cookie }), { token: old })),
    );
    expect(post).toEqual({ status: 404, data: { error: JOIN_CODE_UNKNOWN } });
    expect(await prisma.classMember.count({ where: { claseId: clase.id } })).toBe(0);
    const fresh = await prisma.courseClass.findUniqueOrThrow({ where: { id: clase.id } });
    const now = dataOf<{ linked: { clase: { id: string } } }>(
      await joinLinkPage.loader(
        args(getRequest(`/clases/unirse/${fresh.codigo}`, pupil.cookie), { token: fresh.codigo }),
      ),
    );
    expect(now.data.linked.clase.id).toBe(clase.id);
  });
});
