import { Link, useLocation } from "react-router";
import { Email } from "~/components/ui/email.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { getContactMessage, listContactMessages } from "~/features/contact/contact.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom, withParam } from "~/lib/pagination.ts";
import type { Route } from "./+types/contact-messages";

// /admin/contact-messages: the contact form's submissions, newest first, each with the start of
// its message; its sender's name opens the whole message above the list (?ver=ID, page kept).
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const [list, opened] = await Promise.all([
    listContactMessages({ page: pageFrom(url), cursor: cursorFrom(url) }),
    getContactMessage(url.searchParams.get("ver") ?? ""),
  ]);
  return { ...list, opened };
}

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, cursors, opened } = loaderData;
  const { search } = useLocation();
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mensajes de contacto</h1>
      <p className="mt-1 text-sm text-slate-600">{total} mensajes</p>
      {opened ? (
        <article aria-labelledby="contacto-abierto" className="card mt-4 p-4 text-sm">
          <h2 id="contacto-abierto" className="font-semibold text-slate-900">
            {opened.nombre} <Email value={opened.correo} bracketed className="font-normal text-slate-500" />
          </h2>
          <p className="text-xs text-slate-500">{formatDateTime(opened.createdAt)}</p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{opened.mensaje}</p>
          <Link
            to={withParam(search, "ver", null, "/admin/contact-messages")}
            className="btn-ghost mt-3 inline-block px-3 py-1"
          >
            Cerrar
          </Link>
        </article>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No hay mensajes</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="card p-4 text-sm">
              <p className="font-semibold text-slate-900">
                <Link
                  to={withParam(search, "ver", m.id, "/admin/contact-messages")}
                  className="underline hover:no-underline"
                >
                  {m.nombre}
                  <span className="sr-only"> (ver mensaje completo)</span>
                </Link>{" "}
                <Email value={m.correo} bracketed className="font-normal text-slate-500" />
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(m.createdAt)}</p>
              <p className="mt-2 truncate text-slate-800">{m.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} cursors={cursors} />
    </section>
  );
}
