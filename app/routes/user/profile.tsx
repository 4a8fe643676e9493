import { requirePanelUser } from "~/features/accounts/guards.server.ts";
import { ProfileScreen } from "~/features/profile/components/profile-screen.tsx";
import { loadProfileScreen, profilePageAction } from "~/features/profile/profile.server.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/profile";

// /user/profile (docs/product.md#profile): guarded here too, a loader of its own never relies on the layout.
export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return loadProfileScreen(user, args.request);
}

// A refused password change or deletion (429) says when to try again.
export const headers = keepRetryAfter;

export async function action(args: Route.ActionArgs) {
  const user = await requirePanelUser(args);
  return profilePageAction(args.request, user, "/user/profile");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileScreen loaderData={loaderData} actionData={actionData} />;
}
