import { contactRateLimit, submitContact } from "~/features/contact/contact.server.ts";
import { CONTACT_FAILED, CONTACT_OK } from "~/features/contact/texts.ts";
import { ContactSchema } from "~/features/contact/schema.ts";
import {
  type ApiNotice,
  apiError,
  apiFailure,
  apiJson,
  handleApi,
  methodNotAllowed,
  parseBody,
} from "~/lib/api.server.ts";
import type { Route } from "./+types/mail.send";
import { log } from "~/lib/log.server.ts";

/** POST /api/mail/send: the contact form (nombre, correo, mensaje). Public, rate-limited. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "POST") return methodNotAllowed("POST");
    const gate = await contactRateLimit(args.request);
    if (!gate.ok) return apiFailure(gate);
    const input = await parseBody(args.request, ContactSchema);
    try {
      await submitContact(input, args.request);
    } catch (error) {
      log.error({ err: error }, "No se pudo enviar el formulario de contacto");
      return apiError(500, CONTACT_FAILED);
    }
    return apiJson<ApiNotice>({ message: CONTACT_OK });
  });
}

export const loader = () => methodNotAllowed("POST");
