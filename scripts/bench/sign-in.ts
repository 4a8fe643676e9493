// How the benchmarks sign in as a demo account: the login form (session cookie) and
// POST /api/auth/login (Bearer token), against the server at `base`.
import { DEMO_PASSWORD } from "../../prisma/demo-accounts.ts";

/** "name=value" of the session cookie the login form sets. */
export async function sessionCookie(base: string, correo: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ correo, password: DEMO_PASSWORD }),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (response.status >= 400 || !cookie)
    throw new Error(`No se pudo iniciar sesión como ${correo}: ${response.status}`);
  return cookie;
}

/** A Bearer token of the API. */
export async function apiToken(base: string, correo: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ correo, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`No se obtuvo token para ${correo}: ${response.status}`);
  return body.token;
}
