// Personal data under Ley 21.719 (docs/product.md#personal-data): the notice at /privacidad names who is
// responsible from configuration and states the retention the features enforce; a registration
// records the notice's version; the housekeeping deletes what is past its retention.
import { NOTIFICATION_RETENTION_DAYS } from "~/features/notifications/kinds.ts";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_IDLE_MS, SESSION_MAX_AGE_S } from "~/features/accounts/session.server.ts";
import { SENT_TEXT_RETENTION_DAYS } from "~/features/mail/outbox.server.ts";
import { PRIVACY_NOTICE_VERSION, RETENTION } from "~/lib/retention.ts";
import { purgePastRetention } from "~/features/privacy/retention.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { resetEnvCache } from "~/lib/env.server.ts";
import * as apiRegister from "~/routes/api/auth.register.ts";
import * as privacyPage from "~/routes/privacy.tsx";
import { backupRetentionText } from "~/features/backup/texts.ts";
import { args, jsonRequest } from "../factories.ts";

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["PRIVACY_CONTROLLER", "PRIVACY_EMAIL", "PRIVACY_ADDRESS", "BACKUP_KEEP", "BACKUP_EVERY_H"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
});

describe("the privacy notice", () => {
  it("names the responsible party from configuration (else the academy's name and contact)", () => {
    const fallback = privacyPage.loader();
    expect(fallback.controller).toBe(process.env.APP_NAME ?? "Academia Abierta");
    expect(fallback.email).toBe(process.env.CONTACT_EMAIL ?? "contacto@academia-abierta.cl");

    process.env.PRIVACY_CONTROLLER = "Fundación Aprender, RUT 65.123.456-7";
    process.env.PRIVACY_EMAIL = "datos@aprender.cl";
    process.env.PRIVACY_ADDRESS = "Calle Uno 123, Osorno";
    resetEnvCache();
    expect(privacyPage.loader()).toMatchObject({
      controller: "Fundación Aprender, RUT 65.123.456-7",
      email: "datos@aprender.cl",
      address: "Calle Uno 123, Osorno",
      version: PRIVACY_NOTICE_VERSION,
    });
  });

  it("states how long deleted data stays in the backups, from BACKUP_KEEP and BACKUP_EVERY_H", () => {
    process.env.BACKUP_KEEP = "5";
    process.env.BACKUP_EVERY_H = "24";
    resetEnvCache();
    const { backups } = privacyPage.loader();
    expect(backups).toEqual({ keep: 5, everyHours: 24 });
    expect(backupRetentionText(backups)).toBe(
      "Copias de seguridad: guardamos las 5 copias más recientes; lo que borras sigue en ellas hasta que se " +
        "reemplaza la última copia que lo contiene (se hace una cada 24 horas: a lo más 5 días).",
    );
    expect(backupRetentionText({ keep: 1, everyHours: null })).toBe(
      "Copias de seguridad: guardamos la copia más reciente; lo que borras sigue en ella hasta que se " +
        "reemplaza la última copia que lo contiene.",
    );
  });

  it("states the retention the features enforce", () => {
    expect(privacyPage.loader().retention).toEqual({
      sessionDays: SESSION_MAX_AGE_S / 86_400,
      sessionIdleDays: SESSION_IDLE_MS / 86_400_000,
      sentMailTextDays: SENT_TEXT_RETENTION_DAYS,
      auditMonths: RETENTION.auditMonths,
      contactMonths: RETENTION.contactMonths,
      serverLogDays: RETENTION.serverLogDays,
      notificationDays: NOTIFICATION_RETENTION_DAYS,
    });
  });

  it("a registration records the version shown and when", async () => {
    const before = Date.now();
    const answer = await apiRegister.action(
      args(
        jsonRequest("/api/auth/register", {
          nombre: "Rosa",
          apellido: "Vera",
          correo: "rosa.privacidad@test.cl",
          fechaNacimiento: "1990-01-01",
          rol: "comunidad",
          password: "pizarra verde 2026",
          confirmarPassword: "pizarra verde 2026",
        }),
      ),
    );
    expect(answer.status).toBe(201);
    const user = await prisma.user.findUniqueOrThrow({ where: { correo: "rosa.privacidad@test.cl" } });
    expect(user.privacidadVersion).toBe(PRIVACY_NOTICE_VERSION);
    expect(user.privacidadAceptadaEn!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("housekeeping past retention", () => {
  it("deletes audit entries and contact messages older than their retention, and nothing newer", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const monthsAgo = (m: number, days = 0) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - m);
      return new Date(d.getTime() + days * 86_400_000);
    };
    await prisma.auditLog.createMany({
      data: [
        { action: "login.success", detail: "vieja", createdAt: monthsAgo(RETENTION.auditMonths, -1) },
        { action: "login.success", detail: "reciente", createdAt: monthsAgo(RETENTION.auditMonths, 1) },
      ],
    });
    await prisma.contactMessage.createMany({
      data: [
        { nombre: "A", correo: "a@test.cl", mensaje: "vieja", createdAt: monthsAgo(RETENTION.contactMonths, -1) },
        { nombre: "B", correo: "b@test.cl", mensaje: "reciente", createdAt: monthsAgo(RETENTION.contactMonths, 1) },
      ],
    });
    const purged = await purgePastRetention(now);
    expect(purged.audit).toBeGreaterThanOrEqual(1);
    expect(purged.contact).toBe(1);
    expect(await prisma.auditLog.count({ where: { detail: "vieja" } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { detail: "reciente" } })).toBe(1);
    expect((await prisma.contactMessage.findMany({ select: { mensaje: true } })).map((m) => m.mensaje)).toContain(
      "reciente",
    );
    expect(await prisma.contactMessage.count({ where: { mensaje: "vieja" } })).toBe(0);
    // Idempotent: a second pass on another instance deletes nothing more.
    expect(await purgePastRetention(now)).toEqual({ audit: 0, contact: 0 });
  });
});
