// 'Eliminar mi cuenta' (docs/product.md#suspension-and-deletion): the form's, the API's and the admin's schemas.
import { z } from "zod";
import {
  CERTIFICATE_CHOICE_INVALID,
  CERTIFICATE_CHOICES,
  DEFAULT_CERTIFICATE_CHOICE,
  DELETE_PASSWORD_REQUIRED,
} from "./account-deletion.ts";

const certificados = z
  .enum(CERTIFICATE_CHOICES, { error: CERTIFICATE_CHOICE_INVALID })
  .default(DEFAULT_CERTIFICATE_CHOICE)
  .meta({
    description:
      "conservar (por omisión): los certificados siguen verificables con el nombre que tienen, sin cuenta. " +
      "revocar: su verificación dice 'Certificado revocado a petición de su titular', sin nombre ni PDF.",
  });

export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: DELETE_PASSWORD_REQUIRED })
    .min(1, DELETE_PASSWORD_REQUIRED)
    .max(200, "Máximo 200 caracteres.")
    .meta({ description: "La contraseña de la cuenta, para confirmar." }),
  certificados,
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;
export type DeleteAccountFields = z.input<typeof DeleteAccountSchema>;

/** An admin deleting someone else's account: only the certificates' fate (absent: conservar). */
export const AdminDeleteUserSchema = z.object({ certificados });

/** The answer of DELETE /api/auth/cuenta: the message and what became of the certificates. */
export const AccountDeletedSchema = z.object({
  message: z.string(),
  certificados: z.object({
    conservados: z.number().int().meta({ description: "Certificados que siguen verificables." }),
    revocados: z.number().int().meta({ description: "Certificados revocados (sin nombre ni PDF)." }),
  }),
});
export type AccountDeletedJson = z.output<typeof AccountDeletedSchema>;
