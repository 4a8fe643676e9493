// The offline service worker (docs/decisions/014-offline-course-material.md), built by Vite like
// the rest: `import script from "virtual:service-worker"` is app/features/offline/worker/sw.ts and
// what it imports, bundled, compiled and minified into one classic script (an IIFE that defines
// WORKER_GLOBAL), as a string. The same in `react-router build`, `react-router dev` and Vitest;
// app/routes/sw.ts serves it as /sw.js with the line that starts it.
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "vite";
import { WORKER_GLOBAL } from "./app/features/offline/worker/config.ts";

const ID = "virtual:service-worker";
const RESOLVED = `\0${ID}`;
const ENTRY = fileURLToPath(new URL("./app/features/offline/worker/sw.ts", import.meta.url));

/** The compiled worker and the files it was built from. */
async function compile(): Promise<{ code: string; files: string[] }> {
  const result = await build({
    configFile: false,
    root: fileURLToPath(new URL(".", import.meta.url)),
    publicDir: false,
    logLevel: "warn",
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      lib: { entry: ENTRY, formats: ["iife"], name: WORKER_GLOBAL, fileName: () => "sw.js" },
      // Strict, as the modules it was compiled from.
      rolldownOptions: { output: { strict: true } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((o) => ("output" in o ? o.output : [])).filter((c) => c.type === "chunk");
  if (chunks.length !== 1) throw new Error(`service worker: expected one chunk, got ${chunks.length}`);
  return { code: chunks[0]!.code, files: Object.keys(chunks[0]!.modules) };
}

export function serviceWorker(): Plugin {
  return {
    name: "academia:service-worker",
    resolveId: {
      filter: { id: /^virtual:service-worker$/ },
      handler: () => RESOLVED,
    },
    load: {
      filter: { id: /^\0virtual:service-worker$/ },
      async handler() {
        const { code, files } = await compile();
        for (const file of files) if (!file.startsWith("\0")) this.addWatchFile(file);
        return `export default ${JSON.stringify(code)};`;
      },
    },
  };
}
