import { apiReferenceHtml, REFERENCE_CSP } from "~/features/api-docs/reference.server.tsx";
import { handleApi, methodNotAllowed } from "~/lib/api.server.ts";

/**
 * GET /api/docs (public): the API reference as a page to read (features/api-docs). A resource
 * route: a whole HTML document without one script, so no page of the site loads anything for it.
 */
export const loader = () =>
  handleApi(async () => {
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": REFERENCE_CSP,
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
    });
    return new Response(apiReferenceHtml(), { headers });
  });
export const action = () => methodNotAllowed("GET");
