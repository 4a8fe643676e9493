// An admin's one-time password link (docs/product.md#password-recovery), shown once, never e-mailed or stored.
import { data, Link } from "react-router";
import { Email } from "~/components/ui/email.tsx";
import { PasswordLinkButton } from "~/features/accounts/components/password-link-button.tsx";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { createAdminResetLink } from "~/features/accounts/recovery.server.ts";
import { RESET_LINK_SELF } from "~/features/accounts/recovery-texts.ts";
import { fullName, roleLabel } from "~/features/accounts/roles.ts";
import { CopyUrlField } from "~/features/certificates/components/copy-url-field.tsx";
import { getUser, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import type { Route } from "./+types/password-link";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const user = await getUser(args.params.userId);
  invariantResponse(user, USER_NOT_FOUND, { status: 404 });
  return data({ user, self: user.id === admin.id }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const outcome = await createAdminResetLink(admin, args.params.userId, args.request);
  if (!outcome.ok) {
    return data({ ok: false as const, message: outcome.message }, { status: outcome.status, headers: NO_STORE });
  }
  return data(
    { ok: true as const, url: outcome.url, expiresAt: outcome.expiresAt.toISOString() },
    { headers: NO_STORE },
  );
}

export default function PasswordLink({ loaderData, actionData }: Route.ComponentProps) {
  const { user, self } = loaderData;
  const name = fullName(user.nombre, user.apellido) || "Sin nombre";
  return (
    <section className="max-w-2xl">
      <p>
        <Link to="/admin/records" className="text-sm text-brand-700 hover:underline">
          ← Volver a Registros
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Enlace para restablecer contraseña</h1>
      <div className="card mt-6 space-y-3 p-6">
        <p className="text-slate-700">
          <strong>{name}</strong> (<Email value={user.correo} />) · {roleLabel(user.rol)}
          {user.aprobado ? "" : user.suspendidoEn ? " · Suspendida" : " · Pendiente de aprobación"}
        </p>
        <p className="text-sm text-slate-600">
          Para quien no puede leer su correo. El enlace sirve una sola vez durante 24 horas; no se envía por correo:
          entrégalo tú a la persona. Crear uno nuevo anula los anteriores. Al usarlo se cierran todas sus sesiones.
          {user.aprobado ? "" : " La cuenta seguirá sin poder ingresar hasta que la apruebes."}
        </p>
        {actionData?.ok ? (
          <div role="status" className="alert-success">
            <p>Enlace creado. Entrégalo a la persona: sirve una sola vez durante 24 horas y no se volverá a mostrar.</p>
            <p className="mt-1 text-sm">Vence el {formatDateTime(actionData.expiresAt)}.</p>
            <CopyUrlField url={actionData.url} label="Enlace para la persona" className="mt-3" />
          </div>
        ) : actionData ? (
          <div role="alert" className="alert-error">
            {actionData.message}
          </div>
        ) : null}
        {self ? <p className="text-sm text-slate-700">{RESET_LINK_SELF}</p> : <PasswordLinkButton userId={user.id} />}
      </div>
    </section>
  );
}
