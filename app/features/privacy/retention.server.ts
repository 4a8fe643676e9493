// Audit entries and contact messages past their retention (RETENTION) are deleted, hourly; idempotent.
import { purgeAuditBefore } from "~/features/audit/privacy.server.ts";
import { purgeContactBefore } from "~/features/contact/privacy.server.ts";
import { RETENTION } from "~/lib/retention.ts";

function monthsBefore(now: Date, months: number) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function purgePastRetention(now = new Date()): Promise<{ audit: number; contact: number }> {
  const audit = await purgeAuditBefore(monthsBefore(now, RETENTION.auditMonths));
  const contact = await purgeContactBefore(monthsBefore(now, RETENTION.contactMonths));
  return { audit, contact };
}
