import { openApiDocument } from "~/features/api-docs/openapi.server.ts";
import { handleApi, methodNotAllowed } from "~/lib/api.server.ts";

/** GET /api/openapi.json (public): the OpenAPI 3.1 document of the API (features/api-docs). */
export const loader = () =>
  handleApi(async () =>
    Response.json(openApiDocument(), {
      headers: { "Cache-Control": "no-store" },
    }),
  );
export const action = () => methodNotAllowed("GET");
