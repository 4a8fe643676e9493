// 'Importar lista' of a class (docs/product.md#importing-a-list-into-a-class,
// docs/decisions/023-class-import-and-learners-without-email.md): a teacher's list becomes the
// class's learners. One service for the page and POST /api/cursos/{cursoId}/clases/{claseId}/importar,
// built on the admin's importer (users/import: the parser, the fingerprint, the account creation).
// The preview writes nothing; the confirmation checks every row again inside ONE transaction and
// writes the new accounts, their links (e-mailed, or handed back for the printed sheet), the
// enrolments, the class's rows and one audit entry for each, or nothing. 500 rows a statement.
import { auditMany } from "~/features/audit/audit.server.ts";
import { issueNewAccountsTokens } from "~/features/auth/account-token.server.ts";
import { sendWelcomeLinks } from "~/features/auth/recovery.server.ts";
import type { Role } from "~/features/auth/roles.ts";
import { recomputeProgress } from "~/features/enrolment/progress.server.ts";
import { enrolmentDecision } from "~/features/enrolment/rules.ts";
import { isNoEmailAddress, NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { chunks } from "~/lib/chunks.ts";
import {
  createListAccounts,
  fingerprintOf,
  newAccountRefusals,
  type CreatedAccount,
} from "~/features/users/import/import.server.ts";
import type { ListRow } from "~/features/users/import/parse-list.ts";
import { ROW_RUT_TAKEN } from "~/features/users/import/texts.ts";
import { prisma } from "~/lib/db.server.ts";
import { publicUrl } from "~/lib/env.server.ts";
import { fail, ok, type Failure, type Result } from "~/lib/failure.ts";
import type { ClassRow } from "./guards.server.ts";
import {
  ACCESS_LINK_DAYS,
  CLASS_IMPORT_HAS_ERRORS,
  CLASS_IMPORT_NOTHING,
  ROW_ACCOUNT_PENDING,
  ROW_ACCOUNT_SUSPENDED,
  ROW_AUDIENCE,
  ROW_AUDIENCE_NEW,
  ROW_COURSE_DRAFT,
  ROW_EMAIL_RUT_APART,
  ROW_NO_EMAIL_UNKNOWN,
  ROW_SAME_ACCOUNT,
} from "./import-texts.ts";
import { IMPORT_CHANGED } from "~/features/users/import/texts.ts";

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];
type Db = Pick<typeof prisma, "user" | "enrolment" | "classMember" | "course">;

const ACCESS_LINK_TTL_MS = ACCESS_LINK_DAYS * 24 * 60 * 60 * 1000;

export type ClassImportOptions = {
  /** The teacher states that the school collected the consent of the parents of pupils under 14. */
  autorizacionColegio: boolean;
};

export type ClassPreviewRow = {
  linea: number;
  /** nueva: an account is created; inscribir: an existing one joins; miembro: already in the class. */
  estado: "nueva" | "inscribir" | "miembro" | "error";
  /** The row's e-mail; "" when it has none (a new account without e-mail, or one found by its RUT). */
  correo: string;
  /** A new account without e-mail: its sign-in user is made at the confirmation, its link printed. */
  sinCorreo: boolean;
  nombre: string;
  apellido: string;
  rut: string | null;
  fechaNacimiento: string | null;
  motivo: string | null;
};

export type ClassImportPreview = {
  filas: ClassPreviewRow[];
  resumen: { nuevas: number; sinCorreo: number; inscribir: number; miembros: number; errores: number };
  huella: string;
};

/** One access of the printed sheet: only shown once, the link's token is kept as a hash. */
type AccessEntry = { id: string; nombre: string; apellido: string; usuario: string; enlace: string };
export type AccessSheet = { accesos: AccessEntry[]; venceEn: Date };

/** The class's fingerprint: the class, the school's consent, the text. */
export function classListFingerprint(claseId: string, text: string, options: ClassImportOptions): string {
  return fingerprintOf([claseId, options.autorizacionColegio ? 1 : 0], text);
}

type Account = { id: string; correo: string; rut: string | null; rol: string; aprobado: boolean; suspendido: boolean };
const accountSelect = { id: true, correo: true, rut: true, rol: true, aprobado: true, suspendidoEn: true } as const;

/** What the preview found out about each accepted row (the confirmation writes from it). */
type Plan = { preview: ClassImportPreview; accountOf: Map<number, string>; enrolled: Set<string> };

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
 * Each row as the import would treat it. An account is found by its e-mail, else (a row without
 * one) by its RUT; an e-mail and a RUT of different accounts, a RUT of another account, a
 * suspended or pending account, an account the course's audience leaves out and the same account
 * twice are refused; a pupil under 14 needs the school's consent, as in the admin's import. Reads
 * only: the accounts by address and by RUT, their enrolments in the course and their rows in the
 * class, 500 at a time.
 */
