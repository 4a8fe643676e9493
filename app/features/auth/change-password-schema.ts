// 'Cambiar contraseña' (docs/product.md#password-change): one schema for the form of both profile
// pages and POST /api/auth/change-password, on the server only (decision 003). The new password
// follows the registration's rules (at least 8 characters, at most 200, typed twice; the common
// ones are refused by the service, checkNewPassword).
import { z } from "zod";
import { CONFIRMATION_REQUIRED, CURRENT_PASSWORD_REQUIRED, NEW_PASSWORD_REQUIRED } from "./account-security.ts";
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from "./messages.ts";

const MAX = 200;
const tooLong = `Máximo ${MAX} caracteres.`;

export const ChangePasswordSchema = z
  .object({
    passwordActual: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(MAX, tooLong)
      .meta({ description: "La contraseña con que ingresas hoy." }),
    password: z
      .string({ error: NEW_PASSWORD_REQUIRED })
      .min(1, NEW_PASSWORD_REQUIRED)
      .min(8, PASSWORD_TOO_SHORT)
      .max(MAX, tooLong)
      .meta({ description: "La contraseña nueva: al menos 8 caracteres, no una de las más comunes." }),
    confirmarPassword: z
      .string({ error: CONFIRMATION_REQUIRED })
      .min(1, CONFIRMATION_REQUIRED)
      .max(MAX, tooLong)
      .meta({ description: "La contraseña nueva otra vez." }),
  })
  .refine((v) => v.password === v.confirmarPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmarPassword"],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmarPassword?: unknown };
      return typeof value.password === "string" && typeof value.confirmarPassword === "string";
    },
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
/** The form's fields as typed. */
export type ChangePasswordFields = z.input<typeof ChangePasswordSchema>;

/** Never sent back to the page after a refused attempt. */
export const PASSWORD_FIELDS = ["passwordActual", "password", "confirmarPassword"];
