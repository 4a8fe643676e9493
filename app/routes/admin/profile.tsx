import { requireAdmin } from "~/features/auth/guards.server.ts";
import { ProfilePanel } from "~/features/users/components/profile-panel.tsx";
import { listOpenSessions } from "~/features/auth/open-sessions.server.ts";
import { loadProfilePage, profilePageAction } from "~/features/users/profile.server.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/profile";

// /admin/profile (docs/product.md#profile): guarded here too, a loader of its own never relies on the layout.
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const [page, sessions] = await Promise.all([loadProfilePage(user.id), listOpenSessions(user.id, args.request)]);
  return { ...page, sessions };
}

// A refused password change (429) says when to try again.
export const headers = keepRetryAfter;

export async function action(args: Route.ActionArgs) {
  const user = await requireAdmin(args);
  return profilePageAction(args.request, user, "/admin/profile");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePanel
      profile={loaderData.profile}
      unknownMessage={loaderData.unknownMessage}
      sessions={loaderData.sessions}
      actionData={actionData}
    />
  );
}
