// How long the kinds of personal data without a feature of their own are kept
// (docs/product.md#personal-data): the privacy notice (/privacidad), the housekeeping job and the
// tests read them here; sessions, sent mail texts and the rest keep theirs in their features.
// Plain module: safe for the browser.

/** The privacy notice's version: a registration records the one it was shown. Change it with the text. */
export const PRIVACY_NOTICE_VERSION = "2026-11-26";

export const RETENTION = {
  /** Audit entries (sign-ins, approvals, deletions…, with the IP): then deleted. */
  auditMonths: 12,
  /** Messages sent through the contact form: then deleted. */
  contactMonths: 24,
  /**
   * The server's log (one line per request: time, route pattern, status, user id; decision 030):
   * not in the database, so whoever runs the server keeps it this long (README, Operations).
   */
  serverLogDays: 30,
} as const;
