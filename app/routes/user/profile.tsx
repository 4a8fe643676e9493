import { panelOfPath, requirePanelOfPath } from "~/features/accounts/guards.server.ts";
import { ProfileScreen } from "~/features/profile/components/profile-screen.tsx";
import { loadProfileScreen, profilePageAction } from "~/features/profile/profile.server.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/profile";

// 'Mi Perfil' (docs/product.md#profile) in each panel, guarded here too (a loader never relies on the layout).
function panel(args: Route.LoaderArgs | Route.ActionArgs) {
  return {
    user: requirePanelOfPath(args),
    path: `/${panelOfPath(args.request)}/profile`,
  };
}

export async function loader(args: Route.LoaderArgs) {
  return loadProfileScreen(await panel(args).user, args.request);
}

// A refused password change or deletion (429) says when to try again.
export const headers = keepRetryAfter;

export async function action(args: Route.ActionArgs) {
  const { user, path } = panel(args);
  return profilePageAction(args.request, await user, path);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileScreen loaderData={loaderData} actionData={actionData} />;
}
