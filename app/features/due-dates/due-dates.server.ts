// A learner's due dates (docs/product.md#due-dates): 'Próximas fechas' and the private calendar feed,
// a handful of statements for 1 or 1 000 courses (tests/courses/due-dates.test.ts counts them).
import crypto from "node:crypto";
import { Prisma } from "~/generated/prisma/client.ts";
import { prisma } from "~/lib/db.server.ts";
import { rowsInOrder } from "~/lib/keyset.ts";
import { publicUrl } from "~/lib/env.server.ts";
import { chunks } from "~/lib/chunks.ts";
import { formatChileDateTime, isOverdue } from "~/lib/chile-time.ts";
import { buildCalendar, type CalendarEvent } from "./ics.ts";
import { CALENDAR_NAME, UPCOMING_DAYS } from "./texts.ts";

const DAY = 24 * 60 * 60 * 1000;
/** The most dates a panel lists and a feed holds. */
const UPCOMING_CAP = 20;
const FEED_CAP = 500;
/** How far back a feed keeps due dates (a calendar shows the recent past too). */
const FEED_PAST_DAYS = 60;

export type DueItem = {
  /** The module's; a tarea's module, null for one at the course's top. */
  moduloId: string | null;
  /** A tarea's due date (docs/product.md#setting-a-tarea); null for a module's. */
  tareaId: string | null;
  cursoId: string;
  curso: string;
  /** The module's title, or the tarea's. */
  modulo: string;
  /** 1-based, as the course page's ?modulo= and #modulo-N; null for a tarea. */
  numero: number | null;
  fechaLimite: Date;
  fechaTexto: string;
  tieneQuiz: boolean;
  aprobado: boolean;
  atrasado: boolean;
  href: string;
};

/** Courses per statement: well under SQLite's 999 bound parameters. */
const COURSE_BATCH = 500;

/**
 * Due dates of another kind in the learner's courses (a tarea's, read by the assignments feature
 * above this one): the same range and cap, earliest first. The routes pass it in.
 */
export type MoreDueDates = (
  userId: string,
  range: { from: Date; to: Date; cap: number; keepOverdue: boolean },
  now: Date,
) => Promise<DueItem[]>;

const byDate = (a: DueItem, b: DueItem) =>
  a.fechaLimite.getTime() - b.fechaLimite.getTime() || (a.modulo < b.modulo ? -1 : a.modulo > b.modulo ? 1 : 0);

/**
 * The learner's due dates in [from, to], earliest first, at most `cap`. With `keepOverdue`, also
 * every earlier one still 'Atrasado' (a quiz the learner has not passed): it stays until passed.
 */
async function dueDatesBetween(
  userId: string,
  from: Date,
  to: Date,
  cap: number,
  now: Date,
  keepOverdue = false,
  more?: MoreDueDates,
): Promise<DueItem[]> {
  const [modules, others] = await Promise.all([
    moduleDueDates(userId, from, to, cap, now, keepOverdue),
    more ? more(userId, { from, to, cap, keepOverdue }, now) : [],
  ]);
  return others.length === 0 ? modules : [...modules, ...others].sort(byDate).slice(0, cap);
}

async function moduleDueDates(
  userId: string,
  from: Date,
  to: Date,
  cap: number,
  now: Date,
  keepOverdue: boolean,
): Promise<DueItem[]> {
  // One statement driven by the learner's enrolments (CROSS JOIN keeps SQLite's join order: its
  // planner, without statistics, would otherwise walk every published course): per course, its
  // (cursoId, fechaLimite) range in the engine; only the modules found are looked up further.
  // Before `from`, with keepOverdue, only a quiz module the learner has not passed.
  const overdue = keepOverdue
    ? Prisma.sql`OR (EXISTS (SELECT 1 FROM "QuizQuestion" q WHERE q."moduloId" = m."id")
        AND NOT EXISTS (SELECT 1 FROM "QuizAttempt" t WHERE t."userId" = ${userId} AND t."moduloId" = m."id"
          AND t."aprobado"))`
    : Prisma.empty;
  const found = await prisma.$queryRaw<Array<{ id: string }>>`SELECT m."id" FROM "Enrolment" e
    CROSS JOIN "Module" m CROSS JOIN "Course" c
    WHERE e."userId" = ${userId} AND m."cursoId" = e."cursoId" AND c."id" = m."cursoId"
      AND m."fechaLimite" <= ${to} AND (m."fechaLimite" >= ${from} ${overdue})
      -- A course taken back to a draft is out of sight for learners: so are its dates.
      AND c."estado" = 'publicado'
    ORDER BY m."fechaLimite", m."id" LIMIT ${cap}`;
  const modules = await rowsInOrder(
    found.map((r) => r.id),
    (ids) =>
      prisma.module.findMany({
        where: { id: { in: ids } },
        select: {
          id: true,
          cursoId: true,
          titulo: true,
          posicion: true,
          fechaLimite: true,
          curso: { select: { titulo: true } },
        },
      }),
  );
  if (modules.length === 0) return [];
  const ids = modules.map((m) => m.id);
  const [withQuiz, pairs, number] = await Promise.all([
    prisma.quizQuestion.groupBy({ by: ["moduloId"], where: { moduloId: { in: ids } } }),
    prisma.quizPairTally.findMany({
      where: { userId, moduloId: { in: ids }, aprobados: { gt: 0 } },
      select: { moduloId: true },
    }),
    moduleNumbers(modules.map((m) => m.cursoId)),
  ]);
  const quiz = new Set(withQuiz.map((q) => q.moduloId));
  const passed = new Set(pairs.map((p) => p.moduloId));
  return modules.map((m) => {
    const fechaLimite = m.fechaLimite!;
    const numero = number.get(m.id) ?? m.posicion + 1;
    const tieneQuiz = quiz.has(m.id);
    const aprobado = passed.has(m.id);
    return {
      moduloId: m.id,
      tareaId: null,
      cursoId: m.cursoId,
      curso: m.curso.titulo,
      modulo: m.titulo || `Módulo ${numero}`,
      numero,
      fechaLimite,
      fechaTexto: formatChileDateTime(fechaLimite),
      tieneQuiz,
      aprobado,
      atrasado: isOverdue({ fechaLimite, tieneQuiz, aprobado }, now),
      href: `/cursos/${m.cursoId}?modulo=${numero}#modulo-${numero}`,
    };
  });
}

