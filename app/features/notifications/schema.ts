// The shapes of notifications' forms and API (docs/product.md#notifications): one schema each,
// read by the HTML routes and the /api routes alike.
import { z } from "zod";
import { CHOOSABLE_KINDS, NOTIFICATION_KINDS, NOTIFICATION_MODES } from "./kinds.ts";
import { PREFS_INVALID } from "./texts.ts";

/** 'Marcar como leída' (one, by id) or 'Marcar todas como leídas': the page's forms and the API's body. */
export const MarkReadSchema = z.union([
  z.object({ id: z.string().trim().min(1).max(64), todas: z.undefined().optional() }),
  z.object({
    todas: z.union([z.literal(true), z.literal("true"), z.literal("1")]).transform(() => true as const),
    id: z.undefined().optional(),
  }),
]);

const mode = z.enum(NOTIFICATION_MODES, PREFS_INVALID);

/** The preferences: a mode per choosable kind; a kind left out keeps its mode. */
export const PreferencesSchema = z
  .object(Object.fromEntries(CHOOSABLE_KINDS.map((kind) => [kind, mode.optional()])) as Record<
    (typeof CHOOSABLE_KINDS)[number],
    z.ZodOptional<typeof mode>
  >)
  .strict();

export const ApiNotificationSchema = z.object({
  id: z.string(),
  tipo: z.enum(NOTIFICATION_KINDS),
  titulo: z.string(),
  texto: z.string(),
  enlace: z.string().meta({ description: "Dirección completa en la academia (APP_URL) a la que lleva." }),
  fecha: z.iso.datetime(),
  leida: z.boolean(),
});
export type ApiNotification = z.output<typeof ApiNotificationSchema>;

export const ApiNotificationListSchema = z.object({
  sinLeer: z.number().int().meta({ description: "Notificaciones sin leer, contadas hasta 100." }),
  notificaciones: z.array(ApiNotificationSchema),
});

export const ApiUnreadSchema = z.object({ sinLeer: z.number().int() });

export const ApiPreferencesSchema = z.object({
  preferencias: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_MODES)]))),
});
