// 'Importar lista' of a class (docs/product.md#importing-a-list-into-a-class, decisions 023 and 032):
// the preview writes nothing and says nothing of who has an account; the confirmation checks every
// row again in one transaction and writes everything or nothing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { auditMany } from "~/features/audit/audit.server.ts";
import { sendWelcomeLinks } from "~/features/accounts/recovery.server.ts";
import { proposeUsuarios } from "~/features/accounts/usuario.server.ts";
import type { Role } from "~/features/accounts/roles.ts";
import { classEnrolmentDecision } from "~/features/enrolment/rules.ts";
import { BUDGETS, consumePoints } from "~/features/limits/rate-limits.server.ts";
import { isNoEmailAddress, NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { chunks } from "~/lib/chunks.ts";
import { createListAccounts, fingerprintOf, newAccountRefusals } from "~/features/accounts/import/import.server.ts";
import type { ListRow } from "~/features/accounts/import/parse-list.ts";
import { IMPORT_CHANGED } from "~/features/accounts/import/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import type { ClassRow } from "./guards.server.ts";
import {
  CLASS_IMPORT_HAS_ERRORS,
  CLASS_IMPORT_NOTHING,
  CLASS_IMPORT_TOO_LONG,
  CLASS_IMPORT_TOO_MANY_ROWS,
  ROW_AUDIENCE_NEW,
  ROW_NO_EMAIL_UNKNOWN,
} from "./import-texts.ts";
import { inviteToClass } from "./invitations.server.ts";

type Db = Pick<typeof prisma, "user" | "classMember" | "classInvitation" | "course">;

export type ClassImportOptions = {
  /** The teacher states that the school collected the consent of the parents of pupils under 14. */
  autorizacionColegio: boolean;
};

export type ClassPreviewRow = {
  linea: number;
  /** agregar: a new account, or an invitation of an existing one (never said which); miembro: in the class. */
  estado: "agregar" | "miembro" | "error";
  /** The row's e-mail; "" when it has none. */
  correo: string;
  /** A row to add without e-mail: its usuario is made at the confirmation, its card printed from the class. */
  sinCorreo: boolean;
  nombre: string;
  apellido: string;
  rut: string | null;
  /** The RUT as shown, in every row (refused ones too): '12.345.678-5'. */
  rutFormateado: string | null;
  /** The list's 'Curso' column, if it has one: shown, never checked (docs/decisions/041). */
  curso: string | null;
  fechaNacimiento: string | null;
  motivo: string | null;
};

export type ClassImportPreview = {
  filas: ClassPreviewRow[];
  resumen: { agregar: number; sinCorreo: number; miembros: number; errores: number };
  huella: string;
};

/**
 * The preview's fingerprint (class, consent, text), signed with the server's secret: only a preview
 * hands it out, so a confirmation is no way around the rows' budget (BUDGETS.classImportRowsUser).
 */
export function classListFingerprint(claseId: string, text: string, options: ClassImportOptions): string {
  return createHmac("sha256", env().sessionSecret)
    .update(fingerprintOf(["clase", claseId, options.autorizacionColegio ? 1 : 0], text))
    .digest("base64url");
}

type Account = { id: string; correo: string; rut: string | null; rol: string; aprobado: boolean; suspendido: boolean };
const accountSelect = { id: true, correo: true, rut: true, rol: true, aprobado: true, suspendidoEn: true } as const;

type Course = { estado: string; dirigidoA: string; visibilidad: string };
/** What the preview never shows: the account of each row that has one, and those already invited. */
type Plan = { preview: ClassImportPreview; accountOf: Map<number, Account>; invited: Set<string>; course: Course };

async function accountsBy(db: Db, field: "correo" | "rut", values: string[]): Promise<Map<string, Account>> {
  const found = new Map<string, Account>();
  for (const part of chunks(values)) {
    const rows = await db.user.findMany({ where: { [field]: { in: part } }, select: accountSelect });
    for (const { suspendidoEn, ...u } of rows) {
      const account = { ...u, suspendido: suspendidoEn !== null };
      found.set(field === "correo" ? u.correo : u.rut!, account);
    }
  }
  return found;
}

/**
 * Each row as the import would treat it, in words true whether or not the person has an account:
 * refused only for what the row says or what the course says. A row's account is its e-mail's,
 * else its RUT's, else (without e-mail) this class's learner without e-mail of that name. Reads only.
 */
async function planImport(
  clase: ClassRow,
  rows: ListRow[],
  huella: string,
  options: ClassImportOptions,
  db: Db,
): Promise<Plan> {
  const course = await db.course.findUniqueOrThrow({
    where: { id: clase.cursoId },
    select: { estado: true, dirigidoA: true, visibilidad: true },
  });
  const valid = rows.filter((r) => r.errors.length === 0);
  const byEmail = await accountsBy(
    db,
    "correo",
    valid.filter((r) => r.correo !== "").map((r) => r.correo),
  );
  const byRut = await accountsBy(
    db,
    "rut",
    valid.filter((r) => r.rut).map((r) => r.rut!),
  );
  const ids = [...new Set([...byEmail.values(), ...byRut.values()].map((a) => a.id))];
  const members = new Set<string>();
  const invited = new Set<string>();
  for (const part of chunks(ids)) {
    const [memberships, invitations] = await Promise.all([
      db.classMember.findMany({ where: { claseId: clase.id, userId: { in: part } }, select: { userId: true } }),
      db.classInvitation.findMany({ where: { claseId: clase.id, userId: { in: part } }, select: { userId: true } }),
    ]);
    for (const m of memberships) members.add(m.userId);
    for (const i of invitations) invited.add(i.userId);
  }

  // The same list imported twice adds nobody twice: this class's learners without e-mail, by name.
  const sameName = new Map<string, Account>();
  const named = await db.classMember.findMany({
    where: { claseId: clase.id, enrolment: { user: { correo: { endsWith: `@${NO_EMAIL_DOMAIN}` } } } },
    select: { enrolment: { select: { user: { select: { ...accountSelect, nombre: true, apellido: true } } } } },
  });
  for (const { enrolment } of named) {
    const { nombre, apellido, suspendidoEn, ...u } = enrolment.user;
    sameName.set(nameKey(nombre, apellido), { ...u, suspendido: suspendidoEn !== null });
    members.add(u.id);
  }

  // The rule for a new account (an estudiante), for every row alike: no refusal depends on a role.
  const decision = classEnrolmentDecision({ id: "", rol: "estudiante" }, course);
  const courseRefusal = decision.ok
    ? null
    : decision.reason === "audience"
      ? ROW_AUDIENCE_NEW(course.dirigidoA.toLowerCase())
      : "el curso aún no está publicado: solo su equipo docente puede entrar";
  const accountOf = new Map<number, Account>();
  const filas = rows.map((row): ClassPreviewRow => {
    const errors = [...row.errors];
    let account: Account | undefined;
    if (errors.length === 0) {
      account =
        (row.correo ? byEmail.get(row.correo) : undefined) ??
        (row.rut ? byRut.get(row.rut) : undefined) ??
        (row.correo ? undefined : sameName.get(nameKey(row.nombre, row.apellido)));
    }
    const member = account !== undefined && members.has(account.id);
    if (errors.length === 0 && !member) {
      // A reserved address names a learner without e-mail: only one of this class can be listed.
      if (isNoEmailAddress(row.correo)) errors.push(ROW_NO_EMAIL_UNKNOWN);
      errors.push(...newAccountRefusals(row, options.autorizacionColegio));
      if (courseRefusal) errors.push(courseRefusal);
    }
    if (errors.length === 0 && account && !member) accountOf.set(row.line, account);
    const estado = errors.length > 0 ? "error" : member ? "miembro" : "agregar";
    return {
      linea: row.line,
      estado,
      correo: row.correo,
      sinCorreo: estado === "agregar" && row.correo === "",
      nombre: row.nombre,
      apellido: row.apellido,
      rut: row.rut,
      rutFormateado: row.rutShown,
      curso: row.curso,
      fechaNacimiento: row.fechaNacimiento,
      motivo: errors.length > 0 ? errors.join("; ") : null,
    };
  });
  const count = (estado: ClassPreviewRow["estado"]) => filas.filter((f) => f.estado === estado).length;
  const preview = {
    filas,
    resumen: {
      agregar: count("agregar"),
      sinCorreo: filas.filter((f) => f.sinCorreo).length,
      miembros: count("miembro"),
      errores: count("error"),
    },
    huella,
  };
  return { preview, accountOf, invited, course };
}

/** 'Revisar lista': the rows count against the teacher's hourly budget (429; 400 past all of it), nothing written. */
export async function previewClassImport(
  teacher: { id: string },
  clase: ClassRow,
  rows: ListRow[],
  text: string,
  options: ClassImportOptions,
): Promise<Result<{ preview: ClassImportPreview }>> {
  if (rows.length > BUDGETS.classImportRowsUser.points) {
    return fail(400, CLASS_IMPORT_TOO_LONG(BUDGETS.classImportRowsUser.points));
  }
  const budget = await consumePoints(
    ["classImportRowsUser", teacher.id],
    rows.length,
    CLASS_IMPORT_TOO_MANY_ROWS(BUDGETS.classImportRowsUser.points),
  );
  if (!budget.ok) return budget;
  const huella = classListFingerprint(clase.id, text, options);
  return ok({ preview: (await planImport(clase, rows, huella, options, prisma)).preview });
}

/** A name as compared: without case, accents or extra spaces. */
function nameKey(nombre: string, apellido: string): string {
  return `${nombre} ${apellido}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

export type ClassImportRefused = Failure<"errors" | "changed" | "nothing"> & { preview: ClassImportPreview | null };
export type ClassImportDone = {
  /** The rows added: accounts created, or people invited (never said which). */
  agregadas: number;
  yaEstaban: number;
  /** The new accounts without e-mail: their cards are on the class's 'Tarjetas de acceso'. */
  sinCorreo: number;
};

/**
 * Writes the import once the fingerprint is the preview's (409) and no row is refused: new accounts
 * enrolled and in the class, existing ones invited (unless they cannot take the course or were
 * invited before, not said). Everything is audited.
 */
export async function confirmClassImport(
  teacher: { id: string },
  clase: ClassRow,
  rows: ListRow[],
  text: string,
  options: ClassImportOptions & { huella: string },
  request: Request | null,
): Promise<Result<ClassImportDone, ClassImportRefused>> {
  const huella = classListFingerprint(clase.id, text, options);
  if (!safeEqual(huella, options.huella)) return { ...fail(409, IMPORT_CHANGED, { reason: "changed" }), preview: null };
  return prisma.$transaction(
    async (tx): Promise<Result<ClassImportDone, ClassImportRefused>> => {
      const { preview, accountOf, invited, course } = await planImport(clase, rows, huella, options, tx);
      const refuse = (reason: "errors" | "nothing", message: string) => ({
        ...fail(400, message, { reason }),
        preview,
      });
      if (preview.resumen.errores > 0) return refuse("errors", CLASS_IMPORT_HAS_ERRORS(preview.resumen.errores));
      if (preview.resumen.agregar === 0) return refuse("nothing", CLASS_IMPORT_NOTHING);

      const toAddRows = preview.filas.filter((f) => f.estado === "agregar");
      const fresh = toAddRows.filter((f) => !accountOf.has(f.linea));
      const noEmail = fresh.filter((f) => f.correo === "");
      const usuarios = await proposeUsuarios(noEmail, tx);
      const newRows = fresh.map((f) => {
        if (f.correo !== "") return f;
        const usuario = usuarios[noEmail.indexOf(f)]!;
        return { ...f, usuario, correo: `${usuario}@${NO_EMAIL_DOMAIN}` };
      });
      const created = await createListAccounts(newRows, "estudiante", tx, {
        creadoPorId: teacher.id,
        creadoParaClaseId: clase.id,
      });
      const withEmail = created.filter((u) => !isNoEmailAddress(u.correo));
      for (const part of chunks(withEmail)) await sendWelcomeLinks(teacher, part, tx);

      const newIds = created.map((u) => u.id);
      for (const part of chunks(newIds)) {
        await tx.enrolment.createMany({ data: part.map((userId) => ({ userId, cursoId: clase.cursoId })) });
        await tx.classMember.createMany({
          data: part.map((userId) => ({ claseId: clase.id, cursoId: clase.cursoId, userId, addedById: teacher.id })),
        });
      }
      if (newIds.length > 0) {
        await tx.course.update({
          where: { id: clase.cursoId },
          data: { cantidadParticipantes: { increment: newIds.length } },
        });
      }

      // Existing accounts: invited, once, if they could take the course themselves.
      const toInvite = new Map<string, Account>();
      for (const account of accountOf.values()) {
        if (invited.has(account.id) || account.suspendido || !account.aprobado) continue;
        if (!classEnrolmentDecision({ id: account.id, rol: account.rol as Role }, course).ok) continue;
        toInvite.set(account.id, account);
      }
      await inviteToClass(teacher, clase, [...toInvite.keys()], tx);

      const entry = (detail: string) => (targetId: string) => ({
        actorId: teacher.id,
        targetType: "user",
        targetId,
        detail,
      });
      for (const part of chunks(created)) {
        await auditMany(
          request,
          "user.import",
          part.map((u) => entry(`estudiante; lista de la clase ${clase.id}`)(u.id)),
          tx,
        );
      }
      for (const part of chunks(newIds)) {
        await auditMany(request, "class.enrol", part.map(entry(`curso ${clase.cursoId}`)), tx);
        await auditMany(request, "class.member-add", part.map(entry(`clase ${clase.id}`)), tx);
      }
      for (const part of chunks([...toInvite.keys()])) {
        await auditMany(request, "class.invite", part.map(entry(`clase ${clase.id}`)), tx);
      }
      const sinCorreo = created.length - withEmail.length;
      return ok({ agregadas: toAddRows.length, yaEstaban: preview.resumen.miembros, sinCorreo });
    },
    // A large list is one long transaction: seconds, not Prisma's default 5 s budget.
    { maxWait: 10_000, timeout: 120_000 },
  );
}

function safeEqual(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
