// Password recovery as tests/accounts/recovery.test.ts and tests/accounts/recovery-races.test.ts use it: asking at
// /recuperar, the link from the outbox, and the link's form.
import { expect } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import * as forgotPage from "~/routes/auth/forgot-password.tsx";
import * as resetPage from "~/routes/auth/reset-password.tsx";
import { args, dataOf, formRequest } from "./factories.ts";

export const NEW_PASSWORD = "lluvia en el sur de chile";
export const LINK = /^http:\/\/localhost:3000\/recuperar\/([A-Za-z0-9_-]{43})$/m;
export type Reply = { result: { error?: Record<string, string[] | null>; status?: string }; sent?: boolean };

let ipCounter = 0;
/** A fresh client IP per call unless one is given, so that only the limits under test count. */
export const nextIp = () => `10.23.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function forgot(correo: string, ip = nextIp()) {
  const answer = await forgotPage.action(args(formRequest("/recuperar", { correo }, { ip })));
  const { data, status } = dataOf<Reply>(answer);
  const init = (answer as { init?: { headers?: HeadersInit } }).init;
  return { data, status, retryAfter: new Headers(init?.headers).get("Retry-After") };
}

export async function linkSentTo(correo: string) {
  const mail = await prisma.outboxMail.findFirstOrThrow({
    where: { to: correo, kind: "password.reset" },
    orderBy: { createdAt: "desc" },
  });
  const token = LINK.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return token!;
}

/** Sends the link's form: a redirect (Response) on success, else the form's reply. */
export async function submitLink(token: string, password = NEW_PASSWORD, confirmarPassword = password) {
  const answer = await resetPage.action(
    args(formRequest(`/recuperar/${token}`, { password, confirmarPassword }), { token }),
  );
  if (answer instanceof Response) return { response: answer, status: answer.status, errors: null, invalid: false };
  const { data, status } = dataOf<Reply & { invalidLink: boolean }>(answer);
  return { response: null, status, errors: data.result.error ?? null, invalid: data.invalidLink };
}
