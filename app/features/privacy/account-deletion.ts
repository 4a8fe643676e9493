// Words, intent and choices of 'Eliminar mi cuenta', free of Zod and server code for the components.

/** The profile form's `intent`: the profile pages hold several forms and one action. */
export const DELETE_ACCOUNT_INTENT = "eliminar-cuenta";
/** The search parameter that opens the confirmation dialog (works without JavaScript). */
export const DELETE_ACCOUNT_PARAM = "eliminar-cuenta";

/** What becomes of the person's certificates: kept verifiable with their name, or revoked. */
export const CERTIFICATE_CHOICES = ["conservar", "revocar"] as const;
export type CertificateChoice = (typeof CERTIFICATE_CHOICES)[number];
/** When nobody says (the admin's API call without a body): the certificates stay verifiable. */
export const DEFAULT_CERTIFICATE_CHOICE: CertificateChoice = "conservar";

/** What a deleted person's sent messages show as their sender, in place of name, e-mail and role. */
export const DELETED_SENDER = "Cuenta eliminada";

export const ACCOUNT_DELETED = "Tu cuenta fue eliminada.";
export const USER_DELETED = "Cuenta eliminada.";
export const DELETE_PASSWORD_REQUIRED = "Ingresa tu contraseña para confirmar.";
export const DELETE_PASSWORD_WRONG = "La contraseña no es correcta.";
export const CERTIFICATE_CHOICE_INVALID = "Elige «conservar» o «revocar» para tus certificados.";
export const LAST_ADMIN =
  "No puedes eliminar tu cuenta: eres el único administrador aprobado y la academia quedaría sin nadie que la " +
  "administre. Primero debe haber otra cuenta de administrador aprobada.";

/** A choice as the forms word it, for the holder (`own`) or an admin, in the number of certificates. */
export function certificateChoiceLabel(choice: CertificateChoice, { own, count }: { own: boolean; count: number }) {
  const name = own ? "tu nombre" : "el nombre";
  if (count === 1) {
    return choice === "conservar"
      ? `Mantenerlo verificable: su página seguirá mostrando ${name}, el curso y la fecha, y su PDF.`
      : `Revocarlo: su página dirá «Certificado revocado a petición de su titular», sin ${name}, y se borrará su PDF.`;
  }
  return choice === "conservar"
    ? `Mantenerlos verificables: sus páginas seguirán mostrando ${name}, el curso y la fecha, y sus PDF.`
    : "Revocarlos: sus páginas dirán «Certificado revocado a petición de su titular», " +
        `sin ${name}, y se borrarán sus PDF.`;
}
