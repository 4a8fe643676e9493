// A class's invitation link and its QR code (decision 041): the link is the class code itself, so
// 'Generar otro código' revokes both and there is no second secret; a lookup spends the wrong codes' budget.
import QRCode from "qrcode";
import type { Viewer } from "~/features/courses/rules.ts";
import { release, reserve, type Bucket } from "~/features/limits/rate-limits.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { publicUrl } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import { normaliseClassCode } from "./codes.ts";
import { JOIN_LINK_UNKNOWN, JOIN_TOO_MANY } from "./texts.ts";

/** The link's path for a stored code. */
const joinLinkPath = (codigo: string) => `/clases/unirse/${codigo}`;

/** The link as the teacher shares it, and its QR code as an SVG data URL (drawn here, no script in the page). */
export async function joinLink(codigo: string): Promise<{ url: string; qr: string }> {
  const url = `${publicUrl()}${joinLinkPath(codigo)}`;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type LinkedClass = {
  clase: { id: string; nombre: string };
  curso: { id: string; titulo: string };
  /** Already in the class: the page says so instead of offering the button. */
  miembro: boolean;
};

/** The class of a link, for its page: 404 for a code no class has (now); a miss counts like a wrong typed code. */
export async function classOfLink(user: NonNullable<Viewer>, token: string): Promise<Result<LinkedClass>> {
  const codigo = normaliseClassCode(token);
  if (!codigo) return fail(404, JOIN_LINK_UNKNOWN);
  const bucket: Bucket[] = [["classCodeUser", user.id]];
  const gate = await reserve(bucket, JOIN_TOO_MANY);
  if (!gate.ok) return gate;
  const row = await prisma.courseClass.findUnique({
    where: { codigo },
    select: { id: true, nombre: true, curso: { select: { id: true, titulo: true } } },
  });
  if (!row) return fail(404, JOIN_LINK_UNKNOWN);
  await release(bucket);
  const member = await prisma.classMember.findUnique({
    where: { claseId_userId: { claseId: row.id, userId: user.id } },
    select: { userId: true },
  });
  return ok({ clase: { id: row.id, nombre: row.nombre }, curso: row.curso, miembro: member !== null });
}
