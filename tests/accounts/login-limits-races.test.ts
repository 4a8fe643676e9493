// @postgresql: concurrent guesses against one counter (transactions)
// Sign-in guesses at once spend a budget exactly (docs/decisions/006): the points are reserved
// before the password is checked, in one statement per budget.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { BUDGETS } from "~/features/limits/rate-limits.server.ts";
import { createUser } from "../factories.ts";
import { apiSignIn, formSignIn, openForm } from "../sign-in.ts";

describe("concurrent guesses", () => {
  it("100 concurrent wrong guesses get exactly the budget's 10 answers of 401, the rest 429", async () => {
    const owner = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        apiSignIn(`47.0.${Math.floor(i / 50)}.${i % 50}`, owner.correo, `mal-${i}`),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(BUDGETS.loginFailuresAccount.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - BUDGETS.loginFailuresAccount.points);
    const row = await prisma.rateLimit.findUnique({ where: { key: `loginFailuresAccount:${owner.correo}` } });
    expect(row?.points).toBe(BUDGETS.loginFailuresAccount.points);
  });

  it("concurrent guesses from one browser stop at its budget too", async () => {
    const ip = "200.10.0.3";
    const browser = await openForm(ip);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => formSignIn(ip, `y-${i}@liceo-d.cl`, "no-es-la-clave", browser)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(BUDGETS.loginFailuresDevice.points);
  });
});
