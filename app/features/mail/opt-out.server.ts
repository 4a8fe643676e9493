// Objection (Ley 21.719): e-mails not strictly needed for the account go only to people who keep
// User.avisosCorreo on, each with a link (and RFC 8058 one-click headers) that turns them off
// without signing in: the user's id, and for a notification's e-mail its kind, signed with an HMAC
// under SESSION_SECRET, so there is nothing to store and nobody can forge another's.
import crypto from "node:crypto";
import { prisma } from "~/lib/db.server.ts";
import { env, publicUrl } from "~/lib/env.server.ts";
import type { MailKind } from "./outbox.server.ts";

/** The kinds a person may turn off. Everything else (approval, links, security notices) is needed. */
const OPTIONAL_KINDS: ReadonlySet<string> = new Set<MailKind>(["message.notice", "registration.notice"]);

/** Whether a mail of this kind is optional: it goes only to people who keep notices on, with a way out. */
export function isOptionalMail(kind: string): boolean {
  return OPTIONAL_KINDS.has(kind) || noticeKindOfMail(kind) !== null;
}

/** The notification kind whose e-mail this mail kind is (a new message's is message.notice); else null. */
function noticeKindOfMail(kind: string): string | null {
  if (kind === "message.notice") return "mensaje";
  // A module's reminder before it became a notification (decision 027): one still in an outbox
  // when the server was updated keeps its way out, as the reminder kind's.
  if (kind === "due.reminder") return "recordatorio";
  const match = /^notice\.([a-z][a-z-]{0,23})$/.exec(kind);
  return match ? match[1]! : null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A notification kind's name in a link: lower case, words joined by hyphens (entrega-devuelta). */
const KIND = /^[a-z][a-z-]{0,23}$/;

/** The HMAC of a link: for all optional notices (no kind), or for one notification kind. */
function signature(userId: string, kind: string | null = null) {
  return crypto
    .createHmac("sha256", env().sessionSecret)
    .update(kind === null ? `avisos-correo:${userId}` : `avisos-correo:${userId}:${kind}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * The path of a user's opt-out link: /avisos/baja/{id}.{firma} turns off every optional notice,
 * /avisos/baja/{id}.{tipo}.{firma} one notification kind's e-mails.
 */
export const optOutPath = (userId: string, kind: string | null = null) =>
  `/avisos/baja/${userId}.${kind === null ? "" : `${kind}.`}${signature(userId, kind)}`;
const optOutUrl = (userId: string, kind: string | null = null) => `${publicUrl()}${optOutPath(userId, kind)}`;

/** Whom and what an opt-out token names (kind null: every optional notice), when its signature is ours; else null. */
export function optOutOf(token: unknown): { userId: string; kind: string | null } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 2 && parts.length !== 3) return null;
  const userId = parts[0]!;
  const kind = parts.length === 3 ? parts[1]! : null;
  if (!ID.test(userId) || (kind !== null && !KIND.test(kind))) return null;
  const given = Buffer.from(parts.at(-1)!);
  const expected = Buffer.from(signature(userId, kind));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { userId, kind } : null;
}

/** The user an opt-out link for every optional notice names, when its signature is ours; else null. */
export function userOfOptOut(token: unknown): string | null {
  const named = optOutOf(token);
  return named && named.kind === null ? named.userId : null;
}

/** The lines an optional notice ends with: how to stop them. */
export function optOutFooter(userId: string): string {
  return (
    `\n\n—\nSi no quieres recibir estos avisos por correo, desactívalos aquí: ${optOutUrl(userId)}\n` +
    "(también puedes hacerlo en tu perfil; los mensajes siguen llegando a tu bandeja en la academia)."
  );
}

/**
 * The lines a notification's e-mail or the daily digest (`kind` DIGEST_LINK_KIND) ends with: a link
 * that stops that, and one that stops every optional notice.
 */
function kindFooter(userId: string, kind: string, what: string): string {
  return (
    `\n\n—\nSi no quieres recibir ${what}, desactívalo aquí: ${optOutUrl(userId, kind)}\n` +
    `Para no recibir ningún aviso opcional por correo: ${optOutUrl(userId)}\n` +
    "(también puedes elegirlo en tu perfil, en «Notificaciones»; las notificaciones siguen en la academia)."
  );
}

export const noticeFooter = (userId: string, kind: string, label: string) =>
  kindFooter(userId, kind, `por correo «${label}»`);
export const digestFooter = (userId: string, kind: string) => kindFooter(userId, kind, "este resumen por correo");

/**
 * RFC 8058 headers for an optional mail of `mailKind` to `userId`: a notification's name the link
 * for its kind, other optional notices the link for all of them.
 */
export function optOutHeaders(userId: string, mailKind: string | null = null): Record<string, string> {
  const url = optOutUrl(userId, mailKind === null ? null : noticeKindOfMail(mailKind));
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Turns a person's optional notices on or off; false when the account does not exist. */
export async function setEmailNotices(userId: string, on: boolean): Promise<boolean> {
  const { count } = await prisma.user.updateMany({ where: { id: userId }, data: { avisosCorreo: on } });
  return count === 1;
}
