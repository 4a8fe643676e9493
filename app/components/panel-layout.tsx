import { Form, NavLink, Outlet } from "react-router";

export type PanelLink = { to: string; label: string; end?: boolean; badge?: React.ReactNode };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  "block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium " +
  (isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-brand-50");

/**
 * Side menu + content. On a phone the menu is a block of tabs under the header that wrap
 * (app.css, .panel-menu), so every tab and its count are in sight: the header's '☰ Menú' stays
 * the page's only menu button.
 */
export function PanelLayout({ title, links }: { title: string; links: PanelLink[] }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 md:flex-row md:gap-6 md:py-6">
      <aside className="min-w-0 shrink-0 md:w-56">
        <nav aria-label={title} className="card p-1.5 md:sticky md:top-20 md:p-3">
          <p className="hidden px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">
            {title}
          </p>
          <ul className="panel-menu">
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
                  className={
                    "block w-full whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium " +
                    "text-red-700 hover:bg-red-50"
                  }
                >
                  Cerrar Sesión
                </button>
              </Form>
            </li>
          </ul>
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
