import { Email } from "~/components/ui/email.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import { listContactMessages } from "~/features/contact/contact.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/contact-messages";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return listContactMessages({ page: pageFrom(args.request.url) });
}

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Mensajes de contacto</h1>
      <p className="mt-1 text-sm text-slate-600">{total} mensajes</p>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No hay mensajes</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="card p-4 text-sm">
              <p className="font-semibold text-slate-900">
                {m.nombre} <Email value={m.correo} bracketed className="font-normal text-slate-500" />
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(m.createdAt)}</p>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.mensaje}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
