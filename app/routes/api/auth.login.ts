import { issueApiToken } from "~/features/accounts/api-token.server.ts";
import { verifyLogin } from "~/features/accounts/login.server.ts";
import { LoginSchema } from "~/features/accounts/schema.ts";
import { toApiUser, type ApiLogin } from "~/features/accounts/public-user.ts";
import { apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.login";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await parseBody(request, LoginSchema);
    // A refusal (401, 403, 429 with Retry-After) is a thrown Failure: handleApi answers it.
    const user = await verifyLogin(input, request);
    return apiJson<ApiLogin>({ user: toApiUser(user), token: await issueApiToken(user) });
  });
}
