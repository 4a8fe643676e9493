// Notifications at scale for `npm run bench:scale` (docs/product.md#notifications, decisions 025
// and 026): what an announcement to a 5 000-learner course and the daily digest for
// 100 000 people cost, measured on the same servers as the pages.
//
// Rows, once per database (a course with a fixed id marks it done, as teaching.ts does):
// - every account gets a read notification ('aviso', weeks ago) and an unread one ('respuesta',
//   days ago), so every page's header count and /notificaciones read real rows;
// - "Alfabetización digital para todas las edades" (BENCH_NOTICE_COURSE_ID), published: on the
//   large database 5 000 approved learners enrolled (their real-looking addresses), on the demo
//   one its few approved learners.
// Then, with both servers up (benchNotifications):
// a. the announcement: POST /api/cursos/{id}/avisos as the demo admin (Bearer token), the call's
//    wall time, and the Notification and OutboxMail rows it wrote checked against the learners
//    and the learners who get the kind by e-mail at once;
// b. two of the large side's pages (p50/p99) as its server is, then with the server started again
//    with SMTP_URL on a counting SMTP server here (a sender pass every MAIL_SEND_INTERVAL_S = 0.2 s)
//    while those mails go out, and how many went out meanwhile;
// c. the digest: one pending row ('pregunta', two days ago) for every account, the server started
//    again (its start runs sendDigests), timed until no pending row is left; the run's own time
//    from its log line ('[resumen diario] … en N ms', app/jobs.server.ts), and the outbox checked:
//    one 'notice.resumen' mail per person with e-mail on. Per person: the row that must stay flat,
//    large ÷ demo, and within the large pass its last fifth ÷ its first (from its batches' times).
// The rows of a run are removed by the next (its announcement's and digest's notifications and
// mails), so reusing the databases does not pile them up. SQLite through node:sqlite on the file,
// PostgreSQL through pg on the copied database.
import type { DatabaseSync } from "node:sqlite";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { NO_EMAIL_DOMAIN } from "../../app/features/mail/no-email.ts";

/** The announcement's course (cuid-shaped, the same id on both sides). */
export const BENCH_NOTICE_COURSE_ID = "cbe0a50000000000000005000";
const COURSE_TITLE = "Alfabetización digital para todas las edades";
const LEARNERS = 5000;
/** The digest's pending rows (one per account): removed by the next run by this title. */
const DIGEST_TITLE = "Nueva pregunta en Alfabetización digital para todas las edades";
const cuid = `('c' || lower(hex(randomblob(12))))`;

export type NoticeRows = { notifications: number; learners: number };

/** The statements that remove a run's own rows (its announcement's and its digest's). */
const earlierRuns: Array<[string, ...string[]]> = [
  [`DELETE FROM "Notification" WHERE "link" = ?`, `/cursos/${BENCH_NOTICE_COURSE_ID}/avisos`],
  [`DELETE FROM "Notification" WHERE "kind" = 'pregunta' AND "title" = ?`, DIGEST_TITLE],
  [`DELETE FROM "OutboxMail" WHERE "kind" = 'notice.aviso' AND "subject" LIKE ?`, `%(${COURSE_TITLE})`],
  // Only this bench writes digests on these databases (no server runs there with rows pending).
  [`DELETE FROM "OutboxMail" WHERE "kind" = 'notice.resumen'`],
];

/** The rows every run needs, added once per SQLite file (before a PostgreSQL copy: it copies them). */
export function addNotificationsToFile(file: string): NoticeRows {
  const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite");
  const db = new Database(file);
  try {
    db.exec("PRAGMA foreign_keys = ON");
    const count = (sql: string, ...params: string[]) => Number((db.prepare(sql).get(...params) as { n: number }).n);
    db.exec("BEGIN");
    if (count(`SELECT count(*) AS n FROM "Course" WHERE id = ?`, BENCH_NOTICE_COURSE_ID) === 0) addRows(db);
    // The last run's rows go here, before a PostgreSQL copy: deleting 100 000 outbox rows in one
    // statement there updates the same two Tally rows 200 000 times in one transaction (minutes).
    for (const [sql, ...params] of earlierRuns) db.prepare(sql).run(...params);
    db.exec("COMMIT");
    return {
      notifications: count(`SELECT count(*) AS n FROM "Notification"`),
      learners: count(`SELECT count(*) AS n FROM "Enrolment" WHERE cursoId = ?`, BENCH_NOTICE_COURSE_ID),
    };
  } finally {
    db.close();
  }
}

