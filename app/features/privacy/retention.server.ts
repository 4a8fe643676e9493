// Housekeeping for personal data past its retention (RETENTION in retention.ts): audit entries
// and contact-form messages. Sessions, account tokens, rate-limit rows and sent mail texts have
// purges of their own in their features. Idempotent deletes on indexed dates: safe on every
// instance, hourly.
import { prisma } from "~/lib/db.server.ts";
import { RETENTION } from "~/lib/retention.ts";

function monthsBefore(now: Date, months: number) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function purgePastRetention(now = new Date()): Promise<{ audit: number; contact: number }> {
  const audit = await prisma.auditLog.deleteMany({
    where: { createdAt: { lt: monthsBefore(now, RETENTION.auditMonths) } },
  });
  const contact = await prisma.contactMessage.deleteMany({
    where: { createdAt: { lt: monthsBefore(now, RETENTION.contactMonths) } },
  });
  return { audit: audit.count, contact: contact.count };
}
