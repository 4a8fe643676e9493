// 'Mi Perfil' of every panel: plain POSTs (the edit multipart, the others with an `intent`).
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Email } from "~/components/ui/email.tsx";
import { OpenSessions } from "~/features/accounts/components/open-sessions.tsx";
import { PasswordChangeForm } from "~/features/accounts/components/password-change-form.tsx";
import { CHANGE_PASSWORD_INTENT } from "~/features/accounts/account-security.ts";
import type { ChangePasswordActionData } from "~/features/accounts/change-password.server.ts";
import { FileField, FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { fullName, initials, roleLabel } from "~/features/accounts/roles.ts";
import type { ProfileFields } from "~/features/accounts/profile-schema.ts";
import type { ProfileActionData, ProfileScreenData, ProfileView } from "~/features/profile/profile.server.ts";
import { PreferencesCard } from "~/features/notifications/components/preferences-card.tsx";
import { DELETE_ACCOUNT_INTENT } from "~/features/privacy/account-deletion.ts";
import type { DeleteAccountActionData } from "~/features/privacy/account-deletion.server.ts";
import { DeleteAccountCard } from "~/features/privacy/components/delete-account-card.tsx";
import { MyDataCard } from "~/features/privacy/components/my-data-card.tsx";
import { formatCalendarDate } from "~/lib/dates.ts";

/** The edit form's `intent`: the page's one action also serves the other forms. */
const PROFILE_INTENT = "perfil";

type PreferencesActionData = { preferencesError: string; preferencesValues: Record<string, unknown> };

export function ProfileScreen({
  loaderData: { profile, unknownMessage, sessions, deletion, notifications },
  actionData,
}: {
  loaderData: ProfileScreenData;
  actionData?: ProfileActionData | ChangePasswordActionData | DeleteAccountActionData | PreferencesActionData;
}) {
  // Each form shows only its own answer.
  const preferences = actionData && "preferencesError" in actionData ? actionData : undefined;
  const intent = actionData && "intent" in actionData ? actionData : undefined;
  const deleting = intent?.intent === DELETE_ACCOUNT_INTENT ? intent : undefined;
  const passwordData = intent?.intent === CHANGE_PASSWORD_INTENT ? intent : undefined;
  const profileData = actionData && "result" in actionData && !("intent" in actionData) ? actionData : undefined;
  return (
    <>
      <section>
        <h1 className="text-2xl font-bold text-slate-900">Mi Perfil</h1>
        {profile ? (
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <ProfileCard profile={profile} />
            {/* A new key after a saved change: the form starts fresh (file input emptied). */}
            <ProfileForm
              key={`${profile.correo}|${profile.avatarUrl ?? ""}`}
              profile={profile}
              actionData={profileData}
            />
            <PasswordChangeForm correo={profile.correo || (profile.usuario ?? "")} actionData={passwordData} />
            <OpenSessions view={sessions} />
          </div>
        ) : (
          <div role="alert" className="alert-error mt-6">
            {unknownMessage}
          </div>
        )}
      </section>
      {profile ? (
        <>
          <PreferencesCard
            preferences={notifications}
            noticesOn={profile.avisosCorreo}
            error={preferences?.preferencesError}
            values={preferences?.preferencesValues}
          />
          <MyDataCard />
          <DeleteAccountCard view={deletion} correo={profile.correo || (profile.usuario ?? "")} actionData={deleting} />
        </>
      ) : null}
    </>
  );
}

function Avatar({ profile, size }: { profile: ProfileView; size: number }) {
  const name = fullName(profile.nombre, profile.apellido);
  return (
    <span
      className={
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full " +
        "bg-brand-600 text-2xl font-bold text-white ring-4 ring-brand-100"
      }
      style={{ width: size, height: size }}
    >
      {profile.avatarUrl ? (
        <img
          src={profile.avatarUrl}
          alt={`Imagen de perfil de ${name || profile.correo || profile.usuario}`}
          width={size}
          height={size}
          className="h-full w-full object-cover"
        />
      ) : (
        <span aria-hidden="true">{initials(profile.nombre, profile.apellido)}</span>
      )}
    </span>
  );
}

function ProfileCard({ profile }: { profile: ProfileView }) {
  const name = fullName(profile.nombre, profile.apellido) || "Sin nombre";
  return (
    <div className="card p-6">
      <div className="flex items-center gap-4">
        <Avatar profile={profile} size={80} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">{roleLabel(profile.rol)}</p>
        </div>
      </div>
      <dl className="mt-6 space-y-3 text-sm">
        <Row label="Nombre" value={profile.nombre || "—"} />
        <Row label="Apellido" value={profile.apellido || "—"} />
        {profile.usuario ? <Row label="Usuario" value={<span className="font-mono">{profile.usuario}</span>} /> : null}
        <Row label="Correo" value={profile.correo ? <Email value={profile.correo} /> : "Sin correo"} />
        {profile.correoPendiente ? (
          <Row
            label="Correo por confirmar"
            value={
              <>
                <Email value={profile.correoPendiente} /> (revisa ese correo y abre el enlace que te enviamos)
              </>
            }
          />
        ) : null}
        <Row label="Rol" value={roleLabel(profile.rol)} />
        <Row label="Fecha de nacimiento" value={formatCalendarDate(profile.fechaNacimiento)} />
      </dl>
    </div>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid gap-x-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

function ProfileForm({ profile, actionData }: { profile: ProfileView; actionData?: ProfileActionData }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === PROFILE_INTENT;
  const [form, fields] = useServerForm<ProfileFields>("perfil", actionData?.result, {
    ...profile,
    fechaNacimiento: profile.fechaNacimiento?.slice(0, 10) ?? "",
    avisosCorreo: profile.avisosCorreo ? "on" : undefined,
  });
  const image = fields.imagenPerfil;
  const remove = getInputProps(fields.quitarImagen, { type: "checkbox" });
  const notices = getInputProps(fields.avisosCorreo, { type: "checkbox" });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card space-y-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Editar perfil</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value={PROFILE_INTENT} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.nombre} label="Nombre" autoComplete="given-name" required />
        <TextField field={fields.apellido} label="Apellido" autoComplete="family-name" required />
      </div>
      <TextField field={fields.fechaNacimiento} label="Fecha de nacimiento" type="date" autoComplete="bday" required />
      <TextField
        field={fields.correo}
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        required={profile.correo !== ""}
        hint={profile.correo ? undefined : "Opcional: si tienes un correo, agrégalo aquí."}
      />
      <FileField
        field={image}
        label="Imagen de perfil"
        accept="image/jpeg,image/png,image/webp"
        hint="JPEG, PNG o WebP."
      />
      {profile.avatarUrl ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input {...remove} key={remove.key} />
          Quitar la imagen actual
        </label>
      ) : null}
      <input type="hidden" name="conAvisos" value="1" />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input {...notices} key={notices.key} className="mt-1" />
        <span>
          Recibir por correo avisos de mensajes nuevos y otros avisos opcionales (los correos necesarios para tu cuenta
          llegan siempre)
        </span>
      </label>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Guardando..." : "Guardar cambios"}
      </button>
    </Form>
  );
}
