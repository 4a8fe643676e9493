// Cross-instance checks of the scale-out run (scripts/scale-test.sh): two app instances on one
// PostgreSQL database, reached directly (SCALE_A_URL, SCALE_B_URL) and through the balancer.
// HTTP only: they run once, in the sin-js project.
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { DEMO_ADMIN, DEMO_DOCENTE, DEMO_PASSWORD } from "../../prisma/demo-accounts.ts";
import { approvedUser, uniqueEmail } from "../support.ts";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "HTTP-level checks: once is enough");
test.describe.configure({ mode: "serial", timeout: 120_000 });

const A = process.env.SCALE_A_URL!;
const B = process.env.SCALE_B_URL!;
const MAIL_LOG = process.env.SCALE_MAIL_LOG!;

async function contextOn(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
}

async function tokenOn(ctx: APIRequestContext, correo: string, password: string): Promise<string> {
  const response = await ctx.post("/api/auth/login", { data: { correo, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** How many new-message notices reached an address (a notice names no subject). */
function mailsTo(address: string): number {
  return fs
    .readFileSync(MAIL_LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; body: string })
    .filter((m) => m.to.includes(address) && /te envió un mensaje/.test(m.body)).length;
}

test("a session and a token made on one instance work on the other @cross-instance", async () => {
  const a = await contextOn(A);
  const signIn = await a.post("/login", {
    form: { correo: DEMO_DOCENTE.correo, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const cookie = (signIn.headers()["set-cookie"] ?? "").split(";")[0]!;
  const b = await contextOn(B);
  const page = await b.get("/user/profile", { headers: { Cookie: cookie }, maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain(DEMO_DOCENTE.correo);

  const token = await tokenOn(a, DEMO_DOCENTE.correo, DEMO_PASSWORD);
  expect((await b.get("/api/cursos/lista", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  // Logging the token out on B ends it on A too.
  expect((await b.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  expect((await a.get("/api/cursos/lista", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await a.dispose();
  await b.dispose();
});

test("wrong passwords spread over both instances spend one shared budget @cross-instance", async ({ request }) => {
  const user = await approvedUser(request, "estudiante", "Compartida");
  const a = await contextOn(A);
  const b = await contextOn(B);
  for (let i = 0; i < 10; i++) {
    const ctx = i % 2 === 0 ? a : b;
    const response = await ctx.post("/api/auth/login", { data: { correo: user.correo, password: `mala-${i}` } });
    expect(response.status(), `intento ${i + 1}`).toBe(401);
  }
  for (const ctx of [a, b]) {
    const refused = await ctx.post("/api/auth/login", { data: { correo: user.correo, password: user.password } });
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
  }
  await a.dispose();
  await b.dispose();
});

test("a file uploaded through one instance downloads through the other, with Range @cross-instance", async () => {
  const a = await contextOn(A);
  const b = await contextOn(B);
  const token = await tokenOn(a, DEMO_ADMIN.correo, DEMO_PASSWORD);
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj " +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
  const title = `Escala ${uniqueEmail("libro")}`;
  const uploaded = await a.post("/api/books/upload", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title,
      author: "Prueba",
      description: "Subido por A",
      pages: "1",
      pdf: { name: "a.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id } = ((await uploaded.json()) as { book: { id: string } }).book;
  const whole = await b.get(`/api/books/download/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(whole.status()).toBe(200);
  expect(Buffer.from(await whole.body())).toEqual(pdf);
  const part = await b.get(`/api/books/download/${id}`, {
    headers: { Authorization: `Bearer ${token}`, Range: "bytes=0-7" },
  });
  expect(part.status()).toBe(206);
  expect(Buffer.from(await part.body()).toString()).toBe("%PDF-1.4");
  await a.dispose();
  await b.dispose();
});

/** The mails the recorder got for an address whose subject matches (subjects may be MIME-encoded). */
function mailsMatching(address: string, subject: RegExp): number {
  return fs
    .readFileSync(MAIL_LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; subject: string })
    .filter((m) => m.to.includes(address) && subject.test(m.subject)).length;
}

test("reminders, digests and an announcement go out once while both instances run their jobs @cross-instance", async () => {
  // Both instances look for reminders and digests every NOTICE_JOBS_EVERY_S (2 s here): they race.
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const request = await playwrightRequest.newContext({ baseURL: process.env.SCALE_BASE_URL });
  const learners: Array<{ id: string; correo: string }> = [];
  for (let i = 0; i < 6; i++) learners.push(await approvedUser(request, "estudiante", `Aviso${i}`));
  await request.dispose();
  // A published course's quiz module, due tomorrow; our learners enrolled (and nothing passed).
  const { rows } = await db.query<{ id: string; cursoId: string }>(
    `SELECT m."id", m."cursoId" FROM "Module" m JOIN "Course" c ON c."id" = m."cursoId"
     WHERE c."estado" = 'publicado' AND EXISTS (SELECT 1 FROM "QuizQuestion" q WHERE q."moduloId" = m."id")
     ORDER BY c."createdAt", m."posicion" LIMIT 1`,
  );
  const module = rows[0]!;
  for (const l of learners) {
    await db.query(`INSERT INTO "Enrolment" ("id", "userId", "cursoId") VALUES ($1, $2, $3)`, [
      `c${crypto.randomBytes(12).toString("hex")}`,
      l.id,
      module.cursoId,
    ]);
    // A question notification waiting two days for the daily digest (before any day's cutoff), which
    // this learner chose for questions (e-mail at once is the default).
    await db.query(`INSERT INTO "NotificationPref" ("userId", "kind", "mode") VALUES ($1, 'pregunta', 'digest')`, [
      l.id,
    ]);
    await db.query(
      `INSERT INTO "Notification" ("id", "userId", "kind", "title", "text", "link", "createdAt", "digestPending")
       VALUES ($1, $2, 'pregunta', 'Pregunta nueva', 'Alguien pregunto.', '/notificaciones', now() - interval '2 days', TRUE)`,
      [`c${crypto.randomBytes(12).toString("hex")}`, l.id],
    );
  }
  await db.query(`UPDATE "Module" SET "fechaLimite" = now() + interval '1 day' WHERE "id" = $1`, [module.id]);

  // An announcement to the course, posted through A while both senders work the outbox.
  const a = await contextOn(A);
  const admin = await tokenOn(a, DEMO_ADMIN.correo, DEMO_PASSWORD);
  const title = `Aviso de escala ${crypto.randomBytes(3).toString("hex")}`;
  const posted = await a.post(`/api/cursos/${module.cursoId}/avisos`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { titulo: title, texto: "Una sola vez, aunque haya dos instancias." },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await a.dispose();

  const counts = () =>
    learners.map((l) => [
      mailsMatching(l.correo, /Recordatorio/),
      mailsMatching(l.correo, /resumen/i),
      mailsMatching(l.correo, new RegExp(title.split(" ").at(-1)!)),
    ]);
  await expect.poll(counts, { timeout: 60_000, intervals: [1000] }).toEqual(learners.map(() => [1, 1, 1]));
  // Several more rounds of both instances' jobs and senders: still once each.
  await new Promise((resolve) => setTimeout(resolve, 7000));
  expect(counts()).toEqual(learners.map(() => [1, 1, 1]));
  const claims = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM "ModuleReminder" WHERE "moduloId" = $1 AND "userId" = ANY($2)`,
    [module.id, learners.map((l) => l.id)],
  );
  expect(Number(claims.rows[0]!.n)).toBe(learners.length);
  await db.end();
});

test("messages sent through both instances arrive exactly once, also when one sender is killed @cross-instance", async () => {
  const a = await contextOn(A);
  const b = await contextOn(B);
  const sender = await tokenOn(a, DEMO_DOCENTE.correo, DEMO_PASSWORD);
  const recipients: string[] = [];
  const request = await playwrightRequest.newContext({ baseURL: process.env.SCALE_BASE_URL });
  for (let i = 0; i < 4; i++) recipients.push((await approvedUser(request, "estudiante", `Destino${i}`)).correo);
  await request.dispose();
  const send = async (ctx: APIRequestContext, to: string, n: number) => {
    const response = await ctx.post("/api/mensajes", {
      headers: { Authorization: `Bearer ${sender}` },
      data: { to, subject: `Escala ${n}`, content: "Una vez" },
    });
    expect(response.status()).toBe(201);
  };
  let n = 0;
  for (const to of recipients) for (const ctx of [a, b]) await send(ctx, to, n++);
  // Kill instance B (SIGKILL: no goodbye) while the queue is being worked; then send more via A.
  process.kill(Number(process.env.SCALE_B_PID), "SIGKILL");
  for (const to of recipients) await send(a, to, n++);

  // 3 notices per recipient (2 before the kill, 1 after), each exactly once: A takes over what
  // B had claimed once the lease (MAIL_LEASE_S) runs out.
  await expect
    .poll(() => recipients.map(mailsTo), { timeout: 60_000, intervals: [1000] })
    .toEqual(recipients.map(() => 3));
  await new Promise((resolve) => setTimeout(resolve, 7000)); // a lease and a send interval later
  expect(recipients.map(mailsTo)).toEqual(recipients.map(() => 3));
  await a.dispose();
  await b.dispose();
});
