// The account forms' messages (docs/product.md#texts-sign-in-and-registration), free of Zod for the pages.
export const REQUIRED_ALL = "Por favor, completa todos los campos.";
export const PASSWORDS_DIFFER = "Las contraseñas no coinciden.";
export const INVALID_EMAIL = "Ingresa un correo electrónico válido.";
export const INVALID_ROLE = "Selecciona un rol válido: docente, estudiante o comunidad.";
export const PASSWORD_TOO_SHORT = "La contraseña debe tener al menos 8 caracteres.";
export const REGISTER_OK = "¡Cuenta creada exitosamente!";
export const SIGN_IN_NAME_REQUIRED = "Ingresa tu correo o usuario.";
export const INVALID_SIGN_IN_NAME = "Ingresa un correo electrónico o un usuario válido.";
export const INVALID_BIRTHDATE = "Ingresa una fecha de nacimiento válida.";

// Proving the address (/registro/confirmar/{token}).
export const ADDRESS_CONFIRMED_WAIT =
  "¡Listo! Confirmaste tu correo. Un administrador revisará tu registro y te avisaremos cuando puedas iniciar sesión.";
export const ADDRESS_CONFIRMED_READY = "¡Listo! Confirmaste tu correo. Ya puedes iniciar sesión.";
export const ADDRESS_LINK_INVALID =
  "Este enlace no es válido, ya fue usado o expiró. Si aún no confirmas tu correo, regístrate de nuevo " +
  "con el mismo correo y te enviaremos un enlace nuevo.";

// A parent's or guardian's consent (registrants under 14; /registro/autorizar/{token}).
export const GUARDIAN_REQUIRED =
  "Como tienes menos de 14 años, indica el nombre y el correo de tu madre, padre o tutor: " +
  "le pediremos que autorice tu registro.";
export const GUARDIAN_OWN_EMAIL = "El correo de tu madre, padre o tutor debe ser distinto del tuyo.";
export const GUARDIAN_CONSENTED =
  "Gracias. Registramos tu autorización. Un administrador revisará la cuenta y le avisaremos por correo " +
  "cuando pueda ingresar.";
export const GUARDIAN_LINK_INVALID = "Este enlace de autorización no es válido, ya fue usado o expiró.";
export const GUARDIAN_PENDING = "Esta cuenta espera la autorización de su madre, padre o tutor.";

// A sign-in card's link (/entrar/{token}) that is not (or no longer) a live card.
export const CARD_INVALID =
  "Esta tarjeta de acceso no es válida o fue reemplazada por una nueva. Pide una a tu docente.";
