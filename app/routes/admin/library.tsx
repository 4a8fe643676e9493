import { Placeholder } from "~/components/panel-layout.tsx";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import type { Route } from "./+types/library";

// Built in its own issue. Guarded here too: a loader of its own must never rely on the layout.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function Page() {
  return <Placeholder title="Biblioteca" />;
}
