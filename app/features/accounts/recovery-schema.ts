// Password recovery's schemas (decision 003), for the pages and their /api twins; common passwords: the service.
import { z } from "zod";
import { email, matchingPasswords, newPasswordFields, PASSWORD_MAX } from "./schema.ts";
import { RESET_LINK_INVALID } from "./recovery-texts.ts";

export const ForgotPasswordSchema = z.object({ correo: email("Ingresa tu correo electrónico.") });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** The link's page: the token is in its path. */
export const NewPasswordSchema = matchingPasswords(z.object(newPasswordFields()));
export type NewPasswordInput = z.infer<typeof NewPasswordSchema>;

/** POST /api/auth/reset-password: the link's token in the body. */
export const ResetPasswordSchema = matchingPasswords(
  z.object({
    token: z
      .string({ error: RESET_LINK_INVALID })
      .min(1, RESET_LINK_INVALID)
      .max(PASSWORD_MAX, RESET_LINK_INVALID)
      .meta({ description: "El token del enlace: lo que sigue a /recuperar/ en su dirección." }),
    ...newPasswordFields(),
  }),
);
