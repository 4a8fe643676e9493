// Accounts without an e-mail address (docs/decisions/023-class-import-and-learners-without-email.md,
// amended by 040): a teacher's class import may create an account for a pupil who has none. Its
// `correo` is then `{usuario}@sin-correo.invalid`, on a domain reserved never to exist ('.invalid',
// RFC 2606), unique like any other. No mail is ever sent to it: the outbox drops it
// (outbox.server.ts), whatever feature asks; and no page or answer shows it (shownAddress).
export const NO_EMAIL_DOMAIN = "sin-correo.invalid";

/** Whether an address is one of these placeholders rather than a mailbox. */
export function isNoEmailAddress(address: string): boolean {
  return address.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
}

/**
 * What a page or an API answer shows for an account's address: the address, or for an account
 * without e-mail its usuario (the placeholder's first part), never the placeholder itself.
 */
export function shownAddress(address: string): string {
  return isNoEmailAddress(address) ? address.slice(0, address.lastIndexOf("@")) : address;
}
