// 'Notificaciones' in the profile (both panels): a mode per kind, a plain POST form to the
// profile's own action (intent "notificaciones").
import { Form, useNavigation } from "react-router";
import { CHOOSABLE_KINDS, KIND_INFO, MODE_LABEL, NOTIFICATION_MODES, type NotificationMode } from "../kinds.ts";

export function PreferencesCard({
  preferences,
  noticesOn,
  error,
  values,
}: {
  preferences: Record<string, NotificationMode>;
  noticesOn: boolean;
  /** After a refused post: the message and what was sent. */
  error?: string;
  values?: Record<string, unknown>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "notificaciones";
  return (
    <section aria-labelledby="notificaciones-titulo" className="card mt-6 space-y-4 p-6">
      <div>
        <h2 id="notificaciones-titulo" className="text-lg font-semibold text-slate-900">
          Notificaciones
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Elige cómo quieres enterarte de cada cosa. Siempre las verás en «Notificaciones»; el correo es opcional.
        </p>
        {noticesOn ? null : (
          <p className="alert-info mt-3 text-sm">
            Tienes desactivados los avisos opcionales por correo en tu perfil: mientras sigan así, no te enviaremos
            ningún correo de notificaciones.
          </p>
        )}
        {error ? (
          <p role="alert" className="alert-error mt-3">
            {error}
          </p>
        ) : null}
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="notificaciones" />
          {CHOOSABLE_KINDS.map((kind) => {
            const sent = values?.[kind];
            const current = typeof sent === "string" ? sent : preferences[kind];
            return (
              <fieldset key={kind} className="rounded-lg border border-slate-200 p-3">
                <legend className="px-1 font-medium text-slate-800">{KIND_INFO[kind].label}</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {NOTIFICATION_MODES.map((mode) => (
                    <label key={mode} className="inline-flex min-h-6 items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={kind}
                        value={mode}
                        defaultChecked={current === mode}
                        className="h-5 w-5"
                      />
                      {MODE_LABEL[mode]}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          <p className="text-sm text-slate-600">
            El correo que avisa que tu cuenta fue aprobada siempre se envía: es necesario para tu cuenta.
          </p>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Guardando…" : "Guardar preferencias"}
          </button>
        </Form>
      </div>
    </section>
  );
}
