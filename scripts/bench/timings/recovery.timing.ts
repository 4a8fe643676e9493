// 'Recuperar contraseña' for an address without an account answers no faster than for one with
// an account (app/features/accounts/recovery.server.ts): the medians of 21 of each, one after the
// other, goal: unknown > 0.7 × known. tests/accounts/recovery.test.ts proves the wait itself on a fake clock.
import { expect, it } from "vitest";
import { requestPasswordReset } from "~/features/accounts/recovery.server.ts";
import { createUser, formRequest } from "../../../tests/factories.ts";

it("answers an unknown address no faster than a known one (medians, > 0.7×)", async () => {
  const users = await Promise.all(Array.from({ length: 21 }, (_, i) => createUser({ correo: `tiempo-${i}@liceo.cl` })));
  let ip = 0;
  const request = () => formRequest("/recuperar", {}, { ip: `10.24.${Math.floor(++ip / 250)}.${ip % 250}` });
  const durations = { known: [] as number[], unknown: [] as number[] };
  // A first few requests for accounts, as any running server has seen.
  for (const user of users.slice(0, 3)) await requestPasswordReset(user.correo, request());
  for (const [i, user] of users.entries()) {
    for (const [kind, correo] of [
      ["known", user.correo],
      ["unknown", `tiempo-nadie-${i}@liceo.cl`],
    ] as const) {
      const start = performance.now();
      expect(await requestPasswordReset(correo, request())).toEqual({ ok: true });
      durations[kind].push(performance.now() - start);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [known, unknown] = [median(durations.known), median(durations.unknown)];
  console.info(`Recuperar contraseña, medianas: ${known.toFixed(2)} ms con cuenta, ${unknown.toFixed(2)} ms sin`);
  expect(unknown).toBeGreaterThan(known * 0.7);
});
