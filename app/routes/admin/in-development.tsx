import { Placeholder } from "~/components/panel-layout.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import type { Route } from "./+types/in-development";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function InDevelopment() {
  return <Placeholder title="Panel Administrador">Contenido en desarrollo</Placeholder>;
}
