// The links the e2e server mailed, read from its outbox (no SMTP there: every mail waits in it) in
// the database scripts/e2e-server.ts serves for this port. The specs whose subject is the mailed
// link start from here; e2e/accounts.spec.ts reads its link through the admin's outbox screen
// (`emailConfirmationLink`), so that screen stays proven.
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- test fixture rows, as tests/ reads them
import { createPrismaClient } from "../app/lib/db.server.ts";

const dir = path.resolve(
  import.meta.dirname,
  "..",
  ".tmp",
  process.env.E2E_DIR_NAME ?? `e2e-${process.env.E2E_PORT ?? "3310"}`,
);

let client: ReturnType<typeof createPrismaClient> | undefined;

/**
 * The path of the newest link mailed to `correo` that starts with `linkPath` and ends in a token
 * like `token` (a 256-bit token by default; an opt-out link is `{id}.{firma}`).
 */
export async function mailedLink(correo: string, linkPath = "/confirmar-correo/", token = "[A-Za-z0-9_-]{43}") {
  client ??= createPrismaClient(`file:${path.join(dir, "e2e.db")}`);
  const pattern = new RegExp(`https?://\\S+${linkPath}${token}`);
  const mails = await client.outboxMail.findMany({
    where: { to: { in: [correo, correo.toLowerCase()] } },
    orderBy: { createdAt: "desc" },
    select: { text: true },
  });
  const link = mails.map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean);
  if (!link) throw new Error(`no hay un enlace ${linkPath} en los correos a ${correo}`);
  return new URL(link).pathname;
}
