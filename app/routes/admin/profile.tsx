import { requireAdmin } from "~/features/auth/guards.server.ts";
import { ProfilePanel } from "~/features/users/components/profile-panel.tsx";
import { loadProfilePage, profileFormAction } from "~/features/users/profile.server.ts";
import type { Route } from "./+types/profile";

// /admin/profile (docs/product.md#profile): guarded here too, a loader of its own never relies on the layout.
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  return loadProfilePage(user.id);
}

export async function action(args: Route.ActionArgs) {
  const user = await requireAdmin(args);
  return profileFormAction(args.request, user, "/admin/profile");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePanel profile={loaderData.profile} unknownMessage={loaderData.unknownMessage} actionData={actionData} />
  );
}
