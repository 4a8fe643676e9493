// 'Eliminar mi cuenta' (docs/product.md#suspension-and-deletion): a URL-addressed dialog and a plain POST.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { UrlDialog } from "~/components/ui/url-dialog.tsx";
import {
  certificateChoiceLabel,
  CERTIFICATE_CHOICES,
  DEFAULT_CERTIFICATE_CHOICE,
  DELETE_ACCOUNT_INTENT,
  DELETE_ACCOUNT_PARAM,
  DELETED_SENDER,
  LAST_ADMIN,
} from "~/features/privacy/account-deletion.ts";
import type { DeleteAccountFields } from "~/features/privacy/account-deletion-schema.ts";
import type { AccountDeletionView, DeleteAccountActionData } from "~/features/privacy/account-deletion.server.ts";

export function DeleteAccountCard({
  view,
  correo,
  actionData,
}: {
  view: AccountDeletionView;
  /** The account's address, for password managers (not sent). */
  correo: string;
  actionData?: DeleteAccountActionData;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const open = params.has(DELETE_ACCOUNT_PARAM);
  params.delete(DELETE_ACCOUNT_PARAM);
  const closeHref = params.size ? `${pathname}?${params}` : pathname;
  params.set(DELETE_ACCOUNT_PARAM, "1");
  const openHref = `${pathname}?${params}`;

  return (
    <section aria-labelledby="eliminar-mi-cuenta" className="card mt-6 space-y-4 border-red-200 p-6">
      <h2 id="eliminar-mi-cuenta" className="text-lg font-semibold text-slate-900">
        Eliminar mi cuenta
      </h2>
      <p className="text-sm text-slate-600">
        Borra tu cuenta y tus datos personales de inmediato y para siempre. Antes de confirmar verás qué se borra
        {view.certificados > 0 ? " y podrás elegir qué pasa con tus certificados" : ""}.
      </p>
      {view.lastAdmin ? (
        <p className="alert-info">{LAST_ADMIN}</p>
      ) : (
        <Link to={openHref} preventScrollReset className="btn-danger">
          Eliminar mi cuenta
        </Link>
      )}
      {open ? (
        <UrlDialog title="¿Eliminar tu cuenta?" closeHref={closeHref} labelledBy="eliminar-cuenta-titulo">
          {view.lastAdmin ? (
            <div className="space-y-4">
              <p role="alert" className="alert-error">
                {LAST_ADMIN}
              </p>
              <Link to={closeHref} replace preventScrollReset className="btn-ghost">
                Cerrar
              </Link>
            </div>
          ) : (
            <DeleteAccountForm
              view={view}
              correo={correo}
              actionData={actionData}
              action={openHref}
              closeHref={closeHref}
            />
          )}
        </UrlDialog>
      ) : null}
    </section>
  );
}

function DeleteAccountForm({
  view,
  correo,
  actionData,
  action,
  closeHref,
}: {
  view: AccountDeletionView;
  correo: string;
  actionData?: DeleteAccountActionData;
  action: string;
  closeHref: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === DELETE_ACCOUNT_INTENT;
  const [form, fields] = useServerForm<DeleteAccountFields>("eliminar-cuenta", actionData?.result, {
    certificados: DEFAULT_CERTIFICATE_CHOICE,
  });
  const choice = fields.certificados;
  // Field messages are shown under their fields; screen readers hear them at once too.
  const announced = [...(fields.password.errors ?? []), ...(choice.errors ?? [])];

  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="space-y-4 text-sm">
      <FormErrors id={form.errorId} errors={form.errors} />
      {announced.length ? (
        <p role="alert" className="sr-only">
          {announced.join(" ")}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
      {/* For password managers: the account whose password this is (not sent). */}
      <input type="email" autoComplete="username" value={correo} readOnly hidden />
      <div className="space-y-2 text-slate-700">
        <p className="font-medium text-slate-900">Se borrará ahora mismo y para siempre:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>tu perfil: nombre, correo, fecha de nacimiento e imagen;</li>
          <li>tus inscripciones en cursos y los resultados de tus evaluaciones;</li>
          <li>los mensajes que recibiste;</li>
          <li>tus sesiones abiertas en todos los navegadores y aplicaciones.</li>
        </ul>
        <p>
          Los mensajes que enviaste seguirán con quienes los recibieron, pero como remitente dirán «{DELETED_SENDER}».
          Esta acción no se puede deshacer.
        </p>
      </div>
      {view.certificados > 0 ? (
        <fieldset
          className="space-y-2"
          aria-invalid={choice.errors?.length ? true : undefined}
          aria-describedby={choice.errors?.length ? choice.errorId : undefined}
        >
          <legend className="label">
            {view.certificados === 1 ? "Tu certificado" : `Tus ${view.certificados} certificados`}
          </legend>
          {CERTIFICATE_CHOICES.map((value) => {
            const props = getInputProps(choice, { type: "radio", value });
            return (
              <label key={value} className="flex items-start gap-2 text-slate-700">
                <input {...props} key={props.key} className="mt-1" />
                <span>{certificateChoiceLabel(value, { own: true, count: view.certificados })}</span>
              </label>
            );
          })}
          {choice.errors?.length ? (
            <p id={choice.errorId} className="field-error">
              {choice.errors.join(" ")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <TextField
        field={fields.password}
        label="Tu contraseña"
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={closeHref} replace preventScrollReset className="btn-ghost">
          Cancelar
        </Link>
        <button type="submit" className="btn-danger" disabled={submitting}>
          {submitting ? "Eliminando..." : "Eliminar mi cuenta definitivamente"}
        </button>
      </div>
    </Form>
  );
}