async function planImport(
  clase: ClassRow,
  rows: ListRow[],
  text: string,
  options: ClassImportOptions,
  db: Db,
): Promise<Plan> {
  const course = await db.course.findUniqueOrThrow({
    where: { id: clase.cursoId },
    select: { estado: true, dirigidoA: true },
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
  const enrolled = new Set<string>();
  const members = new Set<string>();
  for (const part of chunks(ids)) {
    const [enrolments, memberships] = await Promise.all([
      db.enrolment.findMany({ where: { cursoId: clase.cursoId, userId: { in: part } }, select: { userId: true } }),
      db.classMember.findMany({ where: { claseId: clase.id, userId: { in: part } }, select: { userId: true } }),
    ]);
    for (const e of enrolments) enrolled.add(e.userId);
    for (const m of memberships) members.add(m.userId);
  }

  // A row without e-mail nor a known RUT is, in this class, the learner without e-mail of that
  // very name (the same list imported twice adds nobody twice): one read of the class's rows.
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

  const audienceRefusal = (rol: string | null, fresh = false): string | null => {
    const decision = enrolmentDecision({ id: "", rol: rol as Role | null }, course);
    if (decision.ok) return null;
    if (decision.reason !== "audience") return ROW_COURSE_DRAFT;
    const audience = course.dirigidoA.toLowerCase();
    return fresh ? ROW_AUDIENCE_NEW(audience) : ROW_AUDIENCE(audience);
  };
  const accountOf = new Map<number, string>();
  const firstLineOf = new Map<string, number>();
  const filas = rows.map((row): ClassPreviewRow => {
    const errors = [...row.errors];
    let account: Account | undefined;
    if (errors.length === 0) {
      const withEmail = row.correo ? byEmail.get(row.correo) : undefined;
      const withRut = row.rut ? byRut.get(row.rut) : undefined;
      if (withEmail && withRut && withEmail.id !== withRut.id) errors.push(ROW_EMAIL_RUT_APART);
      else if (row.correo && !withEmail && withRut) errors.push(ROW_RUT_TAKEN);
      else if (row.correo && !withEmail && isNoEmailAddress(row.correo)) errors.push(ROW_NO_EMAIL_UNKNOWN);
      else account = withEmail ?? withRut ?? (row.correo ? undefined : sameName.get(nameKey(row.nombre, row.apellido)));
    }
    if (errors.length === 0 && account) {
      const first = firstLineOf.get(account.id);
      if (first !== undefined) errors.push(ROW_SAME_ACCOUNT(first));
      else firstLineOf.set(account.id, row.line);
      // Already in the class: nothing to do, whatever became of the account since.
      const refusal = members.has(account.id)
        ? null
        : account.suspendido
          ? ROW_ACCOUNT_SUSPENDED
          : !account.aprobado
            ? ROW_ACCOUNT_PENDING
            : audienceRefusal(account.rol);
      if (refusal) errors.push(refusal);
    } else if (errors.length === 0) {
      errors.push(...newAccountRefusals(row, options.autorizacionColegio));
      const refusal = audienceRefusal("estudiante", true);
      if (refusal) errors.push(refusal);
    }
    if (errors.length === 0 && account) accountOf.set(row.line, account.id);
    return {
      linea: row.line,
      estado: errors.length > 0 ? "error" : !account ? "nueva" : members.has(account.id) ? "miembro" : "inscribir",
      correo: row.correo,
      sinCorreo: errors.length === 0 && !account && row.correo === "",
      nombre: row.nombre,
      apellido: row.apellido,
      rut: row.rut,
      fechaNacimiento: row.fechaNacimiento,
      motivo: errors.length > 0 ? errors.join("; ") : null,
    };
  });
  const count = (estado: ClassPreviewRow["estado"]) => filas.filter((f) => f.estado === estado).length;
  const preview = {
    filas,
    resumen: {
      nuevas: count("nueva"),
      sinCorreo: filas.filter((f) => f.sinCorreo).length,
      inscribir: count("inscribir"),
      miembros: count("miembro"),
      errores: count("error"),
    },
    huella: classListFingerprint(clase.id, text, options),
  };
  return { preview, accountOf, enrolled };
}

export async function previewClassImport(
  clase: ClassRow,
  rows: ListRow[],
  text: string,
  options: ClassImportOptions,
): Promise<ClassImportPreview> {
  return (await planImport(clase, rows, text, options, prisma)).preview;
}

/** A name as compared: without case, accents or extra spaces. */
function nameKey(nombre: string, apellido: string): string {
  return `${nombre} ${apellido}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** 'sofia.nunez' of 'Sofía Andrea' 'Núñez Rojas': the first words, in plain lower-case letters. */
function userStem(nombre: string, apellido: string): string {
  const plain = (s: string) =>
    (s.trim().split(/\s+/)[0] ?? "")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 20);
  return [plain(nombre), plain(apellido)].filter(Boolean).join(".") || "estudiante";
}

/**
 * Sign-in users for accounts without e-mail: 'nombre.apellido.1234@sin-correo.invalid', four
 * random digits; one taken (by an account or another row) is drawn again, looked up 500 at a time.
 */
async function newSignInUsers(people: { nombre: string; apellido: string }[], tx: Tx): Promise<string[]> {
  const out: (string | null)[] = people.map(() => null);
  const used = new Set<string>();
  for (let round = 0; out.includes(null); round++) {
    if (round > 20) throw new Error("No se pudo elegir un usuario libre para una cuenta sin correo.");
    const open = out.flatMap((value, i) => (value === null ? [i] : []));
    const drawn = new Map<number, string>();
    for (const i of open) {
      const digits = String(Math.floor(Math.random() * (round < 3 ? 10_000 : 1_000_000))).padStart(4, "0");
      const address = `${userStem(people[i]!.nombre, people[i]!.apellido)}.${digits}@${NO_EMAIL_DOMAIN}`;
      if (!used.has(address)) drawn.set(i, address);
    }
    const taken = new Set<string>();
    for (const part of chunks([...drawn.values()])) {
      const rows = await tx.user.findMany({ where: { correo: { in: part } }, select: { correo: true } });
      for (const r of rows) taken.add(r.correo);
    }
    for (const [i, address] of drawn) {
      if (taken.has(address) || used.has(address)) continue;
      used.add(address);
      out[i] = address;
    }
  }
  return out as string[];
}

const accessLink = (token: string) => `${publicUrl()}/recuperar/${token}`;

/** One "password" link each, voiding none (new accounts, or the caller voided them), for the sheet. */
async function accessSheet(teacher: { id: string }, people: CreatedAccount[], tx: Tx): Promise<AccessSheet> {
  const venceEn = new Date(Date.now() + ACCESS_LINK_TTL_MS);
  const accesos: AccessEntry[] = [];
  for (const part of chunks(people)) {
    const tokens = await issueNewAccountsTokens(
      { userIds: part.map((u) => u.id), purpose: "password", ttlMs: ACCESS_LINK_TTL_MS, createdById: teacher.id },
      tx,
    );
    for (const u of part) {
      accesos.push({
        id: u.id,
        nombre: u.nombre,
        apellido: u.apellido,
        usuario: u.correo,
        enlace: accessLink(tokens.get(u.id)!),
      });
    }
  }
  return { accesos, venceEn };
}

export type ClassImportRefused = Failure<"errors" | "changed" | "nothing"> & { preview: ClassImportPreview };
export type ClassImportDone = {
  creadas: number;
  inscritas: number;
  agregadas: number;
  yaEstaban: number;
  sheet: AccessSheet;
};

/**
 * Writes the import in one transaction: the rows are checked again (an account may have been
 * created, suspended or added meanwhile) and, only if none is refused and the preview's
 * fingerprint matches, the new accounts are created (approved, estudiante: the teacher vouches
 * for them) with their welcome e-mail or, without e-mail, a sign-in user and a link for the
 * sheet; every row not yet enrolled in the course is enrolled (the participant count moves with
 * it) and added to the class; each creation, enrolment and addition is audited.
 */
export async function confirmClassImport(
  teacher: { id: string },
  clase: ClassRow,
  rows: ListRow[],
  text: string,
  options: ClassImportOptions & { huella: string },
  request: Request | null,
): Promise<Result<ClassImportDone, ClassImportRefused>> {
  const outcome = await prisma.$transaction(
    async (tx): Promise<Result<ClassImportDone & { progressOf: string[] }, ClassImportRefused>> => {
      const { preview, accountOf, enrolled } = await planImport(clase, rows, text, options, tx);
      const refuse = (reason: "errors" | "changed" | "nothing", status: number, message: string) => ({
        ...fail(status, message, { reason }),
        preview,
      });
      if (preview.huella !== options.huella) return refuse("changed", 409, IMPORT_CHANGED);
      if (preview.resumen.errores > 0) return refuse("errors", 400, CLASS_IMPORT_HAS_ERRORS(preview.resumen.errores));
      if (preview.resumen.nuevas + preview.resumen.inscribir === 0) return refuse("nothing", 400, CLASS_IMPORT_NOTHING);

      const fresh = preview.filas.filter((f) => f.estado === "nueva");
      const noEmail = fresh.filter((f) => f.sinCorreo);
      const users = await newSignInUsers(noEmail, tx);
      noEmail.forEach((row, i) => (row.correo = users[i]!));
      const created = await createListAccounts(fresh, "estudiante", tx);
      const withEmail = created.filter((u) => !isNoEmailAddress(u.correo));
      for (const part of chunks(withEmail)) await sendWelcomeLinks(teacher, part, tx);
      const sheet = await accessSheet(
        teacher,
        created.filter((u) => isNoEmailAddress(u.correo)),
        tx,
      );

      const existing = preview.filas.filter((f) => f.estado === "inscribir").map((f) => accountOf.get(f.linea)!);
      const toEnrol = [...created.map((u) => u.id), ...existing.filter((id) => !enrolled.has(id))];
      const toAdd = [...created.map((u) => u.id), ...existing];
      for (const part of chunks(toEnrol)) {
        await tx.enrolment.createMany({ data: part.map((userId) => ({ userId, cursoId: clase.cursoId })) });
      }
      if (toEnrol.length > 0) {
        await tx.course.update({
          where: { id: clase.cursoId },
          data: { cantidadParticipantes: { increment: toEnrol.length } },
        });
      }
      for (const part of chunks(toAdd)) {
        await tx.classMember.createMany({
          data: part.map((userId) => ({ claseId: clase.id, cursoId: clase.cursoId, userId, addedById: teacher.id })),
        });
      }
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
      for (const part of chunks(toEnrol)) {
        await auditMany(request, "class.enrol", part.map(entry(`curso ${clase.cursoId}`)), tx);
      }
      for (const part of chunks(toAdd)) {
        await auditMany(request, "class.member-add", part.map(entry(`clase ${clase.id}`)), tx);
      }
      return ok({
        creadas: created.length,
        inscritas: existing.filter((id) => !enrolled.has(id)).length,
        agregadas: toAdd.length,
        yaEstaban: preview.resumen.miembros,
        sheet,
        // Accounts that may have passed quizzes of this course before (an earlier enrolment).
        progressOf: existing.filter((id) => !enrolled.has(id)),
      });
    },
    // A large list is one long transaction: seconds, not Prisma's default 5 s budget.
    { maxWait: 10_000, timeout: 120_000 },
  );
  if (!outcome.ok) return outcome;
  const { progressOf, ...done } = outcome;
  await recomputeEarlierProgress(clase.cursoId, progressOf);
  return ok(done);
}

/**
 * A new enrolment starts from the quizzes already passed (as enrol() does): one indexed read
 * finds who of these has passed one, and only their progress is recomputed.
 */
async function recomputeEarlierProgress(cursoId: string, userIds: string[]) {
  const withAttempts = new Set<string>();
  for (const part of chunks(userIds)) {
    const rows = await prisma.quizAttempt.findMany({
      where: { cursoId, userId: { in: part }, aprobado: true },
      distinct: ["userId"],
      select: { userId: true },
    });
    for (const r of rows) withAttempts.add(r.userId);
  }
  for (const userId of withAttempts) await recomputeProgress(userId, cursoId);
}

/** The class's learners without e-mail who have not chosen a password yet (at most 1 000). */
async function waitingLearners(clase: ClassRow, db: Pick<typeof prisma, "classMember"> = prisma) {
  const rows = await db.classMember.findMany({
    where: {
      claseId: clase.id,
      enrolment: { user: { correo: { endsWith: `@${NO_EMAIL_DOMAIN}` }, passwordHash: "" } },
    },
    select: { enrolment: { select: { user: { select: { id: true, nombre: true, apellido: true, correo: true } } } } },
    orderBy: { createdAt: "asc" },
    take: 1000,
  });
  return rows.map((r) => r.enrolment.user);
}

/** How many of the class's learners without e-mail still wait for their password. */
export async function countWaitingLearners(clase: ClassRow): Promise<number> {
  return prisma.classMember.count({
    where: {
      claseId: clase.id,
      enrolment: { user: { correo: { endsWith: `@${NO_EMAIL_DOMAIN}` }, passwordHash: "" } },
    },
  });
}

/**
 * New links for the class's learners without e-mail who have not chosen a password (a lost or
 * expired sheet): their earlier links are voided, the new ones handed back once for a new sheet;
 * each is audited ('user.password-link'). One transaction.
 */
export async function reissueAccessLinks(
  teacher: { id: string },
  clase: ClassRow,
  request: Request | null,
): Promise<AccessSheet> {
  return prisma.$transaction(
    async (tx) => {
      const people = await waitingLearners(clase, tx);
      for (const part of chunks(people)) {
        await tx.accountToken.deleteMany({ where: { purpose: "password", userId: { in: part.map((u) => u.id) } } });
      }
      const sheet = await accessSheet(teacher, people, tx);
      for (const part of chunks(people)) {
        await auditMany(
          request,
          "user.password-link",
          part.map((u) => ({ actorId: teacher.id, targetType: "user", targetId: u.id, detail: `clase ${clase.id}` })),
          tx,
        );
      }
      return sheet;
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}
