// The whole 'Mi Perfil' page of both panels (/user/profile, /admin/profile): the profile and its
// forms, 'Descargar mis datos' and 'Eliminar mi cuenta'. The routes only guard and pass data.
import { isDeleteAccountData } from "~/features/privacy/account-deletion.ts";
import type { ProfileScreenData } from "~/features/profile/profile.server.ts";
import { PreferencesCard } from "~/features/notifications/components/preferences-card.tsx";
import { DeleteAccountCard } from "~/features/privacy/components/delete-account-card.tsx";
import { MyDataCard } from "~/features/privacy/components/my-data-card.tsx";
import { ProfilePanel } from "./profile-panel.tsx";

type PanelActionData = Parameters<typeof ProfilePanel>[0]["actionData"];
type DeleteActionData = Parameters<typeof DeleteAccountCard>[0]["actionData"];
type PreferencesActionData = { preferencesError: string; preferencesValues: Record<string, unknown> };

function isPreferencesData(value: unknown): value is PreferencesActionData {
  return typeof value === "object" && value !== null && "preferencesError" in value;
}

export function ProfileScreen({
  loaderData,
  actionData,
}: {
  loaderData: ProfileScreenData;
  actionData: PanelActionData | DeleteActionData | PreferencesActionData;
}) {
  const preferences = isPreferencesData(actionData) ? actionData : undefined;
  // 'Eliminar mi cuenta' answers its own form; the panel's forms the rest.
  const deleting = isDeleteAccountData(actionData) ? actionData : undefined;
  return (
    <>
      <ProfilePanel
        profile={loaderData.profile}
        unknownMessage={loaderData.unknownMessage}
        sessions={loaderData.sessions}
        actionData={isDeleteAccountData(actionData) || isPreferencesData(actionData) ? undefined : actionData}
      />
      {loaderData.profile ? (
        <PreferencesCard
          preferences={loaderData.notifications}
          noticesOn={loaderData.profile.avisosCorreo}
          error={preferences?.preferencesError}
          values={preferences?.preferencesValues}
        />
      ) : null}
      {loaderData.profile ? <MyDataCard /> : null}
      {loaderData.profile ? (
        <DeleteAccountCard view={loaderData.deletion} correo={loaderData.profile.correo} actionData={deleting} />
      ) : null}
    </>
  );
}
