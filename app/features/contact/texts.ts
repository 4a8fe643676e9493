// The contact form's user-visible words (docs/product.md#contact), free of Zod for the browser.
export const CONTACT_OK = "¡Mensaje enviado correctamente!";
export const CONTACT_FAILED = "Error al enviar el mensaje. Intenta nuevamente.";
export const NAME_REQUIRED = "Ingresa tu nombre completo.";
export const EMAIL_REQUIRED = "Ingresa un correo electrónico válido.";
export const MESSAGE_REQUIRED = "Escribe tu mensaje.";
export const TOO_LONG = "El texto es demasiado largo.";

export type ContactFields = { nombre: string; correo: string; mensaje: string };

// The admin's answer to a contact message (docs/product.md#contact).
export const REPLY_REQUIRED = "Escribe tu respuesta.";
export const REPLY_SENT = "Respuesta en la cola de envío: el mensaje quedó atendido.";
export const CONTACT_NOT_FOUND = "Ese mensaje de contacto ya no existe.";
export const MARKED_HANDLED = "Mensaje marcado como atendido.";
export const MARKED_PENDING = "Mensaje marcado como pendiente.";
