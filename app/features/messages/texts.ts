// The messages screen's user-visible words (docs/product.md#messages). Free of Zod and Prisma, so the
// page can import them without shipping either to the browser.
export const FILL_ALL = "Por favor completa todos los campos.";
export const SEND_FAILED = "Ocurrió un error al enviar el mensaje.";
export const UNKNOWN_RECIPIENT = "No hay ninguna cuenta registrada con ese correo.";
export const INVALID_RECIPIENT = "Ingresa un correo electrónico válido.";
export const MESSAGE_NOT_FOUND = "Mensaje no encontrado";
export const OTHER_INBOX = "Solo puedes leer los mensajes de tu propio correo.";
export const REPLY_NOT_FOUND = "Solo puedes responder los mensajes que recibiste.";
export const REPLY_SENDER_GONE = "No puedes responder este mensaje: la cuenta del remitente ya no existe.";
export const SENDING_TOO_FAST = "Enviaste muchos mensajes en poco tiempo. Espera unos minutos e inténtalo nuevamente.";

export const SUBJECT_MAX = 200;

/** The subject of an answer: "Re: " once, however many the original already had ("Re: RE: x" → "Re: x"). */
export function replySubject(subject: string): string {
  const rest = subject.replace(/^\s*(?:re\s*:\s*)+/i, "").trim();
  return `Re: ${rest}`.slice(0, SUBJECT_MAX).trimEnd();
}

export type ComposeFields = { to: string; subject: string; content: string };

/** The two folders of the messages screen: `?carpeta=enviados`, or the inbox without it. */
export type Folder = "recibidos" | "enviados";

/** The folder a page or API URL asks for: `?carpeta=enviados` the sent messages, anything else the inbox. */
export function folderFrom(url: URL | string): Folder {
  return new URL(url, "http://x").searchParams.get("carpeta") === "enviados" ? "enviados" : "recibidos";
}

/** The compose form's prefill for answering a received message (`?responder=ID`). */
export type ReplyDraft = {
  /** The message answered. */
  replyTo: string;
  /** Its sender's current address, resolved by account id (not the snapshot on the message). */
  to: string;
  toName: string;
  subject: string;
};
