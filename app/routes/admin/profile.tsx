import { requireAdmin } from "~/features/auth/guards.server.ts";
import { ProfilePanel } from "~/features/users/components/profile-panel.tsx";
import { listOpenSessions } from "~/features/auth/open-sessions.server.ts";
import { loadProfilePage, profilePageAction } from "~/features/users/profile.server.ts";
import { MyDataCard } from "~/features/users/components/my-data-card.tsx";
import { DeleteAccountCard } from "~/features/users/components/delete-account-card.tsx";
import { accountDeletionView } from "~/features/users/account-deletion.server.ts";
import { isDeleteAccountData } from "~/features/users/account-deletion.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/profile";

// /admin/profile (docs/product.md#profile): guarded here too, a loader of its own never relies on the layout.
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const [page, sessions, deletion] = await Promise.all([
    loadProfilePage(user.id),
    listOpenSessions(user.id, args.request),
    accountDeletionView(user),
  ]);
  return { ...page, sessions, deletion };
}

// A refused password change (429) says when to try again.
export const headers = keepRetryAfter;

export async function action(args: Route.ActionArgs) {
  const user = await requireAdmin(args);
  return profilePageAction(args.request, user, "/admin/profile");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  // 'Eliminar mi cuenta' answers its own form; the panel's forms the rest.
  const deleting = isDeleteAccountData(actionData) ? actionData : undefined;
  return (
    <>
      <ProfilePanel
        profile={loaderData.profile}
        unknownMessage={loaderData.unknownMessage}
        sessions={loaderData.sessions}
        actionData={isDeleteAccountData(actionData) ? undefined : actionData}
      />
      {loaderData.profile ? <MyDataCard /> : null}
      {loaderData.profile ? (
        <DeleteAccountCard view={loaderData.deletion} correo={loaderData.profile.correo} actionData={deleting} />
      ) : null}
    </>
  );
}
