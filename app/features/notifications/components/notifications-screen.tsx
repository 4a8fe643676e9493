// /notificaciones (docs/product.md#notifications): plain POST forms, enhanced with fetchers.
import { Link, useFetcher } from "react-router";
import { KeysetPager } from "~/components/ui/keyset-pager.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { KIND_INFO, type NotificationKind } from "../kinds.ts";
import type { NotificationRow } from "../notify.server.ts";
import { EMPTY } from "../texts.ts";

export function NotificationsScreen({
  items,
  unread,
  cursors,
}: {
  items: NotificationRow[];
  unread: number;
  cursors: { prev: string | null; next: string | null };
}) {
  const all = useFetcher();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Notificaciones</h1>
        {unread > 0 ? (
          <all.Form method="post">
            <input type="hidden" name="todas" value="true" />
            <button type="submit" className="btn-secondary" disabled={all.state !== "idle"}>
              Marcar todas como leídas
            </button>
          </all.Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-6 text-slate-600">{EMPTY}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <KeysetPager cursors={cursors} label="Páginas de notificaciones" older="Más antiguas →" className="mt-6 gap-2" />
    </div>
  );
}

function NotificationItem({ item }: { item: NotificationRow }) {
  const fetcher = useFetcher();
  const unread = item.readAt === null && fetcher.state === "idle" && !fetcher.data;
  const kind = KIND_INFO[item.kind as NotificationKind]?.label ?? "";
  return (
    <li className={`card p-4 ${unread ? "border-l-4 border-l-brand-600" : ""}`}>
      <p className="text-xs text-slate-600">
        {kind} · {formatDateTime(item.createdAt)}
        {unread ? <span className="ml-2 font-semibold text-brand-700">Sin leer</span> : null}
      </p>
      <h2 className="mt-1 font-semibold text-slate-900">
        <Link to={item.link} className="hover:underline">
          {item.title}
        </Link>
      </h2>
      <p className="mt-1 text-slate-700">{item.text}</p>
      {unread ? (
        <fetcher.Form method="post" className="mt-2">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" className="btn-ghost text-sm" aria-label={`Marcar como leída: ${item.title}`}>
            Marcar como leída
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
