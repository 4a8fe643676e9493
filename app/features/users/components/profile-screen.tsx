// The whole 'Mi Perfil' page of both panels (/user/profile, /admin/profile): the profile and its
// forms, 'Descargar mis datos' and 'Eliminar mi cuenta'. The routes only guard and pass data.
import { isDeleteAccountData } from "~/features/users/account-deletion.ts";
import type { ProfileScreenData } from "~/features/users/profile.server.ts";
import { DeleteAccountCard } from "./delete-account-card.tsx";
import { MyDataCard } from "./my-data-card.tsx";
import { ProfilePanel } from "./profile-panel.tsx";

type PanelActionData = Parameters<typeof ProfilePanel>[0]["actionData"];
type DeleteActionData = Parameters<typeof DeleteAccountCard>[0]["actionData"];

export function ProfileScreen({
  loaderData,
  actionData,
}: {
  loaderData: ProfileScreenData;
  actionData: PanelActionData | DeleteActionData;
}) {
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
