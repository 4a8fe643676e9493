// 'Importar usuarios' on the real database (docs/product.md#importar-usuarios): the preview writes
// nothing; the confirmation writes every new account, its words, link, e-mail and audit entry in
// one transaction, or nothing; existing accounts are left as they are.
import { describe, expect, it, vi } from "vitest";
import type * as AuditModule from "~/features/audit/audit.server.ts";
import { linkAccount } from "~/features/accounts/account-token.server.ts";
import { confirmImport, listFingerprint, previewImport } from "~/features/accounts/import/import.server.ts";
import { parseList } from "~/features/accounts/import/parse-list.ts";
import { rutCheckDigit } from "~/features/accounts/rut.ts";
import { listUsers } from "~/features/accounts/users.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as importPage from "~/routes/admin/records-import.tsx";
import { args, createUser, dataOf, getRequest, multipartRequest, signedIn, thrown } from "../factories.ts";

// A failure halfway: the audit entries are the last thing the import writes.
const failing = vi.hoisted(() => ({ audit: false }));
vi.mock("~/features/audit/audit.server.ts", async (original) => {
  const real = await original<typeof AuditModule>();
  return {
    ...real,
    auditMany: async (...rest: Parameters<typeof real.auditMany>) => {
      if (failing.audit) throw new Error("fallo simulado a mitad de la importación");
      return real.auditMany(...rest);
    },
  };
});

const options = { rol: "estudiante" as const, autorizacionColegio: false };

function rowsOf(text: string) {
  const parsed = parseList(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows;
}

async function counts() {
  const [users, outbox, audit, tokens, words] = await Promise.all([
    prisma.user.count(),
    prisma.outboxMail.count(),
    prisma.auditLog.count({ where: { action: "user.import" } }),
    prisma.accountToken.count(),
    prisma.userWord.count(),
  ]);
  return { users, outbox, audit, tokens, words };
}

async function confirm(admin: { id: string }, text: string, opts = options) {
  return confirmImport(admin, rowsOf(text), text, { ...opts, huella: listFingerprint(text, opts) }, null);
}

describe("previewImport", () => {
  it("says what each row would become and writes nothing", async () => {
    const existing = await createUser({ correo: "ya.existe@colegio.cl", nombre: "Ya", apellido: "Existe" });
    const taken = await createUser();
    await prisma.user.update({ where: { id: taken.id }, data: { rut: "11111111-1" } });
    const text = [
      "correo;nombre;apellido;rut;fecha de nacimiento",
      "nueva.persona@colegio.cl;Nueva;Persona;12.345.678-5;01-01-2000",
      "YA.EXISTE@colegio.cl;Otro;Nombre",
      "malo;Sin;Correo",
      "rut.ajeno@colegio.cl;Rut;Ajeno;11.111.111-1",
      "nina@colegio.cl;Niña;Chica;;01-01-2020",
    ].join("\n");
    const before = await counts();
    const preview = await previewImport(rowsOf(text), text, options);
    expect(await counts()).toEqual(before);
    expect(preview.resumen).toEqual({ nuevas: 1, existentes: 1, errores: 3 });
    expect(preview.filas.map((f) => [f.linea, f.estado, f.motivo])).toEqual([
      [2, "nueva", null],
      [3, "existe", null],
      [4, "error", "el correo «malo» no es válido"],
      [5, "error", "el RUT ya pertenece a otra cuenta"],
      [6, "error", "tiene menos de 14 años: marca que el colegio reunió la autorización de su madre, padre o tutor"],
    ]);
    const reserved = "x.1234@sin-correo.invalid;Sin;Buzón";
    expect((await previewImport(rowsOf(reserved), reserved, options)).filas[0]!.motivo).toBe(
      "ese correo no existe: es de una cuenta sin correo, que solo crea la lista de una clase",
    );
    const withConsent = await previewImport(rowsOf(text), text, { ...options, autorizacionColegio: true });
    expect(withConsent.filas[4]!.estado).toBe("nueva");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).nombre).toBe("Ya");
  });
});

