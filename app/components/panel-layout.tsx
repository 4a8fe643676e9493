import { Form, NavLink, Outlet } from "react-router";

export type PanelLink = {
  to: string;
  label: string;
  end?: boolean;
  /** A number shown after the label (pending registrations, unread messages); 0 shows nothing. */
  count?: number;
  /** What the number counts, for screen readers: "pendientes", "sin leer". */
  countLabel?: string;
};

/** "99+" past 99: the badge stays small. */
export function countText(n: number) {
  return n > 99 ? "99+" : String(n);
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  "block rounded-lg px-3 py-2 text-sm font-medium " +
  (isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-brand-50");

function Menu({ links }: { links: PanelLink[] }) {
  return (
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={linkClass}>
            {link.label}
            {link.count ? " " : null}
            {link.count ? (
              <span className="ml-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                {countText(link.count)}
                <span className="sr-only"> {link.countLabel ?? ""}</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
      <li>
        <Form method="post" action="/salir">
          <button
            type="submit"
            className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Cerrar Sesión
          </button>
        </Form>
      </li>
    </ul>
  );
}

/** Side menu + content. On small screens the menu collapses behind a button (a <details>, no JS). */
export function PanelLayout({ title, links }: { title: string; links: PanelLink[] }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
      <details className="card md:hidden">
        <summary className="list-none px-4 py-3 font-semibold" aria-label={`Menú de ${title}`}>
          ☰ {title}
        </summary>
        <nav aria-label={title} className="border-t border-slate-200 p-3">
          <Menu links={links} />
        </nav>
      </details>
      <aside className="hidden w-56 shrink-0 md:block">
        <nav aria-label={title} className="card sticky top-20 p-3">
          <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
          <Menu links={links} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function Placeholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="card mt-6 p-6 text-slate-600">{children ?? "Contenido en desarrollo"}</div>
    </section>
  );
}
