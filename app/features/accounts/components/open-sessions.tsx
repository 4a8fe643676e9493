// 'Sesiones abiertas' (docs/product.md#open-sessions), with 'Cerrar las demás sesiones' as a plain POST.
import { Form, useNavigation } from "react-router";
import { CLOSE_OTHER_SESSIONS_INTENT, OPEN_SESSIONS_SHOWN } from "~/features/accounts/account-security.ts";
import type { OpenSessionsView } from "~/features/accounts/open-sessions.server.ts";
import { formatDateTime } from "~/lib/dates.ts";

export function OpenSessions({ view }: { view: OpenSessionsView }) {
  const navigation = useNavigation();
  const closing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === CLOSE_OTHER_SESSIONS_INTENT;
  const others = view.total - (view.sesiones.some((s) => s.actual) ? 1 : 0);

  return (
    <section aria-labelledby="sesiones-abiertas" className="card space-y-4 p-6">
      <h2 id="sesiones-abiertas" className="text-lg font-semibold text-slate-900">
        Sesiones abiertas
      </h2>
      <p className="text-sm text-slate-600">
        Los navegadores donde tu cuenta está abierta. Si no reconoces alguno, cierra las demás sesiones y cambia tu
        contraseña.
      </p>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {view.sesiones.map((s, i) => (
          <li key={i} className="px-4 py-3">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              <span className="min-w-0 break-words">{s.dispositivo}</span>
              {s.actual ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  Esta sesión
                </span>
              ) : null}
            </p>
            <p className="text-sm text-slate-600">
              {s.actual ? "En uso ahora" : `Último uso: ${formatDateTime(s.ultimoUso)}`}
              {" · "}
              Inicio: {formatDateTime(s.inicio)}
            </p>
          </li>
        ))}
      </ul>
      {view.total > view.sesiones.length ? (
        <p className="text-sm text-slate-600">
          Se muestran las {OPEN_SESSIONS_SHOWN} más recientes de {view.total}.
        </p>
      ) : null}
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value={CLOSE_OTHER_SESSIONS_INTENT} />
          <button type="submit" className="btn-secondary w-full" disabled={closing}>
            {closing ? "Cerrando..." : "Cerrar las demás sesiones"}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">No tienes sesiones abiertas en otros navegadores.</p>
      )}
    </section>
  );
}
