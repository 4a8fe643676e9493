// What this feature holds of a person, for 'Descargar mis datos' (lib/personal-data.server.ts).
import { prisma } from "~/lib/db.server.ts";
import { after, json, keyset, tableRows, type PersonalData } from "~/lib/personal-data.server.ts";
import { log } from "~/lib/log.server.ts";
import { readStoredChunks } from "~/lib/storage.server.ts";
import { ensureCertificatePdf, verificationUrl } from "./certificates.server.ts";
import type { Prisma } from "~/generated/prisma/client.ts";

type CertificateRow = Parameters<typeof ensureCertificatePdf>[0];

const certificateFile = (codigo: string) => `certificados/${codigo}.pdf`;

/** The stored PDF's bytes (rendered now if it is missing), or null when it cannot be had. */
async function certificatePdf(row: CertificateRow) {
  try {
    return await readStoredChunks(await ensureCertificatePdf(row));
  } catch (error) {
    log.error(
      { err: error, codigo: row.codigo },
      "No se pudo incluir el PDF de un certificado en una descarga de datos",
    );
    return null;
  }
}

function certificates(userId: string, pdfs: Set<string>) {
  return tableRows({
    field: "emitidoEn",
    where: { userId },
    find: (page) => prisma.certificate.findMany(page),
    item: (r) => ({
      id: r.id,
      codigo: r.codigo,
      cursoId: r.cursoId,
      nombreTitular: r.nombreTitular,
      nombreOriginal: r.nombreOriginal,
      nombreActualizadoEn: r.nombreActualizadoEn,
      curso: r.tituloCurso,
      duracionHoras: r.duracionHoras,
      emitidoEn: r.emitidoEn,
      revocadoEn: r.revocadoEn,
      verificacion: verificationUrl(r.codigo),
      archivo: pdfs.has(r.codigo) ? certificateFile(r.codigo) : null,
    }),
  });
}

export const certificateData: PersonalData = {
  readme: [
    "certificados.json y la carpeta certificados/",
    "  Tus certificados (código, nombre, curso, horas, fecha y enlace de verificación) y el PDF de",
    "  cada uno. Un certificado revocado no tiene PDF.",
  ],
  async *files(userId) {
    // The PDFs, then the list that names them: a certificate whose PDF could not be had says so.
    const pdfs = new Set<string>();
    for await (const batch of keyset("emitidoEn", (last, take) =>
      prisma.certificate.findMany({
        where: { userId, revocadoEn: null, ...after("emitidoEn", last) },
        orderBy: [{ emitidoEn: "asc" }, { id: "asc" }],
        take,
      }),
    )) {
      for (const row of batch) {
        const chunks = await certificatePdf(row);
        if (!chunks) continue;
        pdfs.add(row.codigo);
        yield { name: certificateFile(row.codigo), data: chunks, compressed: true };
      }
    }
    yield { name: "certificados.json", data: json(certificates(userId, pdfs)) };
  },
};

/**
 * Account deletion: certificates outlive the account (userId null), verifiable with the name
 * printed on them, or revoked: no name, no PDF. The name before a rename (never shown) goes either
 * way. Returns the PDFs to delete after the commit and how many were kept or revoked.
 */
export async function eraseCertificates(tx: Prisma.TransactionClient, userId: string, revoke: boolean) {
  const certificates = await tx.certificate.findMany({ where: { userId }, select: { pdfKey: true } });
  if (!revoke) {
    await tx.certificate.updateMany({ where: { userId }, data: { userId: null, nombreOriginal: null } });
    return { files: [], kept: certificates.length, revoked: 0 };
  }
  await tx.certificate.updateMany({
    where: { userId },
    data: {
      userId: null,
      revocadoEn: new Date(),
      nombreTitular: "",
      nombreOriginal: null,
      nombreActualizadoEn: null,
      pdfKey: null,
    },
  });
  return { files: certificates.flatMap((c) => (c.pdfKey ? [c.pdfKey] : [])), kept: 0, revoked: certificates.length };
}

/** Account deletion: how many certificates the person holds (the form asks what becomes of them). */
export function countCertificates(userId: string) {
  return prisma.certificate.count({ where: { userId } });
}
