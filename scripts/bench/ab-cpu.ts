// Server CPU per request of two builds side by side: `node scripts/bench/ab-cpu.ts DIR_A DIR_B`,
// each DIR a checkout with its production build (`npm run build`). Each is served by its own
// scripts/e2e-server.ts (fresh demo data), the demo learner signs in on both, and the pages
// (PAGES, comma-separated, "ID" the first featured course) are loaded in interleaved rounds
// (ROUNDS, N requests each, two at a time); the CPU the serving process used is read from /proc,
// so a busy machine changes both alike. Linux only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ESTUDIANTE } from "../../prisma/demo-accounts.ts";
import { sessionCookie } from "./sign-in.ts";

const dirs = process.argv.slice(2, 4);
if (dirs.length !== 2) throw new Error("Uso: node scripts/bench/ab-cpu.ts <carpeta A> <carpeta B>");
const ports = [3361, 3362];
const servers = dirs.map((cwd, i) =>
  spawn(process.execPath, ["scripts/e2e-server.ts"], {
    cwd,
    env: { ...process.env, E2E_PORT: String(ports[i]), E2E_DIR_NAME: "ab-cpu" },
    stdio: "ignore",
  }),
);
process.on("exit", () => servers.forEach((s) => s.kill("SIGTERM")));
const base = (i: number) => `http://127.0.0.1:${ports[i]}`;
for (const i of [0, 1]) {
  for (let k = 0; k < 600; k++) {
    try {
      if ((await fetch(`${base(i)}/login`)).ok) break;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
}
// The serving process: the child e2e-server.ts starts (server/index.ts).
const childOf = (parent: number) =>
  fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .find((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
      } catch {
        return false; // ended while read
      }
    })!;
const pids = servers.map((server) => childOf(server.pid!));
function cpuMs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
}
const cookies = await Promise.all([0, 1].map((i) => sessionCookie(base(i), DEMO_ESTUDIANTE.correo)));
const courseIds = await Promise.all(
  [0, 1].map(async (i) => {
    const body = (await (await fetch(`${base(i)}/api/cursos/destacados`)).json()) as { cursos: { id: string }[] };
    return body.cursos[0]!.id;
  }),
);
const pages = (process.env.PAGES ?? "/cursos,/cursos/ID,/user,/user/messages").split(",");
const N = Number(process.env.N ?? 150);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const perRequest = new Map<string, [number, number]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const page of pages) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const url = base(i) + page.replace("ID", courseIds[i]!);
      const headers = { Cookie: cookies[i]!, "Accept-Encoding": "gzip" };
      for (let k = 0; k < 10; k++) await (await fetch(url, { headers })).arrayBuffer();
      const before = cpuMs(pids[i]!);
      const client = async () => {
        for (let k = 0; k < N / 2; k++) {
          const response = await fetch(url, { headers });
          if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
          await response.arrayBuffer();
        }
      };
      await Promise.all([client(), client()]);
      const sums = perRequest.get(page) ?? [0, 0];
      sums[i as 0 | 1] += (cpuMs(pids[i]!) - before) / N / ROUNDS;
      perRequest.set(page, sums);
    }
  }
}
for (const [page, [a, b]] of perRequest) {
  console.log(`${page.padEnd(20)} A ${a.toFixed(2)} ms  B ${b.toFixed(2)} ms  B/A ${(b / a).toFixed(2)}`);
}
process.exit(0);
