import { data, Links, Meta, Outlet, useRouteLoaderData } from "react-router";
// The built stylesheet, linked by <Links />: an immutable file the browser keeps, not ~50 KB more in
// every document (docs/decisions/011-first-paint-before-javascript.md).
import "./app.css";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/general-error-boundary.tsx";
import { FlashToast } from "./components/flash-toast.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader, type HeaderUser } from "./components/site-header.tsx";
import { fullName, initials, messagesLinkForRole, profileLinkForRole } from "./features/accounts/roles.ts";
import { getOptionalUser, sessionMiddleware } from "./features/accounts/guards.server.ts";
import { UnreadBadge, type RootUnread } from "./features/messages/components/unread-badge.tsx";
import { headerUnreadCounts } from "./features/messages/messages.server.ts";
import { NotificationsLink } from "./features/notifications/components/notifications-link.tsx";
import { siteConfig } from "./lib/site-config.server.ts";
import { originCheckMiddleware } from "./lib/csrf.server.ts";
import { pageCacheMiddleware } from "./lib/page-cache.server.ts";
import { offlineMiddleware } from "./features/offline/offline.server.ts";
import { useServiceWorker } from "./features/offline/register.ts";
import { readFlash } from "./lib/flash.server.ts";
import { requestRouteMiddleware } from "./lib/log.server.ts";
import { DeferredScripts } from "./lib/deferred-scripts.tsx";
import { LeanScrollRestoration } from "./lib/scroll-restoration.tsx";
import { useNonce } from "./lib/nonce.tsx";

export const middleware: Route.MiddlewareFunction[] = [
  requestRouteMiddleware,
  originCheckMiddleware,
  pageCacheMiddleware,
  sessionMiddleware,
  offlineMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader(args: Route.LoaderArgs) {
  const [user, { flash, setCookie }] = await Promise.all([getOptionalUser(args), readFlash(args.request)]);
  // The map is the contact page's alone.
  const { mapEmbedUrl: _map, ...site } = siteConfig();
  // Once per request, for the header and the panel menus (UnreadBadge): a capped index range.
  const messagesHref = user ? messagesLinkForRole(user.rol) : null;
  const { unread, notifications } = user
    ? await headerUnreadCounts(user, messagesHref !== null)
    : { unread: 0, notifications: 0 };
  const shared = {
    site,
    user: user
      ? ({
          name: fullName(user.nombre, user.apellido),
          initials: initials(user.nombre, user.apellido),
          profileHref: profileLinkForRole(user.rol),
          avatarUrl: user.imagenPerfil ? `/usuarios/${user.id}/imagen` : null,
          messagesHref,
          unread,
          notifications,
        } satisfies HeaderUser & { notifications: number })
      : null,
    flash,
  };
  // The message badge reads `user.unread` without importing this module (RootUnread).
  return data(shared satisfies RootUnread, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.site.brand ?? "Academia Abierta" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es-CL">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f7a63" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <LeanScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

function Header({ root: { site, user } }: { root: Route.ComponentProps["loaderData"] }) {
  return (
    <SiteHeader
      brand={site.brand}
      user={user}
      messagesBadge={<UnreadBadge count={user?.unread ?? 0} />}
      notificationsLink={<NotificationsLink count={user?.notifications ?? 0} />}
    />
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useServiceWorker(loaderData.user !== null);
  return (
    <>
      <a
        href="#contenido"
        className={
          "sr-only focus:not-sr-only focus:absolute focus:left-2 " +
          "focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        }
      >
        Ir al contenido
      </a>
      <Header root={loaderData} />
      <FlashToast key={loaderData.flash?.message} flash={loaderData.flash} />
      <main id="contenido" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter site={loaderData.site} />
    </>
  );
}

/** The document-level boundary: the site's header and footer around the one error page body. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const site = root?.site;
  return (
    <>
      {site ? <Header root={root} /> : null}
      <main id="contenido" className="flex-1">
        <GeneralErrorBoundary error={error} />
      </main>
      {site ? <SiteFooter site={site} /> : null}
    </>
  );
}
