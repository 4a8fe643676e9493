import { z } from "zod";
import { openApiDocument } from "./openapi.server.ts";
import { apiRoute } from "./api-route.server.ts";
import { json } from "~/lib/api/operation.server.ts";

// The document itself: loose, so this check stays a check of the shape, not of every key.
const OpenApiSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
});

export const loader = apiRoute("/api/openapi.json", {
  get: {
    tag: "Documentación",
    summary: "Este documento (OpenAPI 3.1)",
    description:
      "Hecho de los mismos esquemas con que las rutas leen y responden; sirve para generar clientes " +
      "(su servers da la dirección base).",
    access: "public",
    ok: {
      200: {
        ...json("El documento.", OpenApiSchema),
        example: { openapi: "3.1.1", info: { title: "API de la academia", version: "1.0.0" }, paths: {} },
      },
    },
    handler: () => Response.json(openApiDocument(), { headers: { "Cache-Control": "no-store" } }),
  },
});
export const action = loader;
