import { Link, useLocation } from "react-router";
import { z } from "zod";
import { Email } from "~/components/ui/email.tsx";
import { IntentButton } from "~/components/ui/intent-button.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import {
  getOutboxMail,
  listOutbox,
  OUTBOX_STATUSES,
  retryMail,
  type OutboxStatus,
} from "~/features/mail/outbox.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { listQuery, pageFrom, withParam } from "~/lib/pagination.ts";
import type { Route } from "./+types/outbox";

// /admin/outbox: every queued e-mail, filterable by state; ?ver=ID shows one whole; a failed one can be retried.
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
  const [list, opened] = await Promise.all([
    listOutbox({ page: pageFrom(url), status, cursor: cursorFrom(url) }),
    getOutboxMail(url.searchParams.get("ver") ?? ""),
  ]);
  return { ...list, opened, status: status ?? null };
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

function When({ mail }: { mail: Omit<Route.ComponentProps["loaderData"]["items"][number], "excerpt"> }) {
  return (
    <>
      Creado {formatDateTime(mail.createdAt)} · intentos {mail.attempts}
      {mail.sentAt
        ? ` · enviado ${formatDateTime(mail.sentAt)}`
        : mail.status === "pending"
          ? ` · próximo intento ${formatDateTime(mail.nextAttemptAt)}`
          : ""}
    </>
  );
}

function RetryButton({ id }: { id: string }) {
  return (
    <IntentButton
      intent="retry"
      idName="id"
      id={id}
      className="btn-secondary px-3 py-1"
      formClassName="mt-2"
      untilLoaded
    >
      Reintentar envío
    </IntentButton>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, status, opened } = loaderData;
  const { search } = useLocation();
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
      {opened ? (
        <article aria-labelledby="correo-abierto" className="card mt-4 p-4 text-sm">
          <h2 id="correo-abierto" className="text-lg font-semibold text-slate-900">
            {opened.subject}
          </h2>
          <p className="mt-1">
            <span className="font-semibold">{STATUS[opened.status] ?? opened.status}</span> · Para{" "}
            <Email value={opened.to} />
          </p>
          <p className="text-xs text-slate-500">
            <When mail={opened} />
          </p>
          {opened.lastError ? <p className="mt-2 text-red-700">Último error: {opened.lastError}</p> : null}
          <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-slate-800">{opened.text}</pre>
          <div className="mt-3 flex flex-wrap gap-2">
            {opened.status === "failed" ? <RetryButton id={opened.id} /> : null}
            <Link to={withParam(search, "ver", null, "/admin/outbox")} className="btn-ghost mt-2 px-3 py-1">
              Cerrar
            </Link>
          </div>
        </article>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No hay correos en la cola.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="card p-4 text-sm">
              <p>
                <span className="font-semibold">{STATUS[m.status] ?? m.status}</span> · <Email value={m.to} /> ·{" "}
                <Link
                  to={withParam(search, "ver", m.id, "/admin/outbox")}
                  className="font-medium text-slate-900 underline hover:no-underline"
                >
                  {m.subject}
                  <span className="sr-only"> (ver correo completo)</span>
                </Link>
              </p>
              <p className="text-xs text-slate-500">
                <When mail={m} />
              </p>
              <p className="mt-1 truncate text-slate-700">{m.excerpt}</p>
              {m.lastError ? <p className="mt-1 text-red-700">Último error: {m.lastError}</p> : null}
              {m.status === "failed" ? <RetryButton id={m.id} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} cursors={loaderData.cursors} />
    </section>
  );
}
