import { Form, NavLink, Outlet } from "react-router";

export type PanelLink = { to: string; label: string; end?: boolean; badge?: React.ReactNode };

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
            {link.badge}
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
