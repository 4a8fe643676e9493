// knip (`npm run lint`): no unused file, export, type or dependency. The React Router plugin reads
// app/routes.ts for the route modules; Vitest's and Playwright's configs give the tests.
import type { KnipConfig } from "knip";

export default {
  entry: [
    // Run by `node` from package.json, the shell scripts and the benchmarks.
    "scripts/**/*.ts",
    // The offline service worker, compiled by vite.service-worker.ts and served as /sw.js.
    "app/features/offline/worker/sw.ts",
    // Started by the Vitest suite as processes of their own (node tests/fixtures/…).
    "tests/fixtures/*.ts",
    // A worker thread Node runs from its file (app/features/library/book-pages.server.ts).
    "app/features/library/book-pdf.worker.ts",
  ],
  project: [
    "app/**/*.{ts,tsx,js}",
    "server/**/*.ts",
    "scripts/**/*.ts",
    "prisma/**/*.{ts,prisma}",
    "tests/**/*.ts",
    "e2e/**/*.ts",
    "*.{ts,js}",
    "app/app.css",
  ],
  playwright: { config: ["playwright.config.ts", "playwright.scale.config.ts"] },
  // `@import "tailwindcss"` in app/app.css.
  compilers: { css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n") },
  // The generated Prisma client (app/generated, not in git) imports its runtime.
  // Lighthouse is imported by a name scripts/bench-lighthouse.ts reads from the environment.
  // @napi-rs/canvas is the canvas pdf.js draws a book's pages on (its optional dependency, listed
  // so that an install without optional packages still has it).
  // isbot: the bare page `npm run bench` compares against (scripts/bench/bare) uses React Router's
  // default server entry, which imports it; without it among the dependencies, React Router's build
  // runs `npm install isbot`, which here prunes the dev tools.
  ignoreDependencies: ["@prisma/client", "lighthouse", "@napi-rs/canvas", "isbot"],
  // Poppler's command-line tools, installed by scripts/ensure-test-deps.sh.
  ignoreBinaries: ["pdftotext", "pdftoppm"],
} satisfies KnipConfig;
