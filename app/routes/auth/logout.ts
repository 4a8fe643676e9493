import { redirect } from "react-router";
import { destroySession } from "~/features/auth/session.server.ts";
import type { Route } from "./+types/logout";

// Logout is a POST ('Salir' / 'Cerrar Sesión' are form buttons); a GET changes nothing.
export async function loader() {
  return redirect("/");
}

// Clear-Site-Data "cache": the browser's HTTP cache forgets this user's pages and files (a shared
// computer's Back button would show them). The offline copies go too: the next page says nobody is
// signed in (X-Offline-User: none) and the service worker deletes them (decision 014).
export async function action({ request }: Route.ActionArgs) {
  return redirect("/login", {
    headers: { "Set-Cookie": await destroySession(request), "Clear-Site-Data": '"cache"' },
  });
}
