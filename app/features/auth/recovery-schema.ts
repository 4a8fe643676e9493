// The password recovery forms' schemas (decision 003: server only), shared by /recuperar,
// /recuperar/{token} and their /api twins. A new password follows the registration's rules:
// 8 to 200 characters, both fields equal; the common-password check is the service's
// (checkNewPassword), since it needs the local list.
import { z } from "zod";
import { email } from "./schema.ts";
import { PASSWORDS_DIFFER, PASSWORD_TOO_SHORT, REQUIRED_ALL } from "./messages.ts";
import { RESET_LINK_INVALID } from "./recovery-messages.ts";

const MAX = 200;
const TOO_LONG = `Máximo ${MAX} caracteres.`;

export const ForgotPasswordSchema = z.object({ correo: email("Ingresa tu correo electrónico.") });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

const newPasswordFields = {
  password: z.string({ error: REQUIRED_ALL }).min(1, REQUIRED_ALL).min(8, PASSWORD_TOO_SHORT).max(MAX, TOO_LONG),
  confirmarPassword: z.string({ error: REQUIRED_ALL }).min(1, REQUIRED_ALL).max(MAX, TOO_LONG),
};

/** Both passwords equal; reported whenever both were sent, so one submit shows every problem. */
function matching<T extends z.ZodType<{ password: string; confirmarPassword: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.confirmarPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmarPassword"],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmarPassword?: unknown };
      return typeof value.password === "string" && typeof value.confirmarPassword === "string";
    },
  });
}

/** The link's page: the token is in its path. */
export const NewPasswordSchema = matching(z.object(newPasswordFields));
export type NewPasswordInput = z.infer<typeof NewPasswordSchema>;

/** POST /api/auth/reset-password: the link's token in the body. */
export const ResetPasswordSchema = matching(
  z.object({
    token: z
      .string({ error: RESET_LINK_INVALID })
      .min(1, RESET_LINK_INVALID)
      .max(MAX, RESET_LINK_INVALID)
      .meta({ description: "El token del enlace: lo que sigue a /recuperar/ en su dirección." }),
    ...newPasswordFields,
  }),
);
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
