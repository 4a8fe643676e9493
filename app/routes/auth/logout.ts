import { redirect } from "react-router";
import { destroySession } from "~/features/accounts/session.server.ts";
import { clearOfflineMarker } from "~/features/offline/offline.server.ts";
import type { Route } from "./+types/logout";

// Logout is a POST ('Salir' / 'Cerrar Sesión' are form buttons); a GET changes nothing.
export async function loader() {
  return redirect("/");
}

// Clear-Site-Data "cache": the browser's HTTP cache forgets this user's pages and files (a shared
// computer's Back button would show them). The offline copies go too: the next page says nobody is
// signed in (X-Offline-User: none) and the service worker deletes them; the offline sign-in marker
// goes with the session cookie, so that offline, the worker shows nothing kept (decision 014).
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers({ "Clear-Site-Data": '"cache"' });
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", clearOfflineMarker());
  return redirect("/login", { headers });
}
