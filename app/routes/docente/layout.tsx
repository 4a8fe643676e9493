import { RolePanel, panelTitle } from "~/features/accounts/components/role-panel.tsx";
import { requireCourseStaff } from "~/features/accounts/guards.server.ts";
import { isAdmin } from "~/features/accounts/roles.ts";
import { countPendingUsers } from "~/features/accounts/users.server.ts";
import { countQueue } from "~/features/assignments/review.server.ts";
import { countToReview } from "~/features/questions/questions.server.ts";
import { UnreadBadge, useUnreadMessages } from "~/features/messages/components/unread-badge.tsx";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

// /docente: the teacher's panel (docs/product.md#course-teams), and the one tree of a course's
// pages, /docente/cursos/…, for its team and for admins, each page guarded per course
// (features/courses/team.server.ts; docs/decisions/036-one-course-management-tree.md). Each person
// keeps their own panel's menu (features/accounts/components/role-panel.tsx).
export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, panelTitle(loaderData?.rol));

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCourseStaff(args);
  const [pending, review] = await Promise.all([
    isAdmin(user) ? countPendingUsers() : 0,
    // 'Para revisar': the questions and the hand-ins waiting (each counted up to 100: the badge says 99+).
    user.rol === "docente" ? Promise.all([countToReview(user.id), countQueue(user.id)]).then(([q, e]) => q + e) : 0,
  ]);
  return { rol: user.rol, pending, review };
}

export default function DocenteLayout({ loaderData }: Route.ComponentProps) {
  const unread = useUnreadMessages();
  const { rol, pending, review } = loaderData;
  return <RolePanel rol={rol} unreadBadge={<UnreadBadge count={unread} />} pending={pending} review={review} />;
}
