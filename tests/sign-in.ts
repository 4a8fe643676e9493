// Sign-ins as tests/accounts/login-limits.test.ts and tests/accounts/login-limits-races.test.ts make them: through the
// form as a browser (its device cookie) or a script, and through the API.
import { expect } from "vitest";
import * as apiLogin from "~/routes/api/auth.login.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import { args, dataOf, formRequest, getRequest } from "./factories.ts";

type Reply = { result: { error?: Record<string, string[] | null> } };

/** The device cookie ("name=value") a browser gets when it opens /login. */
export async function openForm(ip: string): Promise<string> {
  const request = getRequest("/login");
  request.headers.set("x-academia-client-ip", ip);
  const answer = (await loginRoute.loader(args(request))) as { init?: { headers?: HeadersInit } } | null;
  const setCookie = new Headers(answer?.init?.headers).get("Set-Cookie") ?? "";
  expect(setCookie).toMatch(/^academia_dispositivo=/);
  return setCookie.split(";")[0]!;
}

/** A sign-in through the form, as a browser (with its cookies) or a script (none). */
export async function formSignIn(ip: string, correo: string, password: string, cookie?: string) {
  const answer = await loginRoute.action(args(formRequest("/login", { correo, password }, { ip, cookie })));
  if (answer instanceof Response) return { status: answer.status, answer, retryAfter: null, error: null };
  const { data, status } = dataOf<Reply>(answer);
  const init = (answer as { init?: { headers?: HeadersInit } }).init;
  return {
    status,
    answer,
    retryAfter: new Headers(init?.headers).get("Retry-After"),
    error: data.result.error?.[""]?.[0] ?? null,
  };
}

/** The browser's cookies after a successful sign-in: its session and its device (now knowing the account). */
export function cookiesAfter(answer: Response): string {
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function apiSignIn(ip: string, correo: string, password: string) {
  const headers = new Headers({ "Content-Type": "application/json", "x-academia-client-ip": ip });
  return apiLogin.action(
    args(
      new Request("http://localhost:3000/api/auth/login", {
        method: "POST",
        headers,
        body: JSON.stringify({ correo, password }),
      }),
    ),
  );
}
