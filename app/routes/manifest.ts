import { siteConfig } from "~/lib/site-config.server.ts";

// /manifest.webmanifest: lets a phone install the academy as an app (docs/product.md#offline-reading).
// Colours: the brand greens of app.css (--color-brand-600 and --color-brand-50).
export function loader() {
  const manifest = {
    name: siteConfig().brand,
    short_name: "Academia",
    description: "Cursos en línea. Los cursos en que te inscribiste y sus PDF también se leen sin conexión.",
    lang: "es-CL",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#1f7a63",
    background_color: "#eef7f4",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
