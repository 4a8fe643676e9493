import { Form, Link, NavLink } from "react-router";
import { Logo } from "./logo.tsx";

/** What the header shows of the signed-in user, prepared by the root loader. */
export type HeaderUser = {
  /** First and last name, or "" when both are empty. */
  name: string;
  initials: string;
  /** Where the initials button leads for this role. */
  profileHref: string;
  avatarUrl: string | null;
  /** The user's messages screen ('Mensajes'), null for a role without one. */
  messagesHref: string | null;
  /** Unread messages in the user's inbox (counted up to a cap). */
  unread: number;
};

type HeaderProps = {
  brand: string;
  user: HeaderUser | null;
  /** What follows 'Mensajes' (the unread count), rendered by the messages feature. */
  messagesBadge?: React.ReactNode;
  /** The link to /notificaciones with its unread count, rendered by the notifications feature. */
  notificationsLink?: React.ReactNode;
};

const AUDIENCE_LINKS = [
  { to: "/cursos/docente", label: "Para Docentes" },
  { to: "/cursos/estudiante", label: "Para Estudiantes" },
  { to: "/cursos/comunidad", label: "Para Comunidad" },
];

/** The phone menu: the main sections, the audiences under 'Cursos'. */
const MOBILE_LINKS: Array<{ to: string; label: string; audience?: boolean }> = [
  { to: "/", label: "Inicio" },
  { to: "/cursos", label: "Cursos" },
  ...AUDIENCE_LINKS.map((link) => ({ ...link, audience: true })),
  { to: "/biblioteca", label: "Biblioteca" },
  { to: "/contacto", label: "Contacto" },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;

export function SiteHeader({ brand, user, messagesBadge, notificationsLink }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" aria-label={`${brand}: inicio`}>
          <Logo brand={brand} />
        </Link>

        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            Inicio
          </NavLink>
          <CoursesMenu />
          <NavLink to="/biblioteca" className={navClass}>
            Biblioteca
          </NavLink>
          <NavLink to="/contacto" className={navClass}>
            Contacto
          </NavLink>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          {user ? notificationsLink : null}
          <AccountButtons user={user} messagesBadge={messagesBadge} />
        </div>

        {/* On a phone the notifications' link stays beside the menu button, seen without opening it. */}
        <div className="flex shrink-0 items-center gap-1 md:hidden">
          {user ? notificationsLink : null}
          <MobileMenu user={user} messagesBadge={messagesBadge} />
        </div>
      </div>
    </header>
  );
}

/** 'Cursos' leads to /cursos; the ▾ beside it opens the audiences (a <details>; also on hover and focus). */
function CoursesMenu() {
  return (
    <div className="hover-menu relative flex items-center">
      <NavLink to="/cursos" end className={navClass}>
        Cursos
      </NavLink>
      <details className="hover-menu-toggle">
        {/* At least 24 × 24 px (WCAG 2.2, 2.5.8 target size). */}
        <summary
          className={
            "flex h-9 min-w-7 list-none items-center justify-center rounded-md px-1.5 text-sm text-slate-700 " +
            "hover:text-brand-700"
          }
        >
          <span aria-hidden="true">▾</span>
          <span className="sr-only">Cursos por público</span>
        </summary>
        <ul
          className={
            "hover-menu-panel absolute left-0 top-full z-40 hidden " +
            "min-w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          }
        >
          {AUDIENCE_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function AccountButtons({ user, messagesBadge }: Omit<HeaderProps, "brand">) {
  if (!user) {
    return (
      <>
        <Link to="/registro" className="btn-secondary">
          Registrarse
        </Link>
        <Link to="/login" className="btn-primary">
          Iniciar sesión
        </Link>
      </>
    );
  }
  const { name } = user;
  return (
    <>
      {user.messagesHref ? (
        <Link to={user.messagesHref} className="btn-ghost">
          Mensajes
          {messagesBadge}
        </Link>
      ) : null}
      <Link
        to={user.profileHref}
        title={name || undefined}
        // The initials shown lead the name (WCAG 2.5.3, label in name); a photo shows no text.
        aria-label={`${user.avatarUrl ? "" : `${user.initials}, `}${name ? `Mi cuenta: ${name}` : "Mi cuenta"}`}
        className={
          "inline-flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden " +
          "rounded-full bg-brand-600 text-sm font-bold text-white ring-2 ring-brand-100"
        }
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="h-full w-full object-cover" width={40} height={40} />
        ) : (
          user.initials
        )}
      </Link>
      <Form method="post" action="/salir">
        <button type="submit" className="btn-ghost">
          Salir
        </button>
      </Form>
    </>
  );
}

function MobileMenu({ user, messagesBadge }: Omit<HeaderProps, "brand">) {
  return (
    <details className="relative md:hidden">
      {/* The unread count rides on the menu button, seen without opening it. Named
          by its words, 'Menú (2 sin leer)': what is seen is what is read. */}
      <summary className="list-none rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
        <span aria-hidden="true">☰</span> Menú
        {user?.messagesHref ? messagesBadge : null}
      </summary>
      <div
        className={
          "absolute right-0 top-full z-40 mt-2 w-64 " + "rounded-xl border border-slate-200 bg-white p-3 shadow-xl"
        }
      >
        <nav aria-label="Menú móvil" className="flex flex-col">
          {MOBILE_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={
                "rounded-md py-2 hover:bg-brand-50 " + (link.audience ? "pl-6 pr-3 text-sm text-slate-600" : "px-3")
              }
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
          <AccountButtons user={user} messagesBadge={messagesBadge} />
        </div>
      </div>
    </details>
  );
}
