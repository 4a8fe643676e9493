import { z } from "zod";
import { EMAIL_REQUIRED, MESSAGE_REQUIRED, NAME_REQUIRED, TOO_LONG } from "./messages.ts";

const trimmed = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string(message).min(1, message).max(max, TOO_LONG));

/** Contact form: full name, e-mail and message, all required; sitioWeb is the honeypot. */
export const ContactSchema = z.object({
  nombre: trimmed(NAME_REQUIRED, 200),
  correo: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string(EMAIL_REQUIRED).min(1, EMAIL_REQUIRED).max(254, EMAIL_REQUIRED).pipe(z.email(EMAIL_REQUIRED)),
  ),
  mensaje: trimmed(MESSAGE_REQUIRED, 5000),
  sitioWeb: z.unknown().optional(),
});
export type ContactInput = z.infer<typeof ContactSchema>;
