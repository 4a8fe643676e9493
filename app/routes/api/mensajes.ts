import {
  API_INBOX_PAGE_SIZE,
  listInboxPage,
  listSentPage,
  sendMessage,
  toApiMessage,
  toApiSentMessage,
} from "~/features/messages/messages.server.ts";
import { folderFrom, OTHER_INBOX, SEND_FAILED } from "~/features/messages/texts.ts";
import { ComposeSchema, type ApiFolderItem } from "~/features/messages/schema.ts";
import {
  ApiError,
  apiFailure,
  apiJson,
  apiPageJson,
  apiQuery,
  handleApi,
  methodNotAllowed,
  parseBody,
} from "~/lib/api.server.ts";
import { documentedQuery } from "./openapi.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import type { Route } from "./+types/mensajes";
import { log } from "~/lib/log.server.ts";

/**
 * GET /api/mensajes?correo= : the caller's own inbox only (403 for any other address, admins
 * included: an inbox is private), newest first, 50 at a time: the `Link` header (rel="next",
 * rel="prev") gives the URLs of the older and newer pages. `?carpeta=enviados`: the messages
 * the caller sent instead, the same way (with `toName`, without `leido`).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    const checked = apiQuery(args.request, ...documentedQuery("/api/mensajes"));
    const correo = (checked.searchParams.get("correo") ?? user.correo).trim().toLowerCase();
    if (correo !== user.correo.toLowerCase()) throw new ApiError(403, OTHER_INBOX);
    const url = args.request.url;
    const list = { page: pageFrom(url) };
    if (folderFrom(url) === "enviados") {
      const sent = await listSentPage(user, cursorFrom(url), API_INBOX_PAGE_SIZE);
      const items = sent.rows.map((m): ApiFolderItem => ({ ...toApiSentMessage(m), carpeta: "enviados" }));
      return apiPageJson(items, url, { ...list, cursors: sent.cursors });
    }
    const inbox = await listInboxPage(user, cursorFrom(url), API_INBOX_PAGE_SIZE);
    const items = inbox.rows.map((m): ApiFolderItem => ({ ...toApiMessage(m), carpeta: "recibidos" }));
    return apiPageJson(items, url, { ...list, cursors: inbox.cursors });
  });
}

/** POST /api/mensajes: JSON to, subject, content. The sender is the caller (from* ignored). */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method.toUpperCase() !== "POST") return methodNotAllowed("GET, POST");
    const user = await requireApiUser(args);
    const input = await parseBody(args.request, ComposeSchema);
    let outcome;
    try {
      outcome = await sendMessage(user, input);
    } catch (error) {
      log.error({ err: error }, "No se pudo enviar el mensaje");
      throw new ApiError(500, SEND_FAILED);
    }
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson(toApiMessage(outcome.sent), 201);
  });
}
