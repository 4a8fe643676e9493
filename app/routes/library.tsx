import { requireUser } from "~/features/auth/guards.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/library";

// The library is for signed-in users (SPEC §6); its pages come with the library issue.
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Biblioteca");

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return null;
}

export default function Library() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Biblioteca</h1>
      <p className="card mt-6 p-6 text-slate-600">Contenido en desarrollo</p>
    </div>
  );
}
