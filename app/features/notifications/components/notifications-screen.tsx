// /notificaciones (docs/product.md#notifications): newest first, a keyset page at a time; each
// unread one has 'Marcar como leída', the page 'Marcar todas como leídas', both plain POST forms
// (enhanced with fetchers when JavaScript runs).
import { Link, useFetcher, useLocation } from "react-router";
import { formatDateTime } from "~/lib/dates.ts";
import { withPage } from "~/lib/pagination.ts";
import { KIND_INFO, type NotificationKind } from "../kinds.ts";
import { EMPTY, MARK_ALL_READ, MARK_READ, PAGE_TITLE } from "../texts.ts";

type Item = {
  id: string;
  kind: string;
  title: string;
  text: string;
  link: string;
  createdAt: string | Date;
  readAt: string | Date | null;
};

export function NotificationsScreen({
  items,
  unread,
  page,
  cursors,
}: {
  items: Item[];
  unread: number;
  page: number;
  cursors: { prev: string | null; next: string | null };
}) {
  const all = useFetcher();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{PAGE_TITLE}</h1>
        {unread > 0 ? (
          <all.Form method="post">
            <input type="hidden" name="todas" value="true" />
            <button type="submit" className="btn-secondary" disabled={all.state !== "idle"}>
              {MARK_ALL_READ}
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
      <Pages page={page} cursors={cursors} />
    </div>
  );
}

function NotificationItem({ item }: { item: Item }) {
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
          <button type="submit" className="btn-ghost text-sm" aria-label={`${MARK_READ}: ${item.title}`}>
            {MARK_READ}
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function Pages({ page, cursors }: { page: number; cursors: { prev: string | null; next: string | null } }) {
  const { search } = useLocation();
  if (!cursors.prev && !cursors.next) return null;
  return (
    <nav aria-label="Páginas de notificaciones" className="mt-6 flex justify-between gap-2 text-sm">
      {cursors.prev ? (
        <Link to={withPage(search, page - 1, { antes: cursors.prev })} rel="prev" className="btn-secondary">
          ← Más recientes
        </Link>
      ) : (
        <span />
      )}
      {cursors.next ? (
        <Link to={withPage(search, page + 1, { desde: cursors.next })} rel="next" className="btn-secondary">
          Más antiguas →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