function addRows(db: DatabaseSync) {
  const now = Math.floor(Date.now() / 1000);
  const ago = (secondsAgo: string) =>
    `(strftime('%Y-%m-%dT%H:%M:%f', ${now} - (${secondsAgo}), 'unixepoch') || '+00:00')`;
  const run = (sql: string, ...params: string[]) => db.prepare(sql).run(...params);
  // Every account: a read announcement from three to five weeks ago, an unread answer from the last days.
  run(`INSERT INTO "Notification" (id, userId, kind, title, text, link, createdAt, readAt, digestPending)
       SELECT ${cuid}, id, 'aviso', 'Bienvenida al semestre (Curso de introducción)',
         'Revisa el calendario del curso y preséntate en el foro de la primera unidad.', '/notificaciones',
         ${ago("86400 * 21 + (rowid % (86400 * 14))")}, ${ago("86400 * 20 + (rowid % (86400 * 14))")}, FALSE
       FROM "User"`);
  run(`INSERT INTO "Notification" (id, userId, kind, title, text, link, createdAt, readAt, digestPending)
       SELECT ${cuid}, id, 'respuesta', 'Respondieron tu pregunta',
         'Tu pregunta sobre la evaluación del módulo 2 tiene una respuesta del equipo docente.', '/notificaciones',
         ${ago("86400 + (rowid % (86400 * 3))")}, NULL, FALSE
       FROM "User"`);
  const title = COURSE_TITLE;
  const search = title.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  run(
    `INSERT INTO "Course" (id, titulo, tituloBusqueda, bienvenida, dirigidoA, estado, publicadoEn, herramientas,
       loAprenderan, createdAt, updatedAt)
     VALUES (?, ?, ?, 'Te damos la bienvenida: el curso avanza al ritmo de cada grupo.', 'general', 'publicado',
       ${ago("86400 * 60")}, '[]', '[]', ${ago("86400 * 61")}, ${ago("86400 * 60")})`,
    BENCH_NOTICE_COURSE_ID,
    title,
    search,
  );
  // Approved learners with a mailbox, up to 5 000: the large database has them, the demo one its
  // few (not the bench.clase.* pupils of teaching.ts's class).
  run(`INSERT INTO "Enrolment" (id, userId, cursoId, progreso, registradoEn)
       SELECT ${cuid}, id, '${BENCH_NOTICE_COURSE_ID}', 0, ${ago("86400 * 50 + (rowid % 86400)")} FROM "User"
       WHERE rol = 'estudiante' AND aprobado = 1 AND correo NOT LIKE 'bench.clase.%'
         AND correo NOT LIKE '%@${NO_EMAIL_DOMAIN}'
       ORDER BY id LIMIT ${LEARNERS}`);
  run(
    `UPDATE "Course" SET cantidadParticipantes = (SELECT count(*) FROM "Enrolment" WHERE cursoId = ?) WHERE id = ?`,
    BENCH_NOTICE_COURSE_ID,
    BENCH_NOTICE_COURSE_ID,
  );
}

// ---------------------------------------------------------------------------------------------
// The measurements, on a running pair of servers

/** One database, either engine: `?` placeholders (numbered for PostgreSQL). */
type Db = {
  pg: boolean;
  one(sql: string, ...params: unknown[]): Promise<Record<string, unknown>>;
  all(sql: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>>;
  run(sql: string, ...params: unknown[]): Promise<void>;
  close(): Promise<void>;
};

async function openDb(dbFile: string, pgUrl: string | undefined): Promise<Db> {
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const numbered = (sql: string) => {
      let i = 0;
      return sql.replace(/\?/g, () => `$${++i}`);
    };
    return {
      pg: true,
      one: async (sql, ...params) => (await client.query(numbered(sql), params)).rows[0] ?? {},
      all: async (sql, ...params) => (await client.query(numbered(sql), params)).rows,
      run: async (sql, ...params) => void (await client.query(numbered(sql), params)),
      close: () => client.end(),
    };
  }
  const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite");
  const db = new Database(dbFile);
  db.exec("PRAGMA busy_timeout = 30000");
  type P = Array<string | number | null>;
  return {
    pg: false,
    one: async (sql, ...params) => (db.prepare(sql).get(...(params as P)) as Record<string, unknown>) ?? {},
    all: async (sql, ...params) => db.prepare(sql).all(...(params as P)) as Array<Record<string, unknown>>,
    run: async (sql, ...params) => void db.prepare(sql).run(...(params as P)),
    close: async () => db.close(),
  };
}

