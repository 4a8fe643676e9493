import { z } from "zod";
import { ApiUserSchema, toApiUser } from "~/features/accounts/public-user.ts";
import { json } from "~/lib/api/operation.server.ts";
import { listUsers } from "~/features/accounts/users.server.ts";
import { apiJson } from "~/lib/api.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/users", {
  get: {
    tag: "Cuentas",
    summary: "Listar usuarios (pendientes primero)",
    description: "100 por página.",
    access: "admin",
    query: ["page"],
    ok: { 200: json("Una página de usuarios.", z.array(ApiUserSchema), ["X-Total-Count", "X-Page-Count"]) },
    handler: async ({ url }) => {
      const page = Math.min(10_000, Number(url.searchParams.get("page") ?? 1));
      const result = await listUsers({ page, pageSize: 100 });
      const response = apiJson(result.users.map(toApiUser));
      response.headers.set("X-Total-Count", String(result.total));
      response.headers.set("X-Page-Count", String(result.pageCount));
      return response;
    },
  },
});
export const action = loader;
