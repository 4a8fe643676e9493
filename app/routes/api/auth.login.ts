import { issueApiToken } from "~/features/auth/api-token.server.ts";
import { LoginError, verifyLogin } from "~/features/auth/login.server.ts";
import { LoginSchema } from "~/features/auth/schema.ts";
import { toApiUser, type ApiLogin } from "~/features/users/public-user.ts";
import { apiError, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.login";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await parseBody(request, LoginSchema);
    try {
      const user = await verifyLogin(input, request);
      return apiJson<ApiLogin>({ user: toApiUser(user), token: await issueApiToken(user) });
    } catch (error) {
      if (error instanceof LoginError) {
        return apiError(error.status, error.message, {
          headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {},
        });
      }
      throw error;
    }
  });
}
