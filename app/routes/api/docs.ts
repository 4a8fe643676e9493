import { apiReferenceHtml, REFERENCE_CSP } from "./reference.server.tsx";
import { apiRoute } from "./api-route.server.ts";

// The API reference as a page to read: a resource route, a whole HTML document without one
// script, so no page of the site loads anything for it.
export const loader = apiRoute("/api/docs", {
  get: {
    tag: "Documentación",
    summary: "La referencia de la API, para leer (HTML)",
    description: "Este documento como una página sin JavaScript, para leer en el navegador o en un teléfono.",
    access: "public",
    ok: { 200: { description: "La página.", html: true, example: '<!DOCTYPE html><html lang="es-CL">…</html>' } },
    handler: () => {
      const headers = new Headers({
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": REFERENCE_CSP,
        "X-Frame-Options": "DENY",
        "Cache-Control": "no-store",
      });
      return new Response(apiReferenceHtml(), { headers });
    },
  },
});
export const action = loader;
