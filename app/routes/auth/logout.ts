import { redirect } from "react-router";
import { signOutHeaders } from "~/features/privacy/account-deletion.server.ts";
import type { Route } from "./+types/logout";

// Logout is a POST ('Salir' / 'Cerrar Sesión' are form buttons); a GET changes nothing.
export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  return redirect("/login", { headers: await signOutHeaders(request) });
}
