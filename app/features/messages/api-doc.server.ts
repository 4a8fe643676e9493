// The API's calls under the OpenAPI tag Mensajes (docs/product.md#json-api): inbox, sent, sending,
// and the contact form. The builder (lib/api/openapi.server.ts) puts them in the document
// in this order; each entry names the schemas its route reads and answers with and the texts it
// sends, in the vocabulary of lib/api/operation.server.ts.
import { z } from "zod";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { OTHER_INBOX, SENDING_TOO_FAST, UNKNOWN_RECIPIENT } from "./texts.ts";
import { ApiFolderItemSchema, ApiMessageSchema, ComposeSchema } from "./schema.ts";
import { ContactSchema } from "~/features/contact/schema.ts";
import { ApiNoticeSchema } from "~/lib/api.server.ts";
import { error, json, KEYSET, type Operations } from "~/lib/api/operation.server.ts";

/** The calls of the tag Mensajes, in the order of the document. */
export const MESSAGE_CALLS: Operations = {
  "/api/mensajes": {
    get: {
      tag: "Mensajes",
      summary: "Mensajes recibidos (o enviados) de quien llama",
      description:
        "Los más nuevos primero, 50 por página. Cada mensaje dice su carpeta: recibidos (MensajeRecibido, con " +
        "leido) o, con ?carpeta=enviados, enviados (MensajeEnviado, con toName y sin leido).",
      access: "user",
      query: ["correo", "carpeta", ...KEYSET],
      ok: {
        200: json("Una página de mensajes.", z.array(ApiFolderItemSchema), ["Link"]),
      },
      errors: { 403: error("Una bandeja ajena (también para administradores).", OTHER_INBOX) },
    },
    post: {
      tag: "Mensajes",
      summary: "Enviar un mensaje",
      description:
        "Quien envía es siempre quien llama. A lo más 20 mensajes por minuto y 200 por día por remitente " +
        "(cada intento cuenta). El aviso por correo al destinatario lleva solo el nombre de quien envía y un enlace.",
      access: "user",
      body: { json: ComposeSchema },
      ok: { 201: json("El mensaje enviado.", ApiMessageSchema) },
      errors: {
        404: error("Destinatario desconocido.", UNKNOWN_RECIPIENT),
        429: error("Demasiados mensajes (ver Retry-After).", SENDING_TOO_FAST),
      },
    },
  },
  "/api/mail/send": {
    post: {
      tag: "Mensajes",
      summary: "Formulario de contacto",
      description:
        "Llega a los administradores; no requiere cuenta. Un número limitado de mensajes cada " +
        `${BUDGETS.contactIp.duration / 60} minutos desde cada dirección IP.`,
      access: "public",
      body: { json: ContactSchema },
      ok: { 200: json("Mensaje recibido.", ApiNoticeSchema) },
      errors: { 429: error("Demasiados mensajes (ver Retry-After).", TOO_MANY_REQUESTS) },
    },
  },
};
