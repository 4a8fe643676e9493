// 'Actualizar el nombre en mis certificados' (rectification): a certificate keeps
// the name it was issued with until its holder asks; then the same code and verification link
// get a new PDF, the verification page says when, and the first name stays in the row unshown.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getCertificateByCode } from "~/features/certificates/certificates.server.ts";
import { nameUpdated } from "~/features/certificates/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { readFlash } from "~/lib/flash.server.ts";
import { statStored } from "~/lib/storage.server.ts";
import * as apiRename from "~/routes/api/certificados.actualizar-nombre.ts";
import * as pdfRoute from "~/routes/certificates/pdf.ts";
import * as verifyRoute from "~/routes/certificates/verify.tsx";
import * as myCertificates from "~/routes/user/certificates.tsx";
import {
  args,
  createUser,
  formRequest,
  getRequest,
  jsonRequest,
  readJson,
  sessionCookie,
  signedIn,
} from "../factories.ts";

let codes = 0;
async function certificateOf(user: { id: string }, nombreTitular: string) {
  codes += 1;
  return prisma.certificate.create({
    data: {
      codigo: `NAMECHANGEAAAA${"ABCDEFGHJKMNPQRSTUVWXYZ"[codes]}A`.slice(0, 16),
      userId: user.id,
      nombreTitular,
      tituloCurso: `Curso ${codes}`,
    },
  });
}

async function servedPdf(codigo: string) {
  const response = (await pdfRoute.loader(args(getRequest(`/certificados/${codigo}/pdf`), { codigo }))) as Response;
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

function pdfText(bytes: Uint8Array): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cert-"));
  const file = path.join(dir, "c.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } catch {
    return null; // poppler-utils missing: the text check is skipped (npm test installs it)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("a certificate's holder name", () => {
  it("stays as issued until its holder asks; then same code and link, a new PDF, and the date on the verification", async () => {
    const user = await createUser({ nombre: "Ana", apellido: "Peres" });
    const other = await createUser({ nombre: "Otra", apellido: "Persona" });
    const mine = await certificateOf(user, "Ana Peres");
    const theirs = await certificateOf(other, "Nombre Antiguo");
    const before = await servedPdf(mine.codigo);
    const oldKey = (await prisma.certificate.findUniqueOrThrow({ where: { id: mine.id } })).pdfKey!;
    expect(await statStored(oldKey)).not.toBeNull();

    // The person corrects a typo in their surname (the profile's rectification).
    await prisma.user.update({ where: { id: user.id }, data: { apellido: "Pérez" } });
    const cookie = await sessionCookie(user);
    const page = (await myCertificates.loader(args(getRequest("/user/certificates", cookie)))) as {
      outdated: number;
      currentName: string;
    };
    expect(page).toMatchObject({ outdated: 1, currentName: "Ana Pérez" });
    expect((await getCertificateByCode(mine.codigo))?.nombreTitular).toBe("Ana Peres");

    const answer = (await myCertificates.action(
      args(formRequest("/user/certificates", { intent: "actualizar-nombre" }, { cookie })),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/user/certificates");
    const { flash } = await readFlash(
      new Request("http://x", { headers: { Cookie: answer.headers.get("Set-Cookie")! } }),
    );
    expect(flash?.message).toBe(nameUpdated(1));

    const row = await prisma.certificate.findUniqueOrThrow({ where: { id: mine.id } });
    expect(row).toMatchObject({
      codigo: mine.codigo,
      nombreTitular: "Ana Pérez",
      nombreOriginal: "Ana Peres",
      pdfKey: null,
    });
    expect(row.nombreActualizadoEn).toBeInstanceOf(Date);
    expect(await statStored(oldKey)).toBeNull();

    const after = await servedPdf(mine.codigo);
    expect(Buffer.from(after).equals(Buffer.from(before))).toBe(false);
    const text = pdfText(after);
    if (text !== null) {
      expect(text).toContain("Ana Pérez");
      expect(text).not.toContain("Ana Peres");
      expect(text).toContain(mine.codigo);
    }
    const verified = await getCertificateByCode(mine.codigo);
    expect(verified).toMatchObject({ nombreTitular: "Ana Pérez", codigo: mine.codigo });
    expect(verified?.nombreActualizadoEn).toBe(row.nombreActualizadoEn!.toISOString());
    expect(JSON.stringify(verified)).not.toContain("Peres");

    // Nothing of anyone else's changed; nothing is left to update.
    expect((await prisma.certificate.findUniqueOrThrow({ where: { id: theirs.id } })).nombreTitular).toBe(
      "Nombre Antiguo",
    );
    expect(
      ((await myCertificates.loader(args(getRequest("/user/certificates", cookie)))) as { outdated: number }).outdated,
    ).toBe(0);
  });

  it("keeps the first name across several corrections; the API twin answers how many changed", async () => {
    const { user, token } = await signedIn({ nombre: "Luis", apellido: "Soto" });
    const cert = await certificateOf(user, "Luis Zoto");
    const call = async () => {
      const response = await apiRename.action(args(jsonRequest("/api/certificados/actualizar-nombre", {}, { token })));
      return { status: response.status, body: await readJson(response) };
    };
    expect(await call()).toEqual({ status: 200, body: { message: nameUpdated(1), actualizados: 1 } });
    await prisma.user.update({ where: { id: user.id }, data: { nombre: "Luis Alberto" } });
    expect((await call()).body.actualizados).toBe(1);
    expect(await prisma.certificate.findUniqueOrThrow({ where: { id: cert.id } })).toMatchObject({
      nombreTitular: "Luis Alberto Soto",
      nombreOriginal: "Luis Zoto",
    });
    expect(await call()).toEqual({ status: 200, body: { message: nameUpdated(0), actualizados: 0 } });
    const anonymous = await apiRename.action(args(jsonRequest("/api/certificados/actualizar-nombre", {})));
    expect(anonymous.status).toBe(401);
  });
});

describe("a revoked certificate (its holder deleted the account and asked for it)", () => {
  it("verifies as revoked, shows no name, and has no PDF", async () => {
    const cert = await prisma.certificate.create({
      data: {
        codigo: "REVOKEDAAAAAAAAA",
        userId: null,
        nombreTitular: "",
        tituloCurso: "Curso revocado",
        revocadoEn: new Date("2026-11-20T12:00:00Z"),
      },
    });
    const verified = await getCertificateByCode(cert.codigo);
    expect(verified).toMatchObject({ nombreTitular: "", revocadoEn: "2026-11-20T12:00:00.000Z" });
    const page = (await verifyRoute.loader(
      args(getRequest(`/certificados/${cert.codigo}`), { codigo: cert.codigo }),
    )) as {
      valido: boolean;
    };
    expect(page.valido).toBe(false);
    const pdf = await pdfRoute
      .loader(args(getRequest(`/certificados/${cert.codigo}/pdf`), { codigo: cert.codigo }))
      .then(
        (r) => r as Response,
        (e: unknown) => e as Response,
      );
    expect(pdf.status).toBe(404);
  });
});
