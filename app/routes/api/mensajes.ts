import { z } from "zod";
import {
  API_INBOX_PAGE_SIZE,
  listInboxPage,
  listSentPage,
  sendMessage,
  toApiMessage,
  toApiSentMessage,
} from "~/features/messages/messages.server.ts";
import {
  folderFrom,
  OTHER_INBOX,
  SEND_FAILED,
  SENDING_TOO_FAST,
  UNKNOWN_RECIPIENT,
} from "~/features/messages/texts.ts";
import {
  ApiFolderItemSchema,
  ApiMessageSchema,
  ComposeSchema,
  type ApiFolderItem,
} from "~/features/messages/schema.ts";
import { ApiError, apiFailure, apiJson, apiPageJson } from "~/lib/api.server.ts";
import { error, json, KEYSET } from "~/lib/api/operation.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { log } from "~/lib/log.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/mensajes", {
  get: {
    tag: "Mensajes",
    summary: "Mensajes recibidos (o enviados) de quien llama",
    description:
      "Los más nuevos primero, 50 por página. Cada mensaje dice su carpeta: recibidos (MensajeRecibido, con " +
      "leido) o, con ?carpeta=enviados, enviados (MensajeEnviado, con toName y sin leido).",
    access: "user",
    query: ["correo", "carpeta", ...KEYSET],
    ok: { 200: json("Una página de mensajes.", z.array(ApiFolderItemSchema), ["Link"]) },
    errors: { 403: error("Una bandeja ajena (también para administradores).", OTHER_INBOX) },
    // The caller's own inbox only (an inbox is private, admins' included).
    handler: async ({ user, url }) => {
      // One's e-mail, or one's usuario (a pupil's account without e-mail).
      const correo = (url.searchParams.get("correo") ?? user.correo).trim().toLowerCase();
      if (correo !== user.correo.toLowerCase() && correo !== user.usuario) throw new ApiError(403, OTHER_INBOX);
      const list = { page: pageFrom(url) };
      if (folderFrom(url.href) === "enviados") {
        const sent = await listSentPage(user, cursorFrom(url), API_INBOX_PAGE_SIZE);
        const items = sent.rows.map((m): ApiFolderItem => ({ ...toApiSentMessage(m), carpeta: "enviados" }));
        return apiPageJson(items, url.href, { ...list, cursors: sent.cursors });
      }
      const inbox = await listInboxPage(user, cursorFrom(url), API_INBOX_PAGE_SIZE);
      const items = inbox.rows.map((m): ApiFolderItem => ({ ...toApiMessage(m), carpeta: "recibidos" }));
      return apiPageJson(items, url.href, { ...list, cursors: inbox.cursors });
    },
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
    handler: async ({ user, body }) => {
      const input = await body();
      let outcome;
      try {
        outcome = await sendMessage(user, input);
      } catch (error) {
        log.error({ err: error }, "No se pudo enviar el mensaje");
        throw new ApiError(500, SEND_FAILED);
      }
      if (!outcome.ok) return apiFailure(outcome);
      return apiJson(toApiMessage(outcome.sent), 201);
    },
  },
});
export const action = loader;
