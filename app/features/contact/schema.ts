import { z } from "zod";
import { multiLineText, nameText, singleLineText } from "~/lib/text.ts";
import { EMAIL_REQUIRED, MESSAGE_REQUIRED, NAME_REQUIRED, REPLY_REQUIRED, TOO_LONG } from "./texts.ts";

const trimmed = (message: string, max: number) => z.string(message).min(1, message).max(max, TOO_LONG);
const trim = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** Contact form: full name, e-mail and message, all required; sitioWeb is the honeypot. */
export const ContactSchema = z.object({
  nombre: z.preprocess(trim, nameText(trimmed(NAME_REQUIRED, 200))),
  correo: z.preprocess(
    trim,
    singleLineText(z.string(EMAIL_REQUIRED).min(1, EMAIL_REQUIRED).max(254, EMAIL_REQUIRED)).pipe(
      z.email(EMAIL_REQUIRED),
    ),
  ),
  mensaje: z.preprocess(trim, multiLineText(trimmed(MESSAGE_REQUIRED, 5000))),
  sitioWeb: z
    .unknown()
    .optional()
    .meta({ type: "string", description: "Déjalo vacío (una trampa para programas automáticos)." }),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** An admin's answer to a contact message, e-mailed to its sender: multi-line, required. */
export const ContactReplySchema = z.object({
  respuesta: z.preprocess(trim, multiLineText(trimmed(REPLY_REQUIRED, 5000))),
});
