// The /notificaciones page's loader and action: the same service and schema as the API.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { listNotifications, markAllRead, markRead, setPreferences, unreadNotifications } from "./notify.server.ts";
import type { Reader } from "./notify.server.ts";
import { MarkReadSchema, PreferencesSchema } from "./schema.ts";
import { MARKED_ALL, NOT_FOUND, PREFS_INVALID, PREFS_SAVED } from "./texts.ts";

export async function loadNotificationsPage(user: Reader, request: Request) {
  const url = new URL(request.url);
  const [page, unread] = await Promise.all([listNotifications(user, cursorFrom(url)), unreadNotifications(user)]);
  return { items: page.rows, cursors: page.cursors, unread };
}

/** 'Marcar como leída' / 'Marcar todas como leídas': back to the same page (its cursor kept). */
export async function notificationsPageAction(user: Reader, request: Request) {
  const submission = parseWithZod(await readForm(request), { schema: MarkReadSchema });
  // Back to the page the form was on: its own path (a fetcher's request names the data URL) and cursor.
  const asked = [...new URL(request.url).searchParams];
  const kept = new URLSearchParams(asked.filter(([name, value]) => ["page", "desde", "antes"].includes(name) && value));
  const to = kept.size > 0 ? `/notificaciones?${kept}` : "/notificaciones";
  if (submission.status !== "success") return data({ error: NOT_FOUND }, { status: 400 });
  if (submission.value.todas) {
    await markAllRead(user);
    return redirectWithFlash(request, to, { type: "success", message: MARKED_ALL });
  }
  if (!(await markRead(user, submission.value.id))) return data({ error: NOT_FOUND }, { status: 404 });
  return redirect(to);
}

/** The profile's 'Notificaciones' form's intent (both profile pages). */
export const PREFERENCES_INTENT = "notificaciones";

/**
 * 'Guardar preferencias' in the profile: saved, back to the profile; an invalid mode answers 400
 * with the form's values.
 */
export async function preferencesFormAction(request: Request, user: Reader, backTo: string) {
  const form = await readForm(request);
  form.delete("intent");
  const parsed = PreferencesSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ preferencesError: PREFS_INVALID, preferencesValues: Object.fromEntries(form) }, { status: 400 });
  }
  await setPreferences(user.id, parsed.data);
  return redirectWithFlash(request, backTo, { type: "success", message: PREFS_SAVED });
}
