import { contactRateLimit, submitContact } from "~/features/contact/contact.server.ts";
import { CONTACT_FAILED, CONTACT_OK } from "~/features/contact/texts.ts";
import { ContactSchema } from "~/features/contact/schema.ts";
import { BUDGETS, TOO_MANY_REQUESTS } from "~/features/limits/rate-limits.server.ts";
import { type ApiNotice, apiError, apiFailure, apiJson, ApiNoticeSchema } from "~/lib/api.server.ts";
import { error, json } from "~/lib/api/operation.server.ts";
import { log } from "~/lib/log.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/mail/send", {
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
    handler: async ({ request, body }) => {
      const gate = await contactRateLimit(request);
      if (!gate.ok) return apiFailure(gate);
      const input = await body();
      try {
        await submitContact(input, request);
      } catch (error) {
        log.error({ err: error }, "No se pudo enviar el formulario de contacto");
        return apiError(500, CONTACT_FAILED);
      }
      return apiJson<ApiNotice>({ message: CONTACT_OK });
    },
  },
});
export const action = loader;
