import { RolePanel, panelTitle } from "~/features/accounts/components/role-panel.tsx";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { requireDocente } from "~/features/accounts/guards.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

// /docente: the teacher's panel (docs/product.md#course-teams). Their courses as a teacher and,
// as before, the courses they take; the pages of one course are the admin's route modules,
// guarded per course (features/courses/team.server.ts). The menu is the one a docente has on
// /user's pages too (features/accounts/components/role-panel.tsx).
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, panelTitle("docente"));

export async function loader(args: Route.LoaderArgs) {
  await requireDocente(args);
  return null;
}

export default function DocenteLayout() {
  const unread = useUnreadMessages();
  return <RolePanel rol="docente" unreadBadge={<UnreadBadge count={unread} />} />;
}
