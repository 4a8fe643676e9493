// The messages screen's user-visible words (docs/product.md#messages). Free of Zod and Prisma, so the
// page can import them without shipping either to the browser.
export const FILL_ALL = "Por favor completa todos los campos.";
export const SEND_FAILED = "Ocurrió un error al enviar el mensaje.";
export const SEND_OK = "Mensaje enviado correctamente.";
export const UNKNOWN_RECIPIENT = "No hay ningún usuario registrado con ese correo.";
export const INVALID_RECIPIENT = "Ingresa un correo electrónico válido.";
export const MESSAGE_NOT_FOUND = "Mensaje no encontrado";
export const NO_MESSAGES = "No hay mensajes";
export const SELECT_MESSAGE = "Selecciona un mensaje para ver su contenido.";
export const OTHER_INBOX = "Solo puedes leer los mensajes de tu propio correo.";

export type ComposeFields = { to: string; subject: string; content: string };
