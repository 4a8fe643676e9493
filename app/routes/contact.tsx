import { useRouteLoaderData } from "react-router";
import { pageTitle } from "~/lib/meta.ts";
import type { loader as rootLoader } from "~/root.tsx";
import type { Route } from "./+types/contact";

// The contact form comes with its own issue; the details are shown already.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Contacto");

export default function Contact() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const site = root?.site;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Contacto</h1>
      {site ? (
        <ul className="card mt-6 space-y-2 p-6 text-slate-700">
          <li>Teléfono: {site.phone}</li>
          <li>
            Correo: <a href={`mailto:${site.email}`} className="text-brand-700 hover:underline">{site.email}</a>
          </li>
          <li>Dirección: {site.address}</li>
        </ul>
      ) : null}
    </div>
  );
}