/** Each module's number on its course page (1-based, in posicion order): one range per course. */
export async function moduleNumbers(courseIds: readonly string[]): Promise<Map<string, number>> {
  const numbers = new Map<string, number>();
  if (courseIds.length === 0) return numbers;
  const rows = (
    await Promise.all(
      chunks([...new Set(courseIds)], COURSE_BATCH).map((cursoIds) =>
        prisma.module.findMany({
          where: { cursoId: { in: cursoIds } },
          orderBy: [{ cursoId: "asc" }, { posicion: "asc" }, { createdAt: "asc" }],
          select: { id: true, cursoId: true },
        }),
      ),
    )
  ).flat();
  const seen = new Map<string, number>();
  for (const r of rows) {
    const n = (seen.get(r.cursoId) ?? 0) + 1;
    seen.set(r.cursoId, n);
    numbers.set(r.id, n);
  }
  return numbers;
}

/** 'Próximas fechas': what is due in the next 14 days, after what is overdue and not passed yet. */
export function upcomingDueDates(userId: string, now = new Date(), more?: MoreDueDates): Promise<DueItem[]> {
  return dueDatesBetween(userId, now, new Date(now.getTime() + UPCOMING_DAYS * DAY), UPCOMING_CAP, now, true, more);
}

// The private calendar feed: /calendario/{token}.ics

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's address for a token. */
export const calendarUrl = (token: string) => `${publicUrl()}/calendario/${token}.ics`;

/**
 * A new secret address for the learner's feed ('Crear mi enlace', 'Generar otro enlace'): the
 * token is returned once and only its hash is stored, replacing the previous one, whose address
 * stops working at once.
 */
export async function renewCalendarToken(userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hash(token);
  await prisma.calendarFeed.upsert({
    where: { userId },
    create: { userId, tokenHash },
    update: { tokenHash, createdAt: new Date() },
  });
  return token;
}

/** When the learner's current feed address was made, or null when there is none. */
export async function calendarFeedSince(userId: string): Promise<Date | null> {
  const row = await prisma.calendarFeed.findUnique({ where: { userId }, select: { createdAt: true } });
  return row?.createdAt ?? null;
}

/** The feed of a token, or null for an unknown one (the route answers a bare 404). */
export async function calendarFeed(token: string, now = new Date(), more?: MoreDueDates): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const feed = await prisma.calendarFeed.findUnique({
    where: { tokenHash: hash(token) },
    select: { userId: true, user: { select: { aprobado: true } } },
  });
  // A suspended account's feed is empty of dates rather than a tell-tale error.
  if (!feed) return null;
  const items = feed.user.aprobado
    ? await dueDatesBetween(
        feed.userId,
        new Date(now.getTime() - FEED_PAST_DAYS * DAY),
        new Date(now.getTime() + 365 * DAY),
        FEED_CAP,
        now,
        false,
        more,
      )
    : [];
  const base = publicUrl();
  const host = new URL(base).hostname;
  const events: CalendarEvent[] = items.map((i) => ({
    uid: i.tareaId ? `tarea-${i.tareaId}@${host}` : `fecha-limite-${i.moduloId}@${host}`,
    due: i.fechaLimite,
    summary: `${i.curso}: ${i.tareaId ? "Tarea: " : ""}${i.modulo}`,
    description: `Fecha límite (hora de Chile): ${i.fechaTexto}.`,
    url: `${base}${i.href}`,
  }));
  return buildCalendar(events, { name: CALENDAR_NAME, now });
}
