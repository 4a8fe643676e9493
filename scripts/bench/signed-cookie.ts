// `node scripts/bench/signed-cookie.ts`: what reading a signed session cookie costs with React
// Router's createCookie (its HMAC through Web Crypto, off the main thread), per request, beside
// the bare HMAC-SHA256 of the same value with node:crypto on the main thread. A session cookie
// is read on every signed-in request. Runs one at a time and 50 at once (a busy server); the
// CPU counts every thread of the process, the thread pool's too.
import crypto from "node:crypto";
import { createCookie } from "react-router";

const secret = crypto.randomBytes(32).toString("hex");
const cookie = createCookie("academia_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret] });
const header = (await cookie.serialize(crypto.randomBytes(32).toString("base64url"))).split(";")[0]!;
const signedValue = decodeURIComponent(header.slice(header.indexOf("=") + 1));
const ROUNDS = 20_000;

async function timed(label: string, run: () => Promise<unknown>, concurrency: number) {
  for (let i = 0; i < 2_000; i++) await run();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i += concurrency) await Promise.all(Array.from({ length: concurrency }, run));
  const perCall = Number(process.hrtime.bigint() - started) / 1000 / ROUNDS;
  const used = process.cpuUsage(cpu);
  const cpuPerCall = (used.user + used.system) / ROUNDS;
  console.log(
    `${label}, ${concurrency} a la vez: ${perCall.toFixed(1)} µs por lectura, ${cpuPerCall.toFixed(1)} µs de CPU (todos los hilos)`,
  );
}

const hmac = () => {
  const dot = signedValue.lastIndexOf(".");
  crypto.createHmac("sha256", secret).update(signedValue.slice(0, dot)).digest("base64");
  return Promise.resolve();
};
for (const concurrency of [1, 50]) {
  await timed("createCookie(...).parse", () => cookie.parse(header), concurrency);
  await timed("HMAC de node:crypto (referencia)", hmac, concurrency);
}
