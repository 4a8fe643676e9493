import { requirePanelUser } from "~/features/auth/guards.server.ts";
import { ProfilePanel } from "~/features/users/components/profile-panel.tsx";
import { loadProfilePage, profileFormAction } from "~/features/users/profile.server.ts";
import type { Route } from "./+types/profile";

// /user/profile (docs/product.md#profile): guarded here too, a loader of its own never relies on the layout.
export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return loadProfilePage(user.id);
}

export async function action(args: Route.ActionArgs) {
  const user = await requirePanelUser(args);
  return profileFormAction(args.request, user, "/user/profile");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePanel profile={loaderData.profile} unknownMessage={loaderData.unknownMessage} actionData={actionData} />
  );
}
