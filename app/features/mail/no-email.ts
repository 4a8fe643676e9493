// Accounts without an e-mail address (docs/decisions/023-class-import-and-learners-without-email.md):
// a teacher's class import may create an account for a pupil who has none. Its `correo` is then
// an address on a domain reserved never to exist ('.invalid', RFC 2606), unique like any other,
// which the person types as their user to sign in. No mail is ever sent to it: the outbox drops
// it (outbox.server.ts), whatever feature asks.
export const NO_EMAIL_DOMAIN = "sin-correo.invalid";

/** Whether an address is one of these sign-in names rather than a mailbox. */
export function isNoEmailAddress(address: string): boolean {
  return address.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
}
