// The browsers of the end-to-end runs (playwright.config.ts). Debian's headless shell
// (chromium-headless-shell, the same engine without the desktop browser's UI) by default: it
// takes about half the CPU of the full Chromium for the same spec. The full Chromium only where a
// spec checks what only it has: its built-in PDF viewer (stored-files, offline).
const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const headlessShell = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
  args,
};

/** For `test.use({ launchOptions: chromiumWithPdfViewer })`. */
export const chromiumWithPdfViewer = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args };
