// One-off data steps: work a migration leaves to the application because it needs the
// application's own rules (the search words of rows written before the word tables existed are
// cut by app/lib/search-text.ts, which SQL cannot do). Each step runs once per database, after the
// migrations, and is recorded in DataStep; a later start skips it with one primary-key read
// instead of walking every row again. A step that fails is not recorded and runs at the next
// start. Steps must be idempotent: two instances starting together may both run one.
import { prisma } from "~/lib/db.server.ts";

export type DataStep = { name: string; run: () => Promise<unknown> };

/** Runs, in order, the steps not yet recorded; returns the names it ran. Stops at the first failure. */
export async function runDataSteps(steps: readonly DataStep[]): Promise<string[]> {
  const done = new Set(
    (await prisma.dataStep.findMany({ where: { name: { in: steps.map((s) => s.name) } }, select: { name: true } })).map(
      (row) => row.name,
    ),
  );
  const ran: string[] = [];
  for (const step of steps) {
    if (done.has(step.name)) continue;
    await step.run();
    await prisma.dataStep.upsert({ where: { name: step.name }, create: { name: step.name }, update: {} });
    ran.push(step.name);
  }
  return ran;
}
