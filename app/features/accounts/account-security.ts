// Words and intents of 'Cambiar contraseña' and 'Sesiones abiertas': free of Zod and server code, for components.

/** The forms' `intent` values: the profile pages hold several forms and one action. */
export const CHANGE_PASSWORD_INTENT = "cambiar-contrasena";
export const CLOSE_OTHER_SESSIONS_INTENT = "cerrar-sesiones";

export const CURRENT_PASSWORD_REQUIRED = "Ingresa tu contraseña actual.";
export const NEW_PASSWORD_REQUIRED = "Ingresa la contraseña nueva.";
export const CONFIRMATION_REQUIRED = "Repite la contraseña nueva.";
export const CURRENT_PASSWORD_WRONG = "La contraseña actual no es correcta.";
export const PASSWORD_CHANGED = "Contraseña actualizada. Se cerraron tus sesiones en otros navegadores y aplicaciones.";

/** A person rarely has more than a few: the newest 20 are listed (this one always among them). */
export const OPEN_SESSIONS_SHOWN = 20;

export const OTHER_SESSIONS_CLOSED = (n: number) =>
  n === 0
    ? "No había otras sesiones abiertas."
    : n === 1
      ? "Se cerró 1 sesión en otro navegador."
      : `Se cerraron ${n} sesiones en otros navegadores.`;
