// `npm run lint`: ESLint, Prettier's check, and then typegen, knip and check-references, as three
// lanes at once (each is one process mostly on one core: run one after the other they took a
// minute). Each lane's output is printed whole when it ends, with its time; the exit code is 1
// when any check failed.
import { spawn } from "node:child_process";
import path from "node:path";

const bin = (name: string) => path.join("node_modules", ".bin", name);
const LANES: string[][][] = [
  [[bin("eslint"), "."]],
  [[bin("prettier"), "--check", "."]],
  [[bin("react-router"), "typegen"], [bin("knip")], [process.execPath, "scripts/check-references.ts"]],
];

function run([command, ...args]: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command!, args, { env: { ...process.env, FORCE_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function lane(commands: string[][]): Promise<boolean> {
  for (const command of commands) {
    const started = performance.now();
    const { code, output } = await run(command);
    const name = [path.basename(command[0]!), ...command.slice(1)].join(" ");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${output}${code ? "✗" : "✓"} ${name} (${seconds} s)\n`);
    if (code) return false;
  }
  return true;
}

const results = await Promise.all(LANES.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
