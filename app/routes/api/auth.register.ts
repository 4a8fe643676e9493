import { REGISTER_OK, registerUser } from "~/features/accounts/register.server.ts";
import { RegisterSchema } from "~/features/accounts/schema.ts";
import { type ApiNotice, apiFailure, apiJson, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Route } from "./+types/auth.register";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await parseBody(request, RegisterSchema);
    const outcome = await registerUser(input, request);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<ApiNotice>({ message: REGISTER_OK }, 201);
  });
}
