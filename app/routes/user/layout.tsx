import { RolePanel, panelTitle } from "~/features/auth/components/role-panel.tsx";
import { requirePanelUser } from "~/features/auth/guards.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

// /user: the learners' panel; a docente on these shared pages keeps the teacher's panel
// (the panel follows the signed-in role: features/auth/components/role-panel.tsx).
export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, panelTitle(loaderData?.rol));

export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return { nombre: user.nombre, rol: user.rol };
}

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return <RolePanel rol={loaderData.rol} />;
}
