// The quiz calls' own authentication messages (docs/product.md#api-conventions).
import type { AuthMessages } from "~/features/accounts/api-guards.server.ts";

export const QUIZ_AUTH_MESSAGES: AuthMessages = {
  missing: "No hay sesión activa. Inicie sesión nuevamente.",
  invalid: "Error de autenticación. Por favor, inicia sesión nuevamente.",
  noUser: "No se pudo identificar al usuario. Por favor, inicia sesión nuevamente.",
};
