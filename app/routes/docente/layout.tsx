import { RolePanel, panelTitle } from "~/features/auth/components/role-panel.tsx";
import { requireCourseStaff } from "~/features/auth/guards.server.ts";
import { isAdmin } from "~/features/auth/roles.ts";
import { countPendingUsers } from "~/features/users/users.server.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/layout";

// /docente: the teacher's panel (docs/product.md#course-teams), and the one tree of a course's
// pages, /docente/cursos/…, for its team and for admins, each page guarded per course
// (features/courses/team.server.ts; docs/decisions/036-one-course-management-tree.md). Each person
// keeps their own panel's menu (features/auth/components/role-panel.tsx).
export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, panelTitle(loaderData?.rol));

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCourseStaff(args);
  return { rol: user.rol, pending: isAdmin(user) ? await countPendingUsers() : 0 };
}

export default function DocenteLayout({ loaderData }: Route.ComponentProps) {
  return <RolePanel rol={loaderData.rol} pending={loaderData.pending} />;
}