describe("confirmImport", () => {
  it("creates every new account approved, with its words, link, e-mail and audit entry; existing ones untouched", async () => {
    const admin = await createUser({ rol: "admin" });
    const existing = await createUser({ correo: "antigua@colegio.cl", nombre: "Antigua", apellido: "Cuenta" });
    const existingRow = await prisma.user.findUniqueOrThrow({ where: { id: existing.id } });
    const text =
      "\uFEFFcorreo;nombre;apellido;rut;fecha de nacimiento\r\n" +
      "sofia.nunez@colegio.cl;Sofía;Núñez;12.345.678-5;05-03-2013\r\n" +
      "antigua@colegio.cl;Otro;Nombre;;\r\n" +
      "jose.pena@colegio.cl;José;Peña;;\r\n";
    const before = await counts();
    const outcome = await confirm(admin, text, { rol: "estudiante", autorizacionColegio: true });
    expect(outcome).toMatchObject({ ok: true, creadas: 2, existentes: 1 });
    if (!outcome.ok) return;

    const created = await prisma.user.findMany({ where: { id: { in: outcome.ids } }, orderBy: { correo: "asc" } });
    expect(created.map((u) => [u.correo, u.nombre, u.rut, u.rol, u.aprobado, u.passwordHash])).toEqual([
      ["jose.pena@colegio.cl", "José", null, "estudiante", true, ""],
      ["sofia.nunez@colegio.cl", "Sofía", "12345678-5", "estudiante", true, ""],
    ]);
    // Under 14 with the school's consent recorded, as 'Registrar autorización reunida por el colegio' does.
    expect(created[1]).toMatchObject({ requiereTutor: true, consentimientoOrigen: "escuela" });
    expect(created[1]!.fechaNacimiento?.toISOString()).toBe("2013-03-05T12:00:00.000Z");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).toEqual(existingRow);

    expect(await counts()).toMatchObject({
      users: before.users + 2,
      outbox: before.outbox + 2,
      audit: before.audit + 2,
      tokens: before.tokens + 2,
    });
    // Found in Registros by name, accents ignored.
    expect((await listUsers({ q: "nunez" })).users.map((u) => u.id)).toEqual([created[1]!.id]);

    const mails = await prisma.outboxMail.findMany({ where: { kind: "account.created" }, orderBy: { to: "asc" } });
    expect(mails.map((m) => m.to)).toEqual(["jose.pena@colegio.cl", "sofia.nunez@colegio.cl"]);
    expect(mails[1]!.subject).toMatch(/está lista: crea tu contraseña$/);
    const token = /\/recuperar\/([A-Za-z0-9_-]{43})/.exec(mails[1]!.text)![1];
    expect((await linkAccount(token, "password"))?.correo).toBe("sofia.nunez@colegio.cl");
    expect(await prisma.outboxMail.count({ where: { to: "antigua@colegio.cl" } })).toBe(0);

    const audit = await prisma.auditLog.findMany({ where: { action: "user.import", actorId: admin.id } });
    expect(audit.map((a) => a.targetId).sort()).toEqual([...outcome.ids].sort());
    expect(audit.every((a) => a.detail === "estudiante")).toBe(true);
  });

  it("a failure halfway leaves nothing behind", async () => {
    const admin = await createUser({ rol: "admin" });
    const text = "uno@falla.cl;Uno;Falla\ndos@falla.cl;Dos;Falla";
    const before = await counts();
    failing.audit = true;
    try {
      await expect(confirm(admin, text)).rejects.toThrow("fallo simulado");
    } finally {
      failing.audit = false;
    }
    expect(await counts()).toEqual(before);
    expect(await prisma.user.count({ where: { correo: { endsWith: "@falla.cl" } } })).toBe(0);
  });

  it("refuses a list with errors, a changed list, and one with nothing new, writing nothing", async () => {
    const admin = await createUser({ rol: "admin" });
    const before = await counts();
    const bad = await confirm(admin, "bien@x.cl;Bien;Bien\nmal;Mal;Mal");
    expect(bad).toMatchObject({ ok: false, status: 400, reason: "errors" });
    const text = "otra@x.cl;Otra;Persona";
    const changed = await confirmImport(admin, rowsOf(text), text, { ...options, huella: "otra-huella" }, null);
    expect(changed).toMatchObject({ ok: false, status: 409, reason: "changed" });
    // The fingerprint covers the role too: a preview as 'estudiante' does not confirm 'docente'.
    const asDocente = await confirmImport(
      admin,
      rowsOf(text),
      text,
      { rol: "docente", autorizacionColegio: false, huella: listFingerprint(text, options) },
      null,
    );
    expect(asDocente).toMatchObject({ ok: false, reason: "changed" });
    const known = await createUser();
    const before2 = await counts();
    expect(await confirm(admin, `${known.correo};A;B`)).toMatchObject({ ok: false, reason: "nothing" });
    expect(await counts()).toEqual(before2);
    expect(before2.users).toBe(before.users + 1);
  });

  // How long this takes: `npm run bench` (scripts/bench/timings/batches.timing.ts).
  it("1 000 rows in one confirmation", async () => {
    const admin = await createUser({ rol: "admin" });
    const lines = ["correo;nombre;apellido;rut;fecha de nacimiento"];
    for (let i = 0; i < 1000; i++) {
      const body = String(20_000_000 + i);
      lines.push(`mil${i}@escuela.cl;Estudiante ${i};Apellido;${body}-${rutCheckDigit(body)};01-03-2008`);
    }
    const text = lines.join("\r\n");
    const outcome = await confirm(admin, text);
    expect(outcome).toMatchObject({ ok: true, creadas: 1000 });
    expect(await prisma.user.count({ where: { correo: { endsWith: "@escuela.cl" } } })).toBe(1000);
    expect(await prisma.outboxMail.count({ where: { to: { endsWith: "@escuela.cl" } } })).toBe(1000);
  });
});

