// The kinds of notification and how each may reach a person (decision 025). Plain module: the
// profile's form renders these in the browser too.

export const NOTIFICATION_KINDS = [
  "aviso",
  "tarea",
  "respuesta",
  "pregunta",
  "mensaje",
  "certificado",
  "cuenta",
  "recordatorio",
  "clase",
  "entrega-devuelta",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** In-app only, an e-mail at once, or one e-mail a day with the day's notifications. */
export const NOTIFICATION_MODES = ["app", "email", "digest"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const MODE_LABEL: Record<NotificationMode, string> = {
  app: "Solo en la plataforma",
  email: "Correo al momento",
  digest: "Resumen diario",
};

type KindInfo = {
  /** The kind's name in the profile and the e-mail's footer. */
  label: string;
  /** The default, so that nobody is flooded: rare, personal or awaited at once; the rest in the app or the digest. */
  mode: NotificationMode;
  /** False when the kind has no e-mail to choose (an account's approval: its e-mail is needed). */
  choosable: boolean;
};

export const KIND_INFO: Record<NotificationKind, KindInfo> = {
  aviso: { label: "Avisos de tus cursos", mode: "email", choosable: true },
  tarea: { label: "Tareas nuevas de tus cursos", mode: "email", choosable: true },
  respuesta: { label: "Respuestas a tus preguntas", mode: "email", choosable: true },
  // A question waits for its teachers: they hear of it at once (docs/decisions/042-the-teachers-day.md).
  pregunta: { label: "Preguntas nuevas en los cursos que enseñas", mode: "email", choosable: true },
  mensaje: { label: "Mensajes nuevos", mode: "email", choosable: true },
  certificado: { label: "Certificados emitidos", mode: "app", choosable: true },
  cuenta: { label: "Tu cuenta aprobada", mode: "app", choosable: false },
  recordatorio: { label: "Recordatorios de fechas límite", mode: "email", choosable: true },
  clase: { label: "Invitaciones a una clase", mode: "email", choosable: true },
  // A returned hand-in (docs/product.md#tareas): awaited, so at once, as an announcement.
  "entrega-devuelta": { label: "Tareas devueltas con nota y comentario", mode: "email", choosable: true },
};

/** The kinds a person chooses for in the profile, in its order. */
export const CHOOSABLE_KINDS = NOTIFICATION_KINDS.filter((kind) => KIND_INFO[kind].choosable);

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Days a notification is kept; then the hourly cleanup deletes it. */
export const NOTIFICATION_RETENTION_DAYS = 180;

/** A person's mode for a kind: their own choice where they made one, else the kind's default. */
export function modeFor(kind: NotificationKind, chosen: string | undefined): NotificationMode {
  if (!KIND_INFO[kind].choosable) return KIND_INFO[kind].mode;
  return chosen === "app" || chosen === "email" || chosen === "digest" ? chosen : KIND_INFO[kind].mode;
}

/** The daily digest's name in its unsubscribe link: it turns every kind in the digest to in-app only. */
export const DIGEST_LINK_KIND = "resumen";

/** What a kind's unsubscribe link stops, by the kind's name in the link; null for no such kind. */
export function optOutLabel(kind: string): string | null {
  if (kind === DIGEST_LINK_KIND) return MODE_LABEL.digest;
  return isNotificationKind(kind) && KIND_INFO[kind].choosable ? KIND_INFO[kind].label : null;
}