export type Side = { name: "demo" | "grande"; base: string; dbFile: string };
export type Hooks = {
  demo: Side;
  large: Side;
  pgUrl(at: Side): string | undefined;
  /** Starts a side's server again (its env added); `onLine` sees each line it prints. */
  restart(at: Side, env: Record<string, string>, onLine?: (line: string) => void): Promise<void>;
  stop(at: Side): Promise<void>;
  adminToken(base: string): Promise<string>;
  studentCookie(base: string): Promise<string>;
  /** The page measurement: warm-up, then concurrent requests for `ms`; p50/p99 and errors. */
  measure(base: string, path: string, headers: Record<string, string>, ms: number): Promise<PageStats>;
};
export type PageStats = { p50: number; p99: number; n: number; errors: string };

export type AnnouncementRun = { ms: number; learners: number; notified: number; mailed: number; expectedMails: number };
export type DrainRun = {
  /** The announcement's mails waiting, and how many went out in `sentMs` while the pages were measured. */
  mails: number;
  sent: number;
  sentMs: number;
  pages: Array<{ path: string; busy: PageStats; idle: PageStats; sentDuring: number }>;
};
export type DigestRun = {
  people: number;
  mailed: number;
  expected: number;
  /** From the server's spawn until no pending row was left. */
  wallMs: number;
  /** The run's own time, from its log line (null when it printed none). */
  runMs: number | null;
  /**
   * Per person, from the time between its batches' mails (each batch's share one createdAt):
   * the first fifth of the pass and the last; null for a pass of fewer than ten batches.
   */
  firstFifth: number | null;
  lastFifth: number | null;
};
export type NoticeResults = {
  announcement: Record<Side["name"], AnnouncementRun>;
  drain: DrainRun;
  digest: Record<Side["name"], DigestRun>;
};

/** Notifications and mails of earlier runs (this bench's own rows only). */
async function removeEarlierRuns(db: Db) {
  for (const [sql, ...params] of earlierRuns) await db.run(sql, ...params);
}

const num = (row: Record<string, unknown>) => Number(row.n);

/** a. The announcement on one side: the call's time and the rows it wrote. */
async function announce(hooks: Hooks, at: Side): Promise<AnnouncementRun> {
  const db = await openDb(at.dbFile, hooks.pgUrl(at));
  try {
    await removeEarlierRuns(db);
    const learners = num(
      await db.one(`SELECT count(*) AS n FROM "Enrolment" WHERE "cursoId" = ?`, BENCH_NOTICE_COURSE_ID),
    );
    // Who gets it by e-mail at once: optional notices on, no other choice for 'aviso', a mailbox.
    const expectedMails = num(
      await db.one(
        `SELECT count(*) AS n FROM "Enrolment" e JOIN "User" u ON u."id" = e."userId"
         WHERE e."cursoId" = ? AND u."avisosCorreo" = TRUE AND u."correo" NOT LIKE ?
           AND NOT EXISTS (SELECT 1 FROM "NotificationPref" p WHERE p."userId" = u."id" AND p."kind" = 'aviso'
             AND p."mode" <> 'email')`,
        BENCH_NOTICE_COURSE_ID,
        `%@${NO_EMAIL_DOMAIN}`,
      ),
    );
    const token = await hooks.adminToken(at.base);
    const titulo = `Cambio de sala para la clase del jueves ${new Date().toISOString().slice(11, 19)}`;
    const body = JSON.stringify({
      titulo,
      texto: "Esta semana nos reunimos en la sala 204 del edificio B. El resto del calendario sigue igual.",
    });
    const t0 = performance.now();
    const status = await postOnce(`${at.base}/api/cursos/${BENCH_NOTICE_COURSE_ID}/avisos`, token, body);
    const ms = performance.now() - t0;
    if (status !== 201) throw new Error(`El aviso respondió ${status} en ${at.name}.`);
    const subject = `${titulo} (${COURSE_TITLE})`;
    const notified = num(
      await db.one(`SELECT count(*) AS n FROM "Notification" WHERE "kind" = 'aviso' AND "title" = ?`, subject),
    );
    const mailed = num(
      await db.one(`SELECT count(*) AS n FROM "OutboxMail" WHERE "kind" = 'notice.aviso' AND "subject" = ?`, subject),
    );
    return { ms, learners, notified, mailed, expectedMails };
  } finally {
    await db.close();
  }
}

