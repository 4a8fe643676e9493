// Password recovery's texts (docs/product.md#password-recovery), free of Zod and server code for the pages.

/** The one answer to a recovery request, whether or not the address has an account. */
export const RESET_REQUESTED =
  "Si existe una cuenta con ese correo, te enviamos un enlace para crear una nueva contraseña.";
/** An unknown, used, superseded or expired link. */
export const RESET_LINK_INVALID =
  "El enlace para crear una nueva contraseña no es válido, ya fue usado o expiró. " +
  "Si pediste más de uno, usa el del correo más reciente.";
export const RESET_DONE = "Tu contraseña fue cambiada. Ya puedes iniciar sesión.";
export const RESET_LINK_SELF = "Para cambiar tu propia contraseña usa 'Cambiar contraseña' en tu perfil.";
