// @postgresql: multi-row inserts in raw SQL (the engines' parameter limits differ)
// 'Aprobar seleccionadas' / 'Suspender seleccionadas' in Registros (docs/product.md#bulk-approval-and-suspension):
// the single actions' rules, e-mails and audit entries, for many accounts in one transaction.
import { describe, expect, it } from "vitest";
import { GUARDIAN_PENDING } from "~/features/accounts/texts.ts";
import { approveUsers, BULK_UNCONFIRMED, CANNOT_SUSPEND_SELF } from "~/features/accounts/users.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as records from "~/routes/admin/records.tsx";
import { args, createUser, flashOf, getRequest, signedIn, thrown } from "../factories.ts";

function bulkRequest(intent: string, ids: string[], cookie: string) {
  const body = new URLSearchParams({ intent });
  for (const id of ids) body.append("ids", id);
  return new Request("http://localhost:3000/admin/records", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
      Host: "localhost:3000",
      Cookie: cookie,
    },
    body,
  });
}
describe("bulk actions in Registros", () => {
  it("'Aprobar seleccionadas' approves, e-mails and audits the ones the single rule allows", async () => {
    const admin = await signedIn("admin");
    const ready = await createUser({ aprobado: false });
    const ready2 = await createUser({ aprobado: false });
    const unconfirmed = await createUser({ aprobado: false, correoConfirmado: false });
    const child = await createUser({ aprobado: false });
    await prisma.user.update({ where: { id: child.id }, data: { requiereTutor: true } });
    const already = await createUser();

    const ids = [ready.id, ready2.id, unconfirmed.id, child.id, already.id, "no-existe"];
    const response = (await records.action(args(bulkRequest("bulk-approve", ids, admin.cookie)))) as Response;
    expect(response.status).toBe(302);
    expect((await flashOf(response))?.message).toBe(
      `Se aprobaron 3 cuentas. 3 quedaron como estaban (${BULK_UNCONFIRMED}; ${GUARDIAN_PENDING}; Usuario no encontrado).`,
    );
    const state = async (id: string) => (await prisma.user.findUniqueOrThrow({ where: { id } })).aprobado;
    expect([await state(ready.id), await state(ready2.id)]).toEqual([true, true]);
    expect([await state(unconfirmed.id), await state(child.id)]).toEqual([false, false]);
    // The single approval's e-mail, to the newly approved only.
    const mails = await prisma.outboxMail.findMany({
      where: { kind: "user.approved", to: { in: [ready.correo, ready2.correo, already.correo] } },
    });
    expect(mails.map((m) => m.to).sort()).toEqual([ready.correo, ready2.correo].sort());
    const audit = await prisma.auditLog.findMany({ where: { action: "user.approve", actorId: admin.user.id } });
    expect(audit.map((a) => a.targetId).sort()).toEqual([ready.id, ready2.id].sort());

    // The API's approval approves an unproven address (the admin decides), as the single call does.
    const api = await approveUsers(admin.user, [unconfirmed.id], null);
    expect(api).toEqual({ done: [unconfirmed.id], skipped: [] });
  });

  it("'Suspender seleccionadas' ends their sessions, never the admin's own account", async () => {
    const admin = await signedIn("admin");
    const one = await signedIn("estudiante");
    const two = await signedIn("docente");
    const response = (await records.action(
      args(bulkRequest("bulk-suspend", [one.user.id, two.user.id, admin.user.id], admin.cookie)),
    )) as Response;
    expect((await flashOf(response))?.message).toBe(
      `Se suspendieron 2 cuentas. 1 quedó como estaba (${CANNOT_SUSPEND_SELF}).`,
    );
    for (const who of [one, two]) {
      expect(await prisma.user.findUniqueOrThrow({ where: { id: who.user.id } })).toMatchObject({ aprobado: false });
      expect(await prisma.session.count({ where: { userId: who.user.id } })).toBe(0);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.user.id } })).aprobado).toBe(true);
    expect(
      await prisma.auditLog.count({ where: { action: "user.suspend", targetId: { in: [one.user.id, two.user.id] } } }),
    ).toBe(2);
  });

  it("nothing checked, or too many, is refused; anyone but an admin is sent away and changes nothing", async () => {
    const admin = await signedIn("admin");
    const none = (await records.action(args(bulkRequest("bulk-approve", [], admin.cookie)))) as Response;
    expect((await flashOf(none))?.message).toBe("Marca al menos una cuenta.");
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    const tooMany = (await records.action(args(bulkRequest("bulk-suspend", many, admin.cookie)))) as Response;
    expect((await flashOf(tooMany))?.message).toBe("Elige a lo más 100 cuentas a la vez.");

    const pending = await createUser({ aprobado: false });
    for (const rol of ["estudiante", "docente", "comunidad"]) {
      const user = await signedIn(rol);
      const refused = await thrown(records.action(args(bulkRequest("bulk-approve", [pending.id], user.cookie))));
      expect(refused.status).toBe(302);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).aprobado).toBe(false);
    const page = await records.loader(args(getRequest("/admin/records", admin.cookie)));
    expect(page.adminId).toBe(admin.user.id);
  });
});
