// `node scripts/icons.ts`: the web app manifest's PNG icons (public/icons/, see
// app/routes/manifest.ts), drawn from public/favicon.svg by the same Chromium the e2e suite uses
// (CHROMIUM_PATH, default /usr/bin/chromium). Run again after changing the logo; commit the PNGs.
// "any": the logo as it is (rounded square); "maskable": full-bleed green with the mark inside
// the central 80 % a phone may crop to a circle.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const svg = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const mark = /<path[^>]*\/>/.exec(svg)?.[0];
if (!mark) throw new Error("public/favicon.svg: no <path> found");

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1f7a63"/>
<g transform="translate(12.8 12.8) scale(0.6)">${mark}</g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg },
  { file: "icon-512.png", size: 512, svg },
  { file: "icon-maskable-512.png", size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const out = path.join(root, "public/icons", icon.file);
    await page.screenshot({
      path: out,
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`${path.relative(root, out)}: ${fs.statSync(out).size} bytes`);
  }
} finally {
  await browser.close();
}
