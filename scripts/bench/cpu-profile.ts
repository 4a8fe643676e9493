// Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and the
// time by package (node_modules/<name>, the app's build, Node's internals, GC, idle).
// `node scripts/bench/cpu-profile.ts CPU.….cpuprofile [rows]`. To profile the server under load,
// start it the way scripts/e2e-server.ts does with NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR"
// (WEB_CONCURRENCY=1), load the pages, stop it with SIGTERM: the largest file in DIR is the server's.
import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
const [file, rows = "25"] = process.argv.slice(2);
if (!file) throw new Error("Uso: node scripts/bench/cpu-profile.ts <archivo .cpuprofile> [filas]");
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const time = profile.timeDeltas[i] ?? 0;
  total += time;
  const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\/server\//, "app:");
  const name = `${functionName || "(anónima)"} ${where}${url ? `:${lineNumber + 1}` : ""}`;
  self.set(name, (self.get(name) ?? 0) + time);
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.includes("/build/server/") ? "app" : url || functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
});
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)))
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`);
};
console.log(`${(total / 1e6).toFixed(1)} s de muestras`);
print("Tiempo propio por función", self);
print("Tiempo propio por paquete", byPackage);
