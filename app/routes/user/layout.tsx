import { RolePanel, panelTitle } from "~/features/accounts/components/role-panel.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { requirePanelUser } from "~/features/accounts/guards.server.ts";
import { countToReview } from "~/features/questions/questions.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

// /user: the learners' panel; a docente on these shared pages keeps the teacher's panel (role-panel.tsx).
export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, panelTitle(loaderData?.rol));

export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return { nombre: user.nombre, rol: user.rol, review: user.rol === "docente" ? await countToReview(user.id) : 0 };
}

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const unread = useUnreadMessages();
  return <RolePanel rol={loaderData.rol} unreadBadge={<UnreadBadge count={unread} />} review={loaderData.review} />;
}
