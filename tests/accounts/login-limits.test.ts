// Sign-in limits a classmate cannot turn against the class (docs/decisions/006):
// budgets per browser (signed device cookie), per IP only for requests without one and for
// unknown addresses, per address across every IP with a notice to the owner and an exemption
// for browsers the owner signed in from, and points reserved before the password is checked.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server.ts";
import { BAD_CREDENTIALS } from "~/features/accounts/login.server.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { createUser, readJson, TEST_PASSWORD } from "../factories.ts";
import { apiSignIn, cookiesAfter, formSignIn, openForm } from "../sign-in.ts";

describe("a classmate's script against a lab behind one IP", () => {
  it("100 failures for made-up addresses refuse scripts without cookies, never the class's browsers", async () => {
    const ip = "200.10.0.1";
    const students = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createUser({ correo: `lab-${i}@liceo-a.cl` })),
    );
    // The students opened the form before the script ran (their browsers hold a device cookie).
    const browsers = await Promise.all(students.map(() => openForm(ip)));

    for (let i = 0; i < BUDGETS.loginFailuresIp.points; i++) {
      expect((await formSignIn(ip, `nadie-${i}@liceo-a.cl`, "no-es-la-clave")).status).toBe(401);
    }
    const script = await formSignIn(ip, "nadie-mas@liceo-a.cl", "no-es-la-clave");
    expect(script.status).toBe(429);
    expect(script.error).toBe(TOO_MANY_REQUESTS);
    expect(Number(script.retryAfter)).toBeGreaterThan(0);

    // 40 students, two typos each, then their passwords: every one signs in.
    for (const [i, student] of students.entries()) {
      for (const typo of ["clave", "Clave-De-Prueba"]) {
        const wrong = await formSignIn(ip, student.correo, typo, browsers[i]);
        expect(wrong.status).toBe(401);
        expect(wrong.error).toBe(BAD_CREDENTIALS);
      }
      expect((await formSignIn(ip, student.correo, TEST_PASSWORD, browsers[i])).status).toBe(302);
    }
    // Without a device cookie (an API client at that IP) the IP's budget still applies, and says when.
    const api = await apiSignIn(ip, students[0]!.correo, TEST_PASSWORD);
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(api)).toEqual({ error: TOO_MANY_REQUESTS });
    // About 260 argon2 hashes and checks by design (40 accounts, 100 + 120 sign-ins): seconds on a
    // quiet machine, more than the default 20 s on a loaded CI runner.
  }, 90_000);

  it("a browser that keeps failing is stopped on its own, whatever addresses it tries", async () => {
    const ip = "200.10.0.2";
    const classmate = await openForm(ip);
    for (let i = 0; i < BUDGETS.loginFailuresDevice.points; i++) {
      expect((await formSignIn(ip, `x-${i}@liceo-b.cl`, "no-es-la-clave", classmate)).status).toBe(401);
    }
    const stopped = await formSignIn(ip, "otra@liceo-b.cl", "no-es-la-clave", classmate);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.retryAfter)).toBeGreaterThan(0);
    // Someone else in the same room is not refused.
    const other = await createUser();
    expect((await formSignIn(ip, other.correo, TEST_PASSWORD, await openForm(ip))).status).toBe(302);
  });
});

describe("guessing one account", () => {
  it("is capped across every IP, tells the owner once, and never locks the owner out of a browser they used", async () => {
    const owner = await createUser({ correo: "duena@liceo-c.cl" });
    // The owner signed in from their browser last week.
    const ownBrowser = await openForm("190.1.1.1");
    const first = await formSignIn("190.1.1.1", owner.correo, TEST_PASSWORD, ownBrowser);
    expect(first.status).toBe(302);
    const ownCookies = cookiesAfter(first.answer as Response)
      .split("; ")
      .filter((c) => c.startsWith("academia_dispositivo="))
      .join("; ");

    // A classmate (same IP, own browser) and then scripts on other IPs guess.
    const classmate = await openForm("190.1.1.1");
    for (let i = 0; i < 5; i++) {
      expect((await formSignIn("190.1.1.1", owner.correo, `adivina-${i}`, classmate)).status).toBe(401);
    }
    for (let i = 5; i < BUDGETS.loginFailuresAccount.points; i++) {
      expect((await apiSignIn(`45.0.0.${i}`, owner.correo, `adivina-${i}`)).status).toBe(401);
    }
    const elsewhere = await apiSignIn("45.0.1.1", owner.correo, TEST_PASSWORD);
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get("Retry-After"))).toBeGreaterThan(0);
    const classmateAgain = await formSignIn("190.1.1.1", owner.correo, "otra-adivinanza", classmate);
    expect(classmateAgain.status).toBe(429);

    // The owner, from their browser, still gets in (same IP as the classmate).
    const back = await formSignIn("190.1.1.1", owner.correo, TEST_PASSWORD, ownCookies);
    expect(back.status).toBe(302);

    const notices = await prisma.outboxMail.findMany({ where: { to: owner.correo, kind: "login.guessing" } });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("navegador donde ya hayas iniciado sesión");
  });

  it("an address that has no account is capped alike (the limit tells nobody which addresses exist)", async () => {
    for (let i = 0; i < BUDGETS.loginFailuresAccount.points; i++) {
      expect((await apiSignIn(`46.0.0.${i}`, "no-existe@liceo-c.cl", "clave-al-azar")).status).toBe(401);
    }
    expect((await apiSignIn("46.0.1.1", "no-existe@liceo-c.cl", "clave-al-azar")).status).toBe(429);
    expect(await prisma.outboxMail.count({ where: { to: "no-existe@liceo-c.cl" } })).toBe(0);
  });

  it("right passwords spend nothing, and a forged device cookie counts as none", async () => {
    const user = await createUser();
    for (let i = 0; i < BUDGETS.loginFailuresAccount.points + 5; i++) {
      expect((await apiSignIn(`48.0.0.${i}`, user.correo, TEST_PASSWORD)).status).toBe(200);
    }
    const row = await prisma.rateLimit.findUnique({ where: { key: `loginFailuresAccount:${user.correo}` } });
    expect(row?.points ?? 0).toBe(0);

    const ip = "200.10.0.4";
    const real = await openForm(ip);
    const forged = real.replace(/=(.)/, (_m, c: string) => `=${c === "a" ? "b" : "a"}`);
    const answer = await formSignIn(ip, "z@liceo-e.cl", "no-es-la-clave", forged);
    expect(answer.status).toBe(401);
    const ipRow = await prisma.rateLimit.findUnique({ where: { key: `loginFailuresIp:${ip}` } });
    expect(ipRow?.points).toBe(1);
  });
});
