// The links the e2e server mailed, read from its outbox (no SMTP there: every mail waits in it) in
// the database scripts/e2e-server.ts serves for this port. The specs whose subject is the mailed
// link start from here; e2e/accounts.spec.ts reads its link through the admin's outbox screen
// (`emailConfirmationLink`), so that screen stays proven.
import { e2eDb } from "./e2e-db.ts";

/**
 * The path of the newest link mailed to `correo` that starts with `linkPath` and ends in a token
 * like `token` (a 256-bit token by default; an opt-out link is `{id}.{firma}`).
 */
export async function mailedLink(correo: string, linkPath = "/confirmar-correo/", token = "[A-Za-z0-9_-]{43}") {
  const pattern = new RegExp(`https?://\\S+${linkPath}${token}`);
  const mails = await e2eDb().outboxMail.findMany({
    where: { to: { in: [correo, correo.toLowerCase()] } },
    orderBy: { createdAt: "desc" },
    select: { text: true },
  });
  const link = mails.map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean);
  if (!link) throw new Error(`no hay un enlace ${linkPath} en los correos a ${correo}`);
  return new URL(link).pathname;
}