describe("the page /admin/records/importar", () => {
  it("previews a pasted list, then confirms the very text; an uploaded Windows-1252 file is read", async () => {
    const admin = await signedIn("admin");
    const post = (parts: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>) =>
      importPage.action(args(multipartRequest("/admin/records/importar", parts, { cookie: admin.cookie })));
    type Answer = {
      error: string | null;
      preview: { huella: string; resumen: { nuevas: number } } | null;
      text: string;
    };

    const bytes = new Uint8Array([
      ...new TextEncoder().encode("correo;nombre;apellido\r\npagina@colegio.cl;Ana;Mu"),
      0xf1, // 'ñ' in Windows-1252
      ...new TextEncoder().encode("oz\r\n"),
    ]);
    const preview = dataOf<Answer>(
      await post({ archivo: { bytes, name: "lista.csv", type: "text/csv" }, rol: "docente", confirmar: "false" }),
    );
    expect(preview.status).toBe(200);
    expect(preview.data.preview?.resumen.nuevas).toBe(1);
    expect(preview.data.text).toContain("Muñoz");
    expect(await prisma.user.count({ where: { correo: "pagina@colegio.cl" } })).toBe(0);

    // The form sends line breaks as CRLF, whatever they were: the fingerprint still matches.
    const done = (await post({
      lista: preview.data.text.replace(/\r?\n/g, "\r\n"),
      rol: "docente",
      autorizacionColegio: "false",
      huella: preview.data.preview!.huella,
      confirmar: "true",
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/records");
    expect(await prisma.user.findUnique({ where: { correo: "pagina@colegio.cl" } })).toMatchObject({
      apellido: "Muñoz",
      rol: "docente",
      aprobado: true,
    });

    const empty = dataOf<Answer>(await post({ lista: "  ", rol: "estudiante" }));
    expect(empty).toMatchObject({ status: 400, data: { error: "Pega la lista en el cuadro o elige un archivo CSV." } });
    const badRole = dataOf<Answer>(await post({ lista: "a@x.cl;A;B", rol: "admin" }));
    expect(badRole.status).toBe(400);
    expect(badRole.data.error).toMatch(/^Elige el rol/);
  });

  it("is the admins' only", async () => {
    for (const rol of ["estudiante", "docente", "comunidad"]) {
      const user = await signedIn(rol);
      const refused = await thrown(importPage.loader(args(getRequest("/admin/records/importar", user.cookie))));
      expect(refused.status).toBe(302);
      const post = await thrown(
        importPage.action(
          args(
            multipartRequest(
              "/admin/records/importar",
              { lista: "x@x.cl;X;Y", rol: "estudiante", confirmar: "true" },
              { cookie: user.cookie },
            ),
          ),
        ),
      );
      expect(post.status).toBe(302);
    }
    expect(await prisma.user.count({ where: { correo: "x@x.cl" } })).toBe(0);
  });
});
