import { requireAdmin } from "~/features/auth/guards.server.ts";
import { listOutbox } from "~/features/mail/outbox.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import type { Route } from "./+types/outbox";

const STATUS: Record<string, string> = { pending: "Pendiente", sent: "Enviado", failed: "Fallido" };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { items: await listOutbox() };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Correo saliente</h1>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No hay correos en la cola.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="card p-4 text-sm">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{STATUS[m.status] ?? m.status}</span> · {m.to} · {m.subject}
                  <span className="block text-xs text-slate-500">
                    Creado {formatDateTime(m.createdAt)} · intentos {m.attempts}
                    {m.sentAt ? ` · enviado ${formatDateTime(m.sentAt)}` : ` · próximo intento ${formatDateTime(m.nextAttemptAt)}`}
                  </span>
                </summary>
                {m.lastError ? <p className="mt-2 text-red-700">Último error: {m.lastError}</p> : null}
                <pre className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
