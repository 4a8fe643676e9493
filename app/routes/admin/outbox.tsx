import { Link } from "react-router";
import { z } from "zod";
import { Email } from "~/components/ui/email.tsx";
import { IntentButton } from "~/components/ui/intent-button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { listOutbox, OUTBOX_STATUSES, retryMail, type OutboxStatus } from "~/features/mail/outbox.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { listQuery, pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/outbox";

// /admin/outbox: every e-mail the app queued (approval notices, message notices, contact form),
// filterable by state; a failed one can be put back in the queue.
const STATUS: Record<string, string> = { pending: "Pendiente", sent: "Enviado", failed: "Fallido" };
const FILTERS: Array<[OutboxStatus | null, string]> = [
  [null, "Todos"],
  ["pending", "Pendientes"],
  ["sent", "Enviados"],
  ["failed", "Fallidos"],
];
const RetrySchema = z.object({ intent: z.literal("retry"), id: z.string().min(1).max(64) });

/** ?estado= when it is one of the states; anything else is no filter. */
function statusFrom(url: URL): OutboxStatus | undefined {
  const estado = url.searchParams.get("estado");
  return (OUTBOX_STATUSES as readonly string[]).includes(estado ?? "") ? (estado as OutboxStatus) : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const status = statusFrom(url);
  return { ...(await listOutbox({ page: pageFrom(url), status, cursor: cursorFrom(url) })), status: status ?? null };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const { request } = args;
  // Back to the same filter and page, rebuilt from their checked values (never the raw query).
  const url = new URL(request.url);
  const status = statusFrom(url);
  const back = `/admin/outbox${listQuery({ page: pageFrom(url) }, status ? { estado: status } : {})}`;
  const parsed = RetrySchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithFlash(request, back, { type: "error", message: "Solicitud inválida." });
  const ok = await retryMail(parsed.data.id);
  return redirectWithFlash(
    request,
    back,
    ok
      ? { type: "success", message: "El correo volvió a la cola de envío." }
      : { type: "error", message: "Solo se puede reintentar un correo fallido." },
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, status } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Correo saliente</h1>
      <p className="mt-1 text-sm text-slate-600">{total} correos</p>
      <nav aria-label="Filtrar por estado" className="mt-4 flex flex-wrap gap-2 text-sm">
        {FILTERS.map(([value, label]) => (
          <Link
            key={label}
            to={value ? `?estado=${value}` : "/admin/outbox"}
            aria-current={status === value ? "page" : undefined}
            className={status === value ? "btn-primary px-3 py-1" : "btn-ghost px-3 py-1"}
          >
            {label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No hay correos en la cola.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="card p-4 text-sm">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{STATUS[m.status] ?? m.status}</span> · <Email value={m.to} /> ·{" "}
                  {m.subject}
                  <span className="block text-xs text-slate-500">
                    Creado {formatDateTime(m.createdAt)} · intentos {m.attempts}
                    {m.sentAt
                      ? ` · enviado ${formatDateTime(m.sentAt)}`
                      : m.status === "pending"
                        ? ` · próximo intento ${formatDateTime(m.nextAttemptAt)}`
                        : ""}
                  </span>
                </summary>
                {m.lastError ? <p className="mt-2 text-red-700">Último error: {m.lastError}</p> : null}
                <pre className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.text}</pre>
              </details>
              {m.status === "failed" ? (
                <IntentButton
                  intent="retry"
                  idName="id"
                  id={m.id}
                  className="btn-secondary px-3 py-1"
                  formClassName="mt-2"
                  untilLoaded
                >
                  Reintentar envío
                </IntentButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} cursors={loaderData.cursors} />
    </section>
  );
}