/**
 * One POST on a connection of its own (fetch may reuse a kept-alive one the server is closing
 * just then, and a POST is not retried); resolves with the status once the answer is read.
 */
function postOnce(url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A local SMTP server that accepts everything and counts. */
async function countingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WINDOW_MS = Number(process.env.BENCH_SCALE_NOTICE_MS ?? 3000);

/**
 * b. The large side's pages once idle (its server as measured, without SMTP), then with its server
 * started again on the counting SMTP server while the outbox sends the announcement's mails.
 * The drain is not waited for (one connection a mail: minutes for 5 000); its pace is.
 */
async function drain(hooks: Hooks, mails: number): Promise<DrainRun> {
  const at = hooks.large;
  // /user is left out: the demo estudiante's panel on the large database fails (its due dates
  // bind every enrolled course's id at once: more than SQLite's bound parameters).
  const pages = async (): Promise<Array<{ path: string; headers: Record<string, string> }>> => {
    const cookie = await hooks.studentCookie(at.base);
    return [
      { path: "/cursos", headers: {} },
      { path: "/notificaciones", headers: { Cookie: cookie } },
    ];
  };
  const idle: PageStats[] = [];
  for (const t of await pages()) idle.push(await hooks.measure(at.base, t.path, t.headers, WINDOW_MS));
  const smtp = await countingSmtp();
  try {
    await hooks.stop(at);
    await hooks.restart(at, { SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_S: "0.2" });
    const t0 = performance.now();
    const sent0 = smtp.received();
    const measured: DrainRun["pages"] = [];
    for (const [k, t] of (await pages()).entries()) {
      const before = smtp.received();
      const busy = await hooks.measure(at.base, t.path, t.headers, WINDOW_MS);
      measured.push({ path: t.path, busy, idle: idle[k]!, sentDuring: smtp.received() - before });
    }
    const sentMs = performance.now() - t0;
    return { mails, sent: smtp.received() - sent0, sentMs, pages: measured };
  } finally {
    // Back to the server without SMTP (the rest stays in the outbox; the next run removes it).
    await hooks.stop(at);
    await smtp.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** c. The daily digest on one side: a pending row for every account, then the server's start. */
async function digest(hooks: Hooks, at: Side): Promise<DigestRun> {
  await hooks.stop(at);
  const db = await openDb(at.dbFile, hooks.pgUrl(at));
  try {
    await removeEarlierRuns(db);
    const twoDaysAgo = db.pg
      ? `(now() AT TIME ZONE 'UTC') - interval '2 days'`
      : `(strftime('%Y-%m-%dT%H:%M:%f', 'now', '-2 days') || '+00:00')`;
    const id = db.pg ? `('c' || substr(md5(random()::text || "id"), 1, 24))` : cuid;
    await db.run(
      `INSERT INTO "Notification" ("id", "userId", "kind", "title", "text", "link", "createdAt", "digestPending")
       SELECT ${id}, "id", 'pregunta', ?, 'Una persona preguntó por la entrega del módulo 3 en el foro del curso.',
         ?, ${twoDaysAgo}, TRUE FROM "User"`,
      DIGEST_TITLE,
      `/cursos/${BENCH_NOTICE_COURSE_ID}`,
    );
    // A question is e-mailed at once by default (decision 042): everyone without a choice of their
    // own takes it in the daily digest here, as a person may in the profile.
    await db.run(
      `INSERT INTO "NotificationPref" ("userId", "kind", "mode") SELECT "id", 'pregunta', 'digest' FROM "User" WHERE TRUE
       ON CONFLICT DO NOTHING`,
    );
    const people = num(
      await db.one(`SELECT count(DISTINCT "userId") AS n FROM "Notification" WHERE "digestPending" = TRUE`),
    );
    const expected = num(
      await db.one(
        `SELECT count(*) AS n FROM "User" u WHERE u."avisosCorreo" = TRUE AND u."aprobado" = TRUE AND u."correo" NOT LIKE ?
           AND EXISTS (SELECT 1 FROM "Notification" n WHERE n."userId" = u."id" AND n."digestPending" = TRUE)
           AND EXISTS (SELECT 1 FROM "NotificationPref" p WHERE p."userId" = u."id" AND p."kind" = 'pregunta'
             AND p."mode" = 'digest')`,
        `%@${NO_EMAIL_DOMAIN}`,
      ),
    );
    let runMs: number | null = null;
    const t0 = performance.now();
    // At info, the level of the digest pass's line (the bench's servers otherwise log at warn).
    await hooks.restart(at, { LOG_LEVEL: "info" }, (line) => {
      const m = /\[resumen diario\].* en (\d+) ms/.exec(line);
      if (m) runMs = (runMs ?? 0) + Number(m[1]);
    });
    const pending = () => db.one(`SELECT count(*) AS n FROM "Notification" WHERE "digestPending" = TRUE`).then(num);
    for (let i = 0; (await pending()) > 0 && i < 12000; i++) await sleep(50);
    const wallMs = performance.now() - t0;
    // The log line follows the last batch's commit by a moment.
    for (let i = 0; runMs === null && i < 100; i++) await sleep(50);
    const batches = await db.all(
      `SELECT "createdAt" AS t, count(*) AS n FROM "OutboxMail" WHERE "kind" = 'notice.resumen'
       GROUP BY "createdAt" ORDER BY "createdAt"`,
    );
    const mailed = batches.reduce((sum, b) => sum + Number(b.n), 0);
    return { people, mailed, expected, wallMs, runMs, ...fifths(batches) };
  } finally {
    await db.close();
  }
}

/** Per person between consecutive batches, over the first and the last fifth of the pass. */
function fifths(batches: Array<Record<string, unknown>>) {
  if (batches.length < 10) return { firstFifth: null, lastFifth: null };
  const at = batches.map((b) => new Date(b.t instanceof Date ? b.t : String(b.t)).getTime());
  const k = Math.floor((batches.length - 1) / 5);
  const perPerson = (from: number, to: number) => {
    let people = 0;
    for (let i = from; i <= to; i++) people += Number(batches[i]!.n);
    return (at[to]! - at[from - 1]!) / people;
  };
  return { firstFifth: perPerson(1, k), lastFifth: perPerson(batches.length - k, batches.length - 1) };
}

/** a, b and c on both sides; the servers are left running as they were started for c. */
export async function benchNotifications(hooks: Hooks): Promise<NoticeResults> {
  const announcement = {
    demo: await announce(hooks, hooks.demo),
    grande: await announce(hooks, hooks.large),
  };
  for (const [name, a] of Object.entries(announcement)) {
    console.error(
      `bench:scale: aviso a ${a.learners} estudiantes (${name}): ${a.ms.toFixed(0)} ms, ` +
        `${a.notified} notificaciones, ${a.mailed} correos`,
    );
    if (a.notified !== a.learners || a.mailed !== a.expectedMails) {
      throw new Error(
        `El aviso (${name}) escribió ${a.notified}/${a.mailed}, se esperaban ${a.learners}/${a.expectedMails}.`,
      );
    }
  }
  const drained = await drain(hooks, announcement.grande.mailed);
  const digests = { demo: await digest(hooks, hooks.demo), grande: await digest(hooks, hooks.large) };
  for (const [name, d] of Object.entries(digests)) {
    console.error(
      `bench:scale: resumen diario (${name}): ${d.people} personas, ${d.mailed} correos en ${(d.wallMs / 1000).toFixed(1)} s ` +
        `desde el inicio del servidor (la pasada: ${d.runMs ?? "?"} ms)`,
    );
    if (d.mailed !== d.expected)
      throw new Error(`El resumen (${name}) encoló ${d.mailed} correos, se esperaban ${d.expected}.`);
  }
  return { announcement, drain: drained, digest: digests };
}
