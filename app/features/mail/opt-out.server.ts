// Objection (Ley 21.719): the e-mails that are not strictly needed for the account — notices of a
// new message, the admins' notice of waiting registrations — go only to people who keep
// User.avisosCorreo on, and each carries a link that turns them off without signing in, also as
// RFC 8058 one-click headers (List-Unsubscribe, List-Unsubscribe-Post). The link is the user's id
// and an HMAC of it under SESSION_SECRET: nothing to store, and nobody can forge another's.
import crypto from "node:crypto";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import type { MailKind } from "./outbox.server.ts";

/** The kinds a person may turn off. Everything else (approval, links, security notices) is needed. */
export const OPTIONAL_KINDS: ReadonlySet<string> = new Set<MailKind>([
  "message.notice",
  "registration.notice",
  "due.reminder",
]);

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function signature(userId: string) {
  return crypto
    .createHmac("sha256", env().sessionSecret)
    .update(`avisos-correo:${userId}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The path of a user's opt-out link (/avisos/baja/{id}.{firma}). */
export const optOutPath = (userId: string) => `/avisos/baja/${userId}.${signature(userId)}`;
const optOutUrl = (userId: string) => `${publicUrl()}${optOutPath(userId)}`;

/** The user an opt-out token names, when its signature is ours; else null. */
export function userOfOptOut(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  if (dot <= 0 || !ID.test(userId)) return null;
  const expected = Buffer.from(signature(userId));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

/** The lines an optional notice ends with: how to stop them. */
export function optOutFooter(userId: string): string {
  return (
    `\n\n—\nSi no quieres recibir estos avisos por correo, desactívalos aquí: ${optOutUrl(userId)}\n` +
    "(también puedes hacerlo en tu perfil; los mensajes siguen llegando a tu bandeja en la academia)."
  );
}

/** RFC 8058 headers for an optional notice to `userId`. */
export function optOutHeaders(userId: string): Record<string, string> {
  return { "List-Unsubscribe": `<${optOutUrl(userId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Turns a person's optional notices on or off; false when the account does not exist. */
export async function setEmailNotices(userId: string, on: boolean): Promise<boolean> {
  const { count } = await prisma.user.updateMany({ where: { id: userId }, data: { avisosCorreo: on } });
  return count === 1;
}
