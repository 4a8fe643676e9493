// @postgresql: data steps that run after the migrations, in raw SQL
// One-off data steps (app/lib/db/data-steps.server.ts): the search backfills run once per
// database, after the migrations, instead of walking every row at every start.
import { describe, expect, it } from "vitest";
import { runDataSteps } from "~/lib/db/data-steps.server.ts";
import { SEARCH_BACKFILLS } from "~/jobs.server.ts";
import { listUsers } from "~/features/accounts/users.server.ts";
import { prisma } from "~/lib/db.server.ts";

describe("one-off data steps", () => {
  it("run once each, in order; a failed step is not recorded, stops the rest and runs at the next start", async () => {
    const calls: string[] = [];
    let failing = true;
    const steps = [
      { name: "test:a", run: async () => calls.push("a") },
      {
        name: "test:b",
        run: async () => {
          calls.push("b");
          if (failing) throw new Error("disk full");
        },
      },
      { name: "test:c", run: async () => calls.push("c") },
    ];
    await expect(runDataSteps(steps)).rejects.toThrow("disk full");
    expect(calls).toEqual(["a", "b"]);
    failing = false;
    expect(await runDataSteps(steps)).toEqual(["test:b", "test:c"]);
    expect(await runDataSteps(steps)).toEqual([]);
    expect(calls).toEqual(["a", "b", "b", "c"]);
    const recorded = await prisma.dataStep.findMany({
      where: { name: { startsWith: "test:" } },
      orderBy: { name: "asc" },
    });
    expect(recorded.map((r) => r.name)).toEqual(["test:a", "test:b", "test:c"]);
  });

  it("the search fills find rows written before the word tables, once: a later start reads only DataStep", async () => {
    // An account as an older version wrote it: no UserWord rows.
    await prisma.user.create({
      data: {
        nombre: "Anterior",
        apellido: "Alaspalabras",
        correo: "anterior@antiguo.cl",
        rol: "comunidad",
        passwordHash: "x",
      },
    });
    expect((await listUsers({ q: "alaspalabras" })).total).toBe(0);
    expect(await runDataSteps(SEARCH_BACKFILLS)).toEqual(SEARCH_BACKFILLS.map((s) => s.name));
    expect((await listUsers({ q: "alaspalabras" })).users.map((u) => u.correo)).toEqual(["anterior@antiguo.cl"]);
    // The next start runs nothing: an account written now without words stays unfilled (every
    // writer of today writes its words in the same transaction, tests/library/word-search.test.ts).
    expect(await runDataSteps(SEARCH_BACKFILLS)).toEqual([]);
  });
});
