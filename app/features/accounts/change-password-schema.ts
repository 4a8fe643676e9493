// 'Cambiar contraseña': one schema for the profile form and POST /api/auth/change-password (decision 003).
import { z } from "zod";
import { CONFIRMATION_REQUIRED, CURRENT_PASSWORD_REQUIRED, NEW_PASSWORD_REQUIRED } from "./account-security.ts";
import { matchingPasswords, newPasswordFields, PASSWORD_MAX } from "./schema.ts";

const { password, confirmarPassword } = newPasswordFields({
  password: NEW_PASSWORD_REQUIRED,
  confirmation: CONFIRMATION_REQUIRED,
});

export const ChangePasswordSchema = matchingPasswords(
  z.object({
    passwordActual: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX, `Máximo ${PASSWORD_MAX} caracteres.`)
      .meta({ description: "La contraseña con que ingresas hoy." }),
    password: password.meta({ description: "La contraseña nueva: al menos 8 caracteres, no una de las más comunes." }),
    confirmarPassword: confirmarPassword.meta({ description: "La contraseña nueva otra vez." }),
  }),
);
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
export type ChangePasswordFields = z.input<typeof ChangePasswordSchema>;

/** Never sent back to the page after a refused attempt. */
export const PASSWORD_FIELDS = ["passwordActual", "password", "confirmarPassword"];
