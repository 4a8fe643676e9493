// 'Importar usuarios' (docs/product.md#importar-usuarios): the preview writes nothing; the confirmation checks
// every row again and writes all or nothing in one transaction. Existing accounts are left as they are.
import { createHash } from "node:crypto";
import { auditMany } from "~/features/audit/audit.server.ts";
import { needsGuardian } from "~/features/accounts/age.ts";
import { sendWelcomeLinks } from "~/features/accounts/recovery.server.ts";
import type { SELF_SERVICE_ROLES } from "~/features/accounts/roles.ts";
import { isNoEmailAddress } from "~/features/mail/no-email.ts";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import { userSearchWords } from "../user-words.ts";
import { chunks } from "~/lib/chunks.ts";
import type { ListRow } from "./parse-list.ts";
import type { ImportFieldsSchema, ImportPreviewAnswer } from "./schema.ts";
import type { z } from "zod";
import { IMPORT_CHANGED, IMPORT_HAS_ERRORS, IMPORT_NOTHING_NEW, ROW_UNDER_14 } from "./texts.ts";

type ImportRole = (typeof SELF_SERVICE_ROLES)[number];

/** The role of the new accounts, and whether the school collected the consent for pupils under 14. */
export type ImportOptions = Pick<z.output<typeof ImportFieldsSchema>, "rol" | "autorizacionColegio">;

type PreviewRow = ImportPreviewAnswer["filas"][number];

type Db = Pick<typeof prisma, "user">;
type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** What is confirmed is what was previewed: the SHA-256 of the options (one per line) and the text. */
export function fingerprintOf(options: (string | number)[], text: string): string {
  return (
    createHash("sha256")
      // A form sends its line breaks as CRLF whatever the text had: they count as one.
      .update(`${options.map((o) => `${o}\n`).join("")}${text.replace(/\r\n?/g, "\n")}`)
      .digest("base64url")
  );
}

/** The admin's fingerprint: the role, the school's consent, the text. */
export function listFingerprint(text: string, options: ImportOptions): string {
  return fingerprintOf([options.rol, options.autorizacionColegio ? 1 : 0], text);
}

/** Why a row may not become a new account beyond its own errors: under 14 without the school's consent. */
export function newAccountRefusals(row: Pick<ListRow, "fechaNacimiento">, autorizacionColegio: boolean): string[] {
  return row.fechaNacimiento && needsGuardian(row.fechaNacimiento) && !autorizacionColegio ? [ROW_UNDER_14] : [];
}

type NewAccount = Pick<ListRow, "correo" | "nombre" | "apellido" | "rut" | "fechaNacimiento"> & { usuario?: string };
/** A class import's accounts: the teacher who made them and for which class. */
type MadeBy = { creadoPorId: string; creadoParaClaseId: string };
export type CreatedAccount = { id: string; correo: string; nombre: string; apellido: string };

/** A list's new accounts (the admin's import and a class's), in the caller's transaction, with their search words. */
export async function createListAccounts(
  rows: NewAccount[],
  rol: ImportRole,
  tx: Tx,
  madeBy?: MadeBy,
): Promise<CreatedAccount[]> {
  const now = new Date();
  const created: CreatedAccount[] = [];
  for (const part of chunks(rows)) {
    const batch = await tx.user.createManyAndReturn({
      data: part.map((row) => {
        const child = row.fechaNacimiento !== null && needsGuardian(row.fechaNacimiento, now);
        return {
          correo: row.correo,
          usuario: row.usuario ?? null,
          ...madeBy,
          nombre: row.nombre,
          apellido: row.apellido,
          rut: row.rut,
          fechaNacimiento: row.fechaNacimiento ? new Date(`${row.fechaNacimiento}T12:00:00Z`) : null,
          rol,
          // Vouched for: approved at once; the address is proven by following the e-mailed link (no password yet).
          aprobado: true,
          aprobadoEn: now,
          correoConfirmado: true,
          correoConfirmadoEn: now,
          passwordHash: "",
          ...(child ? { requiereTutor: true, consentimientoEn: now, consentimientoOrigen: "escuela" } : {}),
        };
      }),
      select: { id: true, correo: true, nombre: true, apellido: true },
    });
    created.push(...batch);
  }
  for (const part of chunks(created)) {
    await tx.userWord.createMany({
      data: part.flatMap((u) => userSearchWords(u).map((word) => ({ userId: u.id, word }))),
    });
  }
  return created;
}

