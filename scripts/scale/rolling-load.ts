// The load of the scale-out run's rolling restart (scripts/scale-test.sh; decision 030): writes and
// reads through the balancer while instance B is stopped with SIGTERM and started again, then the
// proof that nothing was lost. Each write is a contact message (POST /api/mail/send) with a token of
// its own; each is followed by a read (GET /cursos).
//
//   node scripts/scale/rolling-load.ts BASE_URL DIR
//
// Writes DIR/started once the load runs, and keeps it up until DIR/stop appears. Then it checks:
// no answer was a 5xx or a failed connection; every acknowledged message (200) is in the database
// (DATABASE_URL) once; its mail reached the SMTP recorder (SCALE_MAIL_LOG) once. Exit 0 when all hold.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const [base, dir] = process.argv.slice(2);
if (!base || !dir) {
  console.error("usage: rolling-load.ts BASE_URL DIR");
  process.exit(2);
}
const WORKERS = 4;
/** At most this many writes (the contact budget per IP is RATE_LIMIT_IP_FACTOR × 40 a quarter hour). */
const MAX_WRITES = 600;
const run = `rolling-${Date.now().toString(36)}`;

const statuses = new Map<string, number>();
const acknowledged: string[] = [];
const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
let writes = 0;

async function worker(index: number) {
  for (let n = 0; !fs.existsSync(path.join(dir!, "stop")) && writes < MAX_WRITES; n++) {
    writes++;
    const token = `${run}-${index}-${n}`;
    try {
      const write = await fetch(`${base}/api/mail/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base! },
        body: JSON.stringify({ nombre: "Carga", correo: "carga@test.cl", mensaje: `Mensaje ${token}` }),
      });
      await write.arrayBuffer();
      count(`POST ${write.status}`);
      if (write.status === 200) acknowledged.push(token);
      const read = await fetch(`${base}/cursos`);
      await read.arrayBuffer();
      count(`GET ${read.status}`);
    } catch (error) {
      count(`error ${(error as Error).message}`);
    }
  }
}

fs.writeFileSync(path.join(dir, "started"), "");
const started = Date.now();
await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const summary = [...statuses].map(([key, n]) => `${key}: ${n}`).join(", ");
console.log(`rolling restart: ${writes} writes in ${seconds} s under load (${summary})`);

const problems: string[] = [];
const bad = [...statuses].filter(([key]) => key.startsWith("error") || / 5\d\d$/.test(key));
if (bad.length) problems.push(`answers that were not served: ${bad.map(([key, n]) => `${key} ×${n}`).join(", ")}`);
if (acknowledged.length < 20) problems.push(`too few acknowledged writes to prove anything (${acknowledged.length})`);

// Every acknowledged write is stored, once.
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const { rows } = await db.query<{ mensaje: string }>(`SELECT mensaje FROM "ContactMessage" WHERE mensaje LIKE $1`, [
  `Mensaje ${run}-%`,
]);
await db.end();
const stored = new Map<string, number>();
for (const { mensaje } of rows) {
  const token = mensaje.slice("Mensaje ".length);
  stored.set(token, (stored.get(token) ?? 0) + 1);
}
const missing = acknowledged.filter((token) => stored.get(token) !== 1);
if (missing.length)
  problems.push(`acknowledged but not stored once: ${missing.slice(0, 5).join(", ")} (${missing.length})`);

// Every acknowledged write's mail goes out, once (the outbox and the claims B gave back).
const mailed = () => {
  const seen = new Map<string, number>();
  for (const line of fs.readFileSync(process.env.SCALE_MAIL_LOG!, "utf8").split("\n")) {
    if (!line.includes(run)) continue;
    const token = new RegExp(`Mensaje (${run}-\\d+-\\d+)`).exec((JSON.parse(line) as { body: string }).body)?.[1];
    if (token) seen.set(token, (seen.get(token) ?? 0) + 1);
  }
  return seen;
};
const deadline = Date.now() + 60_000;
let seen = mailed();
while (acknowledged.some((token) => !seen.has(token)) && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  seen = mailed();
}
const unsent = acknowledged.filter((token) => seen.get(token) !== 1);
if (unsent.length) problems.push(`mail not sent exactly once: ${unsent.slice(0, 5).join(", ")} (${unsent.length})`);

if (problems.length) {
  console.error(`rolling restart: FAILED\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`rolling restart: ${acknowledged.length} acknowledged writes stored and mailed once, no 5xx`);
