// What the contact form keeps of people: its messages, for RETENTION.contactMonths (lib/retention.ts).
import { prisma } from "~/lib/db.server.ts";

/** Housekeeping: contact-form messages older than `before` go; how many went. */
export async function purgeContactBefore(before: Date) {
  return (await prisma.contactMessage.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