/** Each row as the import would treat it ('existe': an address with an account, left as it is). Reads only. */
export async function previewImport(
  rows: ListRow[],
  text: string,
  options: ImportOptions,
  db: Db = prisma,
): Promise<ImportPreviewAnswer> {
  const valid = rows.filter((r) => r.errors.length === 0);
  const existing = new Set<string>();
  for (const part of chunks(valid.map((r) => r.correo))) {
    const found = await db.user.findMany({ where: { correo: { in: part } }, select: { correo: true } });
    for (const u of found) existing.add(u.correo);
  }
  const rutTaken = new Set<string>();
  const ruts = valid.filter((r) => r.rut && !existing.has(r.correo)).map((r) => r.rut!);
  for (const part of chunks(ruts)) {
    const found = await db.user.findMany({ where: { rut: { in: part } }, select: { rut: true } });
    for (const u of found) rutTaken.add(u.rut!);
  }
  const filas = rows.map((row): PreviewRow => {
    const errors = [...row.errors];
    const exists = errors.length === 0 && existing.has(row.correo);
    if (!exists && errors.length === 0) {
      if (row.rut && rutTaken.has(row.rut)) errors.push("el RUT ya pertenece a otra cuenta");
      // A sign-in name of the accounts without e-mail is no mailbox: the welcome mail would go nowhere.
      if (isNoEmailAddress(row.correo)) {
        errors.push("ese correo no existe: es de una cuenta sin correo, que solo crea la lista de una clase");
      }
      errors.push(...newAccountRefusals(row, options.autorizacionColegio));
    }
    return {
      linea: row.line,
      estado: errors.length > 0 ? "error" : exists ? "existe" : "nueva",
      correo: row.correo,
      nombre: row.nombre,
      apellido: row.apellido,
      rut: row.rut,
      fechaNacimiento: row.fechaNacimiento,
      motivo: errors.length > 0 ? errors.join("; ") : null,
    };
  });
  const count = (estado: PreviewRow["estado"]) => filas.filter((f) => f.estado === estado).length;
  return {
    filas,
    resumen: { nuevas: count("nueva"), existentes: count("existe"), errores: count("error") },
    huella: listFingerprint(text, options),
  };
}

export type ImportRefused = Failure<"errors" | "changed" | "nothing"> & { preview: ImportPreviewAnswer };
export type ImportDone = { creadas: number; existentes: number; ids: string[] };

/** The rows are checked again in the writing transaction; `huella` must be the preview's. */
export async function confirmImport(
  admin: { id: string },
  rows: ListRow[],
  text: string,
  options: ImportOptions & { huella: string },
  request: Request | null,
): Promise<Result<ImportDone, ImportRefused>> {
  return prisma.$transaction(
    async (tx): Promise<Result<ImportDone, ImportRefused>> => {
      const preview = await previewImport(rows, text, options, tx);
      const refuse = (reason: "errors" | "changed" | "nothing", status: number, message: string) => ({
        ...fail(status, message, { reason }),
        preview,
      });
      if (preview.huella !== options.huella) return refuse("changed", 409, IMPORT_CHANGED);
      if (preview.resumen.errores > 0) return refuse("errors", 400, IMPORT_HAS_ERRORS(preview.resumen.errores));
      const fresh = preview.filas.filter((f) => f.estado === "nueva");
      if (fresh.length === 0) return refuse("nothing", 400, IMPORT_NOTHING_NEW);

      const created = await createListAccounts(fresh, options.rol, tx);
      for (const part of chunks(created)) await sendWelcomeLinks(admin, part, tx);
      for (const part of chunks(created)) {
        await auditMany(
          request,
          "user.import",
          part.map((u) => ({ actorId: admin.id, targetType: "user", targetId: u.id, detail: options.rol })),
          tx,
        );
      }
      return ok({ creadas: created.length, existentes: preview.resumen.existentes, ids: created.map((u) => u.id) });
    },
    // A large list is one long transaction: seconds, not Prisma's default 5 s budget.
    { maxWait: 10_000, timeout: 120_000 },
  );
}
