// The API's shapes of notifications (docs/product.md#notifications): the same service as the page.
import { fixedValue } from "~/lib/api.server.ts";
import { publicUrl } from "~/lib/env.server.ts";
import { NOTIFICATION_KINDS } from "./kinds.ts";
import type { NotificationRow } from "./notify.server.ts";
import type { ApiNotification } from "./schema.ts";

export function toApiNotification(row: NotificationRow): ApiNotification {
  return {
    id: row.id,
    tipo: fixedValue(NOTIFICATION_KINDS, row.kind),
    titulo: row.title,
    texto: row.text,
    enlace: `${publicUrl()}${row.link}`,
    fecha: row.createdAt.toISOString(),
    leida: row.readAt !== null,
  };
}
