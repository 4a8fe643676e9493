// The shapes of notifications' forms and API (docs/product.md#notifications): one schema each,
// read by the HTML routes and the /api routes alike.
import { z } from "zod";
import { CHOOSABLE_KINDS, KIND_INFO, NOTIFICATION_KINDS, NOTIFICATION_MODES } from "./kinds.ts";
import { MARK_READ_INVALID, PREFS_INVALID } from "./texts.ts";

/** 'Marcar como leída' (one, by id) or 'Marcar todas como leídas': the page's forms and the API's body. */
export const MarkReadSchema = z
  .object({
    id: z.string(MARK_READ_INVALID).trim().min(1, MARK_READ_INVALID).max(64, MARK_READ_INVALID).optional(),
    todas: z
      .union([z.boolean(), z.enum(["true"])], MARK_READ_INVALID)
      .transform((v) => v === true || v === "true")
      .optional(),
  })
  .refine((v) => (v.id !== undefined) !== (v.todas === true), MARK_READ_INVALID)
  .transform((v) => (v.todas ? { todas: true as const } : { todas: false as const, id: v.id! }));

const mode = z.enum(NOTIFICATION_MODES, PREFS_INVALID);

/** The preferences: a mode per choosable kind; a kind left out keeps its mode. */
export const PreferencesSchema = z
  .object(
    Object.fromEntries(CHOOSABLE_KINDS.map((kind) => [kind, mode.optional()])) as Record<
      (typeof CHOOSABLE_KINDS)[number],
      z.ZodOptional<typeof mode>
    >,
  )
  .strict();

const ApiNotificationSchema = z.object({
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

/** GET /api/notificaciones/preferencias, and PUT's answer: every kind's mode. */
export const ApiPreferencesSchema = z.object({
  preferencias: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_MODES)]))),
});

/**
 * PUT /api/notificaciones/preferencias: the shape GET answers, { preferencias: { aviso: "digest", … } },
 * so a client sends back what it read. The kinds left out keep theirs; a kind nobody chooses
 * (cuenta) may come back with its one mode, never another.
 */
export const ApiPreferencesBodySchema = z.strictObject(
  {
    preferencias: z.strictObject(
      {
        ...PreferencesSchema.shape,
        ...Object.fromEntries(
          NOTIFICATION_KINDS.filter((kind) => !KIND_INFO[kind].choosable).map((kind) => [
            kind,
            z.literal(KIND_INFO[kind].mode, PREFS_INVALID).optional(),
          ]),
        ),
      },
      PREFS_INVALID,
    ),
  },
  PREFS_INVALID,
);
