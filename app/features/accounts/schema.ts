// One schema per form, on the server only (decision 003); the messages are docs/product.md's.
import { z } from "zod";
import { isNoEmailAddress } from "~/features/mail/no-email.ts";
import { nameText, singleLineText } from "~/lib/text.ts";
import { needsGuardian } from "./age.ts";
import { SELF_SERVICE_ROLES } from "./roles.ts";
import { isUsuario } from "./usuario.ts";

import {
  GUARDIAN_OWN_EMAIL,
  GUARDIAN_REQUIRED,
  INVALID_BIRTHDATE,
  INVALID_EMAIL,
  INVALID_ROLE,
  INVALID_SIGN_IN_NAME,
  PASSWORDS_DIFFER,
  PASSWORD_TOO_SHORT,
  REQUIRED_ALL,
  SIGN_IN_NAME_REQUIRED,
} from "./texts.ts";

export * from "./texts.ts";

/** A required one-line text (names, e-mail, date): no line breaks or other control characters. */
const required = (message: string, max = 200) =>
  singleLineText(z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres.`));

/** A required person's name: one line, and no zero-width characters either (lib/text.ts). */
const requiredName = (message: string, max: number) =>
  nameText(z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres.`));

export const email = (requiredMessage: string) =>
  required(requiredMessage, 254)
    .pipe(z.email(INVALID_EMAIL))
    .transform((v) => v.toLowerCase());

/** An address to register with: a mailbox, never a reserved sign-in name (mail/no-email.ts). */
const mailbox = (requiredMessage: string) => email(requiredMessage).refine((v) => !isNoEmailAddress(v), INVALID_EMAIL);

/** An optional person's name: blank is absent. */
const optionalName = (max: number) =>
  nameText(z.string().trim().max(max, `Máximo ${max} caracteres.`))
    .optional()
    .transform((v) => v || undefined);
/** An optional e-mail address: blank is absent. */
const optionalEmail = z
  .union([z.literal(""), email(INVALID_EMAIL)])
  .optional()
  .transform((v) => v || undefined);

const birthDate = required(REQUIRED_ALL, 10).refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now();
}, INVALID_BIRTHDATE);

/** What the sign-in form's 'Correo o usuario' takes: an e-mail address or a usuario (usuario.ts), lower-cased. */
const signInName = required(SIGN_IN_NAME_REQUIRED, 254)
  .transform((v) => v.toLowerCase())
  .refine((v) => (v.includes("@") ? z.email().safeParse(v).success : isUsuario(v)), INVALID_SIGN_IN_NAME);

/** The form posts `correo` (an address or a usuario); the API also takes a field `usuario` in its place. */
export const LoginSchema = z
  .object({
    correo: signInName.optional(),
    usuario: signInName.optional(),
    password: z.string({ error: "Ingresa tu contraseña." }).min(1, "Ingresa tu contraseña.").max(200),
    redirectTo: z.string().max(500).optional(),
  })
  .refine((v) => v.correo ?? v.usuario, { message: SIGN_IN_NAME_REQUIRED, path: ["correo"] })
  .transform(({ usuario, ...v }) => ({ ...v, correo: (v.correo ?? usuario)! }));
export type LoginInput = z.infer<typeof LoginSchema>;

export const PASSWORD_MAX = 200;
const PASSWORD_TOO_LONG = `Máximo ${PASSWORD_MAX} caracteres.`;

/** A new password typed twice (8 to 200 characters; checkNewPassword refuses the common ones). */
export function newPasswordFields(missing = { password: REQUIRED_ALL, confirmation: REQUIRED_ALL }) {
  return {
    password: z
      .string({ error: missing.password })
      .min(1, missing.password)
      .min(8, PASSWORD_TOO_SHORT)
      .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
    confirmarPassword: z
      .string({ error: missing.confirmation })
      .min(1, missing.confirmation)
      .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
  };
}

/** Both passwords equal; reported whenever both were sent, so one submit shows every problem. */
export function matchingPasswords<T extends z.ZodType<{ password: string; confirmarPassword: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.confirmarPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmarPassword"],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmarPassword?: unknown };
      return typeof value.password === "string" && typeof value.confirmarPassword === "string";
    },
  });
}

/** A person's name and birth date: registration, the profile and an admin's correction use these same fields. */
export const PersonFields = {
  nombre: requiredName(REQUIRED_ALL, 80),
  apellido: requiredName(REQUIRED_ALL, 80),
  fechaNacimiento: birthDate,
};

export const RegisterSchema = matchingPasswords(
  z.object({
    nombre: PersonFields.nombre,
    apellido: PersonFields.apellido,
    correo: mailbox(REQUIRED_ALL),
    fechaNacimiento: PersonFields.fechaNacimiento,
    rol: z.enum(SELF_SERVICE_ROLES, { error: (issue) => (issue.input === undefined ? REQUIRED_ALL : INVALID_ROLE) }),
    ...newPasswordFields(),
    // Under 14 (age.ts): a parent's or guardian's name and address, who is asked to consent.
    tutorNombre: optionalName(160),
    tutorCorreo: optionalEmail,
    // Honeypot: people never see it; bots fill it.
    sitioWeb: z.string().max(200).optional(),
  }),
).superRefine((v, ctx) => {
  if (!needsGuardian(v.fechaNacimiento)) return;
  if (!v.tutorNombre) ctx.addIssue({ code: "custom", message: GUARDIAN_REQUIRED, path: ["tutorNombre"] });
  if (!v.tutorCorreo) ctx.addIssue({ code: "custom", message: GUARDIAN_REQUIRED, path: ["tutorCorreo"] });
  else if (v.tutorCorreo === v.correo)
    ctx.addIssue({ code: "custom", message: GUARDIAN_OWN_EMAIL, path: ["tutorCorreo"] });
});
export type RegisterInput = z.infer<typeof RegisterSchema>;
export type RegisterFields = z.input<typeof RegisterSchema>;

/** The first message of a failed parse, for JSON APIs ({ error }). */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Datos inválidos.";
}
